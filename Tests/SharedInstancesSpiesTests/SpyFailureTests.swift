import Foundation
import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import TestSupport
import Testing

/// The test failures a spy reports into Swift Testing, and what they say.
@Suite(TimeLimits.waiting) struct SpyFailureTests {
  @Test func anUnstubbedCallFailsTheTestNamingTheDoubleAndTheMethod() {
    let spy = FileStoreSpy()
    withKnownIssue {
      // In a Swift Testing test it stops the way `#require` does: one issue, and an error the
      // runner does not report again.
      #expect(throws: ExpectationFailedError.self) { try spy.open(id: 3) }
    } matching: { issue in
      let text = text(of: issue)
      return text.contains("Unstubbed call: FileStoreSpy.open received open(id: 3)")
        && text.contains("must return String")
        && text.contains("spy.stub(.open, returning: …)")
        && text.contains("in test anUnstubbedCallFailsTheTestNamingTheDoubleAndTheMethod()")
    }
    #expect(spy.calls == [.open(id: 3)])
  }

  @Test func anUnstubbedCallOffTheTestsTaskThrowsUnstubbedCallError() {
    let spy = FileStoreSpy()
    let error = Protected<UnstubbedCallError?>(nil)
    withKnownIssue {
      onAThreadOfNoTest {
        do {
          _ = try spy.open(id: 3)
        } catch let thrown as UnstubbedCallError {
          error.withLock { $0 = thrown }
        } catch {}
      }
      _ = spy.calls  // delivers the failure kept for later
    } matching: { issue in
      text(of: issue).contains("Unstubbed call: FileStoreSpy.open received open(id: 3)")
    }
    let thrown = error.withLock { $0 }
    #expect(thrown?.double == "FileStoreSpy")
    #expect(thrown?.method == "open")
    #expect(thrown?.call == "open(id: 3)")
    #expect(thrown?.description == "FileStoreSpy.open has no stub for the call open(id: 3).")
  }

  @Test func anUnstubbedAsyncThrowingCallThatEndsTheTestIsReportedOnce() async throws {
    let spy = ArticleSourceSpy()
    let issues = Protected<[String]>([])
    // The error that leaves the code under test is the one `#require` throws, which Swift
    // Testing never reports again as "Caught error"; before, this recorded two issues.
    try await withKnownIssue {
      try await loadHeadlines(from: spy)
    } matching: { issue in
      issues.withLock { $0.append(text(of: issue)) }
      return true
    }
    let reported = issues.withLock { $0 }
    #expect(reported.count == 1)
    #expect(reported.first?.contains("Unstubbed call: ArticleSourceSpy.fetch") == true)
  }

  @Test func theFailureShowsWhatWasRecorded() {
    let spy = FileStoreSpy()
    spy.refresh()
    withKnownIssue {
      _ = try? spy.open(id: 3)
    } matching: { issue in
      text(of: issue).contains("FileStoreSpy recorded 2 calls: [refresh, open(id: 3)].")
    }
  }

  @Test func anUnstubbedCallPointsAtTheTestLineThatCreatedTheSpy() {
    let line = #line + 1
    let spy = FileStoreSpy()
    withKnownIssue {
      _ = try? spy.open(id: 3)
    } matching: { issue in
      issue.sourceLocation?.fileName == "SpyFailureTests.swift"
        && issue.sourceLocation?.line == line
        && text(of: issue).contains("It records the call at FileStoreSpy.swift:")
    }
  }

  @Test func aStubOfTheWrongTypePointsAtTheStub() {
    let spy = FileStoreSpy()
    let line = #line + 1
    spy.stub(.size, returning: "ten")
    withKnownIssue {
      _ = spy.size(of: 1)
    } matching: { issue in
      issue.sourceLocation?.fileName == "SpyFailureTests.swift"
        && issue.sourceLocation?.line == line
    }
  }

  @Test func anUnstubbedCallWithAPlaceholderFailsAndReturnsIt() {
    let spy = FileStoreSpy()
    withKnownIssue {
      #expect(spy.size(of: 4) == -1)
    } matching: { issue in
      let text = text(of: issue)
      return text.contains("FileStoreSpy.size received size(of: 4)") && text.contains("Int")
    }
  }

  @Test func anErrorStubbedForAMethodThatCannotThrowFails() {
    let spy = FileStoreSpy()
    spy.stub(.size, throwing: FileStoreError.readOnly)
    spy.stub(.refresh, throwing: FileStoreError.readOnly)
    withKnownIssue {
      #expect(spy.size(of: 1) == -1)
      spy.refresh()
    } matching: { issue in
      let text = text(of: issue)
      return
        (text.contains("FileStoreSpy.size is stubbed to throw readOnly")
        || text.contains("FileStoreSpy.refresh is stubbed to throw readOnly"))
        && text.contains("cannot throw")
    }
  }

  @Test func aValueOfAnotherTypeFailsNamingBothTypes() {
    let spy = FileStoreSpy()
    spy.stub(.size, returning: "ten")
    withKnownIssue {
      #expect(spy.size(of: 1) == -1)
    } matching: { issue in
      text(of: issue).contains(
        "FileStoreSpy.size is stubbed with a value of type String, but the double returns Int"
      )
    }
  }

  @Test func aClosureOfAnotherTypeFailsAndThrows() {
    let spy = FileStoreSpy()
    spy.stub(.open) { _ in 42 }
    withKnownIssue {
      #expect(throws: ExpectationFailedError.self) { try spy.open(id: 1) }
    } matching: { issue in
      text(of: issue).contains(
        "stubbed with a closure returning Int, but the double returns String"
      )
    }
  }

  @Test func aFailureOnAThreadOfNoTestIsReportedWhenTheTestNextReadsTheSpy() {
    let spy = FileStoreSpy()
    onAThreadOfNoTest { _ = spy.size(of: 8) }
    withKnownIssue {
      #expect(spy.calls == [.size(of: 8)])
    } matching: { issue in
      let text = text(of: issue)
      return text.contains("FileStoreSpy.size received size(of: 8)")
        && text.contains("Reported late")
    }
    #expect(spy.calls == [.size(of: 8)])  // reported once: no second issue here
  }

  @Test func aFailureOnAThreadOfNoTestIsReportedWhenTheSpyIsReleased() {
    withKnownIssue {
      let spy = FileStoreSpy()
      // Weak, so that the thread keeps no reference: the test releases the spy, in its task.
      onAThreadOfNoTest { [weak spy] in _ = spy?.size(of: 9) }
    } matching: { issue in
      text(of: issue).contains("FileStoreSpy.size received size(of: 9)")
    }
  }
}

// MARK: - Fixtures

private protocol ArticleSource: Sendable {
  func fetch() async throws -> [String]
}

private final class ArticleSourceSpy: Spy<ArticleSourceSpy.Call>, ArticleSource,
  @unchecked Sendable
{
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall { case fetch }

  func fetch() async throws -> [String] { try recordThrowing(.fetch) }
}

private func loadHeadlines(from source: some ArticleSource) async throws {
  _ = try await source.fetch()
}

/// Runs `body` on a new thread, outside every task, and waits for it.
private func onAThreadOfNoTest(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  Thread {
    body()
    done.signal()
  }.start()
  done.waitOrFail("the body on a thread of no test")
}
