import Foundation
import SharedInstancesTesting
import SpyCorpus
import Testing

/// Labels, unnamed and internal names, overloads: recording, stubbing, sequences, errors,
/// unstubbed calls and waits through a generated spy.
@Suite struct DocumentStoreSpyTests {
  @Test func recordsEveryCallWithItsArgumentsInOrder() async throws {
    let spy = DocumentStoreSpy()
    spy.stub(.findName, returning: String?.none)
    spy.refresh()
    try spy.save("draft", to: "/tmp/a")
    try await spy.delete(named: "old")
    _ = spy.find(name: "a")
    #expect(
      spy.calls == [
        .refresh, .save(text: "draft", to: "/tmp/a"), .delete(named: "old"), .findName(name: "a"),
      ]
    )
  }

  @Test func overloadsAreStubbedAndCountedApart() {
    let spy = DocumentStoreSpy()
    spy.stub(.findId, returning: "by id")
    spy.stub(.findName, returning: "by name")
    spy.stub(.findNameIn, returning: ["a", "b"])
    #expect(spy.find(id: 1) == "by id")
    #expect(spy.find(name: "x") == "by name")
    #expect(spy.find(name: "x", in: "docs") == ["a", "b"])
    #expect(spy.callCount(to: .findId) == 1)
    #expect(spy.lastCall(to: .findNameIn) == .findNameIn(name: "x", in: "docs"))
  }

  @Test func aSequenceOfValuesThenTheLastOneRepeats() throws {
    let spy = DocumentStoreSpy()
    spy.stub(.open, returning: "one", "two")
    #expect(try spy.open(id: 1) == "one")
    #expect(try spy.open(id: 2) == "two")
    #expect(try spy.open(id: 3) == "two")
  }

  @Test func aStubbedErrorIsThrown() async {
    let spy = DocumentStoreSpy()
    spy.stub(.delete, throwing: CocoaError(.fileNoSuchFile))
    await #expect(throws: CocoaError.self) { try await spy.delete(named: "x") }
  }

  @Test func anUnstubbedCallFailsTheTest() {
    let spy = DocumentStoreSpy()
    withKnownIssue {
      _ = try? spy.open(id: 3)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("Unstubbed call: DocumentStoreSpy.open received open(id: 3)")
      }
    }
  }

  @Test func waitsForACallMadeOnAnotherThread() async {
    let spy = DocumentStoreSpy()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { spy.refresh() }
    #expect(await spy.waitUntilCalled(.refresh, timeout: .seconds(5)))
  }
}
