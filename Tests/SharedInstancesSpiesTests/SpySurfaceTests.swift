import Foundation
import SharedInstancesTesting
import SpyTestSupport
import Testing

/// `Spy`'s own surface under names no requirement is expected to have (`spyName`,
/// `resetSpy()`), and the familiar ones (`name`, `reset()`, `resetCalls()`, `resetStubs()`) in
/// a protocol extension, so that a double's requirement of any type stands beside them.
@Suite struct SpySurfaceTests {
  @Test func aRequirementResetRecordsTheCallAndResetSpyClears() throws {
    let ledger = LedgerSpy()
    ledger.stub(.total, returning: 7)
    try ledger.reset()
    ledger.resetCalls()
    #expect(ledger.calls == [.reset, .resetCalls])
    #expect(ledger.total() == 7)  // the requirements clear nothing
    ledger.resetSpy()
    #expect(ledger.calls == [])
    withKnownIssue {
      _ = ledger.total()
    } matching: { issue in
      text(of: issue).contains("Unstubbed call: LedgerSpy.total")
    }
  }

  @Test func aRequirementNameOfAnotherTypeIsTheDoublesAndSpyNameNamesIt() {
    let ledger = LedgerSpy()
    ledger.stub(.name, returning: 42)
    #expect(ledger.name == 42)
    #expect(ledger.spyName == "LedgerSpy")
    #expect(Spy<LedgerSpy.Call>(name: "Books").spyName == "Books")
  }

  @Test func throughSpyTheFamiliarNamesStillClear() {
    let ledger = LedgerSpy()
    ledger.stub(.total, returning: 7)
    _ = ledger.total()
    let spy: Spy<LedgerSpy.Call> = ledger
    spy.resetSpyCalls()
    #expect(ledger.calls == [])
    spy.resetSpy()
    withKnownIssue {
      _ = ledger.total()
    } matching: { issue in
      text(of: issue).contains("Unstubbed call: LedgerSpy.total")
    }
  }
}

// MARK: - Fixtures

private protocol Ledger: Sendable {
  var name: Int { get }
  func reset() throws
  func resetCalls()
  func total() -> Int
}

/// What `generate-spies` writes for `Ledger`: its requirements stand beside `Spy`'s members.
private final class LedgerSpy: Spy<LedgerSpy.Call>, Ledger, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case name, reset, resetCalls, total

    enum Method {
      case name, reset, resetCalls, total
    }

    var method: Method {
      switch self {
      case .name: .name
      case .reset: .reset
      case .resetCalls: .resetCalls
      case .total: .total
      }
    }
  }

  var name: Int { record(.name, placeholder: 0) }
  func reset() throws { try recordThrowing(.reset) }
  func resetCalls() { record(.resetCalls) }
  func total() -> Int { record(.total, placeholder: 0) }
}
