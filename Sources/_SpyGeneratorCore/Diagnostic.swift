/// A message from the generator about a protocol or a requirement it could not turn into a spy
/// as written.
///
/// ```swift
/// for diagnostic in output.diagnostics where diagnostic.severity == .error { print(diagnostic) }
/// ```
public struct Diagnostic: Equatable, CustomStringConvertible, Sendable {
  /// How serious the message is.
  public enum Severity: String, Sendable {
    /// The spy was not written.
    case error
    /// The spy was written, with a limitation the message explains.
    case warning
    /// Something the user may want to know.
    case note
  }

  /// How serious the message is.
  public let severity: Severity
  /// The message, naming the protocol, the requirement and what to do.
  public let message: String
  /// The modules whose symbol graphs the generator lacked to write the spy it refused (those of
  /// the protocol's parents), so that a caller that can read them generates again with them.
  public internal(set) var modulesToRead: [String] = []

  /// Creates a diagnostic.
  ///
  /// ```swift
  /// Diagnostic(.warning, "No spy for protocol Tracing: …")
  /// ```
  ///
  /// - Parameters:
  ///   - severity: How serious it is.
  ///   - message: What happened, naming the protocol and the requirement.
  public init(_ severity: Severity, _ message: String) {
    self.severity = severity
    self.message = message
  }

  /// `warning: …`, as compilers print them.
  public var description: String { "\(severity.rawValue): \(message)" }
}
