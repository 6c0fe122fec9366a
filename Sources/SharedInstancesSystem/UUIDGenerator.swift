import SharedInstances

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A source of new UUIDs: the value of ``SystemBoxes/uuid``.
///
/// Production code calls it where it would write `UUID()`; a test overrides the box with
/// predictable identifiers.
///
/// ```swift
/// let orderID = SystemBoxes.uuid.value()
///
/// // In a test (an `.isolatedShared` one):
/// let fixed = UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000000")!
/// SystemBoxes.uuid.override(with: UUIDGenerator { fixed })
/// ```
///
/// `SharedInstancesTesting` adds `.incrementing` (`00000000-0000-0000-0000-000000000000`,
/// `…0001`, …), `.constant(_:)` and `.unimplemented()`.
public struct UUIDGenerator: Sendable {
  /// Nil for the system's UUIDs: made inline, with no closure to call or retain.
  @usableFromInline let generate: (@Sendable () -> UUID)?

  /// Creates a generator that answers with what `generate` returns.
  ///
  /// ```swift
  /// let zero = UUIDGenerator { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
  /// ```
  ///
  /// - Parameter generate: Returns a new identifier. It may be called from any thread.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// Random UUIDs from the system, `UUID()`: the live value of ``SystemBoxes/uuid``.
  ///
  /// ```swift
  /// SystemBoxes.uuid.set(.system)
  /// ```
  public static var system: UUIDGenerator { UUIDGenerator(generate: nil) }

  init(generate: (@Sendable () -> UUID)?) { self.generate = generate }

  /// Returns a new identifier.
  ///
  /// ```swift
  /// let orderID = SystemBoxes.uuid.value()
  /// ```
  ///
  /// - Returns: A new UUID, as this generator makes them.
  @inlinable public func callAsFunction() -> UUID {
    if let generate { return generate() }
    return UUID()
  }
}
