import Foundation
import SharedInstancesTesting
import SpyCorpus
import Testing

/// Requirements named like members of `Spy`: the spy inherits from `Spy` like every other, the
/// requirements with the name and type of its members override them, and the rest sit beside.
@Suite struct JournalSpyTests {
  @Test func overriddenMembersRecordTheCallAndAnswerTheirStubs() {
    let journal = JournalSpy()
    journal.stub(.name, returning: "travel")
    journal.stub(.description, returning: "a journal")
    #expect(journal.name == "travel")
    journal.name = "work"
    #expect("\(journal)" == "a journal")
    journal.reset()
    #expect(journal.calls == [.name, .setName(newValue: "work"), .description, .reset])
    #expect(journal.name == "travel")  // the requirement's reset() left the stubs alone
    journal.resetSpy()  // Spy's own, under a name no requirement takes
    #expect(journal.calls == [])
    #expect(journal.spyName == "JournalSpy")
  }

  @Test func requirementsThatOnlyShareANameSitBesideSpysMembers() {
    let journal = JournalSpy()
    journal.stub(.calls, returning: 7)
    journal.record(event: "opened")
    #expect(journal.calls() == 7)
    #expect(journal.calls == [.record(event: "opened"), .calls])
    #expect(journal.callCount(to: .record) == 1)
  }

  @Test func anUnstubbedCallNamesTheSpyWithoutCallingItsName() {
    let journal = JournalSpy()
    withKnownIssue {
      _ = journal.calls()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("Unstubbed call: JournalSpy.calls")
    }
    #expect(journal.calls == [.calls])
  }

  @Test func closuresAreKeptBySpysOwnKeepWhileTheRequirementIsRecorded() {
    let journal = JournalSpy()
    let flushed = Flushed()
    journal.keep(3, as: "page")
    journal.flush { flushed.set($0) }
    journal.flushCompletion?(true)
    #expect(flushed.value == true)
    #expect(journal.calls == [.keep(value: SpyArgument(3), as: "page"), .flush])
  }
}

// MARK: - Fixtures

/// What a completion handler received, from any thread.
private final class Flushed: @unchecked Sendable {
  // @unchecked: `received` is only touched under `lock`.
  private let lock = NSLock()
  private var received: Bool?

  var value: Bool? { lock.withLock { received } }

  func set(_ value: Bool) { lock.withLock { received = value } }
}
