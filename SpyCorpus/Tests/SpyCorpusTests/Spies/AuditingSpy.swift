import SharedInstancesTesting
import SpyCorpus

/// A hand-written spy in the generated spies' folder: `Auditing` is listed under "skip" in
/// generate-spies.json, so the generator leaves this file alone.
final class AuditingSpy: Spy<AuditingSpy.Call>, Auditing, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case audit(event: String, severity: Int)

    enum Method { case audit }

    var method: Method { .audit }
  }

  func audit(_ event: String, severity: Int) {
    record(.audit(event: event, severity: severity))
  }
}
