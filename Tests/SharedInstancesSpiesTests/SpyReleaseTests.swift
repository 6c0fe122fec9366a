import Foundation
import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import TestSupport
import Testing

/// A spy released on a thread that belongs to no test still delivers its failures: a
/// `DispatchQueue` block that holds the last reference to the double.
@Suite(TimeLimits.waiting) struct SpyReleaseTests {
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aFailureKeptByASpyReleasedOffTheTestsTaskIsRecordedWithNoTest() async {
      // In a child process: there an issue recorded with no current test is the exit test's own,
      // and Swift Testing forwards it to this test, where `withKnownIssue` can inspect it. In a
      // normal run the same call fails the run, attributed to no test.
      await withKnownIssue {
        await #expect(processExitsWith: .success) {
          let holder = Holder(FileStoreSpy())
          let done = DispatchSemaphore(value: 0)
          DispatchQueue.global().async {
            _ = holder.spy?.size(of: 9)  // unstubbed: no test can see the failure here
            holder.spy = nil  // the last reference: the spy is released on this thread
            done.signal()
          }
          done.waitOrFail("the queued call and release")
        }
      } matching: { issue in
        let text = text(of: issue)
        return text.contains("FileStoreSpy.size received size(of: 9)")
          && text.contains("Reported when the spy was released on a thread that belongs to no test")
          && text.contains("FileStoreSpy was created at SpyReleaseTests.swift:")
      }
    }
  #endif

  @Test func aFailureKeptByASpyReleasedOnTheTestsTaskFailsTheTest() {
    withKnownIssue {
      let holder = Holder(FileStoreSpy())
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        _ = holder.spy?.size(of: 8)
        done.signal()
      }
      done.waitOrFail("the queued call")
      holder.spy = nil  // released here, in the test's task
    } matching: { issue in
      let text = text(of: issue)
      return text.contains("FileStoreSpy.size received size(of: 8)")
        && text.contains("Reported late")
    }
  }
}

// MARK: - Fixtures

/// Holds the only reference to a spy, so that a queue block can release it.
private final class Holder: @unchecked Sendable {
  // @unchecked: the block that changes `spy` runs while the test waits for it.
  var spy: FileStoreSpy?
  init(_ spy: FileStoreSpy) { self.spy = spy }
}
