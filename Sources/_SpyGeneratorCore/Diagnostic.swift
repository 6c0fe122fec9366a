/// A message from the generator about a protocol or a requirement it could not turn into a spy
/// as written.
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

  /// Creates a diagnostic.
  public init(_ severity: Severity, _ message: String) {
    self.severity = severity
    self.message = message
  }

  /// `warning: …`, as compilers print them.
  public var description: String { "\(severity.rawValue): \(message)" }
}
