import Foundation
import SharedInstancesTesting
import SpyTestSupport
import Testing

/// Counting, waiting for and stubbing calls by their arguments, with a predicate.
@Suite struct SpyMatchingTests {
  @Test func countsAndListsTheCallsWhoseArgumentsMatch() {
    let spy = FileStoreSpy()
    spy.stub(.open, returning: "contents")
    for id in 1...5 { _ = try? spy.open(id: id) }
    spy.refresh()
    #expect(spy.callCount { if case .open(let id) = $0 { id > 3 } else { false } } == 2)
    #expect(
      spy.calls { if case .open(let id) = $0 { id > 3 } else { false } } == [
        .open(id: 4), .open(id: 5),
      ]
    )
    #expect(spy.callCount { _ in false } == 0)
  }

  @Test func aConditionalStubAnswersOnlyTheCallsItMatches() throws {
    let spy = FileStoreSpy()
    spy.stub(.open, returning: "small")
    spy.stub(
      .open,
      where: { if case .open(let id) = $0 { id > 3 } else { false } },
      returning: "large"
    )
    #expect(try spy.open(id: 4) == "large")
    #expect(try spy.open(id: 1) == "small")
  }

  @Test func theNewestMatchingConditionalStubWins() throws {
    let spy = FileStoreSpy()
    spy.stub(.open, where: { _ in true }, returning: "any")
    spy.stub(.open, where: { $0 == .open(id: 2) }, returning: "two")
    #expect(try spy.open(id: 2) == "two")
    #expect(try spy.open(id: 3) == "any")
  }

  @Test func aConditionalErrorWinsOverTheMethodsValue() {
    let spy = FileStoreSpy()
    spy.stub(.open, returning: "contents")
    spy.stub(.open, where: { $0 == .open(id: -1) }, throwing: FileStoreError.notFound(-1))
    #expect(throws: FileStoreError.notFound(-1)) { try spy.open(id: -1) }
    #expect(throws: Never.self) { try spy.open(id: 1) }
  }

  @Test func aCallThatMatchesNoConditionalStubIsStillUnstubbed() {
    let spy = FileStoreSpy()
    spy.stub(.size, where: { $0 == .size(of: 1) }, returning: 10)
    #expect(spy.size(of: 1) == 10)
    withKnownIssue {
      #expect(spy.size(of: 2) == -1)
    } matching: { issue in
      text(of: issue).contains("Unstubbed call: FileStoreSpy.size received size(of: 2)")
    }
  }

  @Test func waitsForACallWithGivenArguments() async {
    let spy = FileStoreSpy()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) {
      _ = spy.owner(of: 1)
      _ = spy.owner(of: 7)
    }
    #expect(await spy.waitUntilCalled { $0 == .owner(of: 7) })
    #expect(spy.calls(to: .owner).contains(.owner(of: 7)))
  }

  @Test func callsWithOtherArgumentsDoNotEndTheWait() async {
    let spy = FileStoreSpy()
    _ = spy.owner(of: 1)
    await withKnownIssue {
      #expect(
        await spy.waitUntilCalled(timeout: .milliseconds(50)) { $0 == .owner(of: 2) } == false
      )
    } matching: { issue in
      let text = text(of: issue)
      return text.contains("waiting for a call to FileStoreSpy matching the predicate at")
        && text.contains("it was called 0 times")
        && issue.sourceLocation?.fileName == "SpyMatchingTests.swift"
    }
  }

  @Test func aResetStartsAMatchingWaitsCountAgain() async {
    let spy = FileStoreSpy()
    _ = spy.owner(of: 1)
    spy.resetSpyCalls()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { _ = spy.owner(of: 1) }
    #expect(await spy.waitUntilCalled(times: 1) { $0 == .owner(of: 1) })
    #expect(spy.callCount { $0 == .owner(of: 1) } == 1)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func waitsTakeADuration() async {
    let spy = FileStoreSpy()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { spy.refresh() }
    #expect(await spy.waitUntilCalled(.refresh, timeout: .seconds(5)))
    #expect(await spy.waitUntilCalled(timeout: .seconds(5)) { $0 == .refresh })
    await withKnownIssue {
      #expect(await spy.waitUntilCalled(.open, timeout: .milliseconds(50)) == false)
    } matching: { issue in
      text(of: issue).contains("Timed out after 0.05 seconds waiting for FileStoreSpy.open")
    }
  }
}
