import Foundation
import SharedInstancesTesting
import SpyCorpus
import Testing

/// Effects and results: async, throws, typed throws, optional and tuple results.
@Suite struct LoadingSpyTests {
  @Test func asyncAndThrowingRequirementsAnswerWhatWasStubbed() async throws {
    let spy = LoadingSpy()
    spy.stub(.load, returning: 3)
    spy.stub(.fetch, returning: ["a"])
    #expect(await spy.load() == 3)
    #expect(try await spy.fetch() == ["a"])
    #expect(spy.calls == [.load, .fetch])
  }

  @Test func aTypedThrowThrowsTheStubbedErrorOfItsType() throws {
    let spy = LoadingSpy()
    spy.stub(.parse, throwing: ParseError.empty)
    #expect(throws: ParseError.empty) { try spy.parse("") }
    spy.resetStubs(for: .parse)
    spy.stub(.parse, returning: 42)
    #expect(try spy.parse("42") == 42)
  }

  @Test func tupleAndOptionalResults() {
    let spy = LoadingSpy()
    spy.stub(.measure, returning: (width: 2, height: 3))
    spy.stub(.lookUp, returning: Bool?.some(true))
    #expect(spy.measure() == (width: 2, height: 3))
    #expect(spy.lookUp(key: "k") == true)
  }

  @Test func anUnstubbedResultFailsAndReturnsAPlaceholder() async {
    let spy = LoadingSpy()
    await withKnownIssue {
      #expect(await spy.load() == 0)
      #expect(spy.measure() == (width: 0, height: 0))
      #expect(spy.lookUp(key: "k") == nil)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Unstubbed call: LoadingSpy.") }
    }
  }

  @Test func anUnstubbedAsyncThrowingCallIsReportedOnce() async throws {
    let spy = LoadingSpy()
    let count = Counter()
    try await withKnownIssue {
      _ = try await spy.fetch()
    } matching: { _ in
      count.increment()
      return true
    }
    #expect(count.value == 1)
  }
}

/// Counts from a `@Sendable` closure.
final class Counter: @unchecked Sendable {
  // @unchecked: `lock` guards `count`.
  private let lock = NSLock()
  private var count = 0
  var value: Int { lock.withLock { count } }
  func increment() { lock.withLock { count += 1 } }
}
