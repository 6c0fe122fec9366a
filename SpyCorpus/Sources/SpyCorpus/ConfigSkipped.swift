// Protocols that get no generated spy, left out in the two ways a project does it.

/// A bridge to a runtime whose double the tests write by hand: the doc-comment line below keeps
/// the generator away from it, with no diagnostic.
///
/// spy: skip
public protocol RuntimeBridging: Sendable {
  func perform(_ selector: String, with argument: String) -> String
}

/// Listed under "skip" in generate-spies.json: its double, `AuditingSpy`, is written by hand
/// in the spies folder, and the generator neither writes nor removes it.
public protocol Auditing: Sendable {
  func audit(_ event: String, severity: Int)
}
