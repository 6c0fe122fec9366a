import Foundation
import SharedInstancesTesting
import Testing

/// The test failures a spy reports into Swift Testing, and what they say.
@Suite struct SpyFailureTests {
  @Test func anUnstubbedCallFailsTheTestNamingTheDoubleAndTheMethod() {
    let spy = FileStoreSpy()
    withKnownIssue {
      let error = #expect(throws: UnstubbedCallError.self) { try spy.open(id: 3) }
      #expect(error?.double == "FileStoreSpy")
      #expect(error?.method == "open")
      #expect(error?.call == "open(id: 3)")
      #expect(error?.description == "FileStoreSpy.open has no stub for the call open(id: 3).")
    } matching: { issue in
      let text = text(of: issue)
      return text.contains("Unstubbed call: FileStoreSpy.open received open(id: 3)")
        && text.contains("must return String")
        && text.contains("spy.stub(.open, returning: …)")
    }
    #expect(spy.calls == [.open(id: 3)])
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

  @Test func theFailurePointsAtTheDoubleNotAtTheLibrary() {
    let spy = FileStoreSpy()
    withKnownIssue {
      _ = try? spy.open(id: 3)
    } matching: { issue in
      issue.sourceLocation?.fileName == "FileStoreSpy.swift"
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
      #expect(throws: UnstubbedCallError.self) { try spy.open(id: 1) }
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

/// Runs `body` on a new thread, outside every task, and waits for it.
private func onAThreadOfNoTest(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  Thread {
    body()
    done.signal()
  }.start()
  done.wait()
}
