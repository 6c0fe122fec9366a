// Named boxes: every initializer takes an optional `name`
// (`Resettable(name: "MetricsSystem.factory") { … }`), so that two boxes of one type are told
// apart by their names, not only by where they are declared.

extension Resettable {
  /// The name the box was declared with, if any.
  ///
  /// Every message, dependency record and dependency map shows a named box by its name, and
  /// by its type and declaration next to it:
  /// `MetricsSystem.factory (Resettable<MetricsFactory>, declared at Metrics/System.swift:4)`.
  ///
  /// ```swift
  /// enum MetricsSystem {
  ///   static let factory = Resettable<any MetricsFactory>(name: "MetricsSystem.factory") {
  ///     NoOpMetricsFactory()
  ///   }
  /// }
  /// #expect(MetricsSystem.factory.name == "MetricsSystem.factory")
  /// ```
  public var name: String? { _identity.name }
}
