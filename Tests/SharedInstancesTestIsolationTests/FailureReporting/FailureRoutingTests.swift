import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// Every report fails the run, also from a thread no test owns.
@Suite(TimeLimits.waiting) struct FailureRoutingTests {
  /// Before the fix, the change from the thread was only printed: the exit test's child
  /// forwarded no issue.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aChangeFromAThreadNoTestOwnsFailsTheRun() async {
      await withKnownIssue {
        await #expect(processExitsWith: .success) {
          // What a plain process does, outside every test (an exit test's child is isolated).
          SharedScope.leaveExitTestIsolation()
          let inside = DispatchSemaphore(value: 0)
          let release = DispatchSemaphore(value: 0)
          let finished = DispatchSemaphore(value: 0)
          Thread {
            withIsolatedShared {
              _ = EdgeBoxes.detachedMisuse.value
              inside.signal()
              release.waitOrFail("the test to end the scope")
            }
            finished.signal()
          }.start()
          inside.waitOrFail("the thread to enter its scope")
          let changed = DispatchSemaphore(value: 0)
          DispatchQueue.global().async {
            EdgeBoxes.detachedMisuse.override(with: Tagged("leaks"))
            changed.signal()
          }
          changed.waitOrFail("the change on a queue")
          release.signal()
          finished.waitOrFail("the thread to finish")
        }
      } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.contains("override(with:)") && text.contains("outside any isolated scope")
      }
    }
  #endif
}
