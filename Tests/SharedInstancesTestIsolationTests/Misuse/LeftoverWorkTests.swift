import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// Work a process-wide test left behind lands in the next process-wide test.
/// The quiet period catches what arrives within it; the rest is documented as not caught.
@Suite(.serialized, TimeLimits.waiting) struct LeftoverWorkTests {
  /// Without the option (and before it existed), test 1's late read was recorded by test 2's
  /// double with no report: this test pins that documented limit.
  @Test func withoutAQuietPeriodLateWorkLandsInTheNextProcessWideScope() async {
    let landed = Locked<String?>(nil)
    let arrived = AsyncLatch()
    let secondTestRuns = DispatchSemaphore(value: 0)
    await withIsolatedShared(.processWide) {
      await Task.yield()
      LeftoverBoxes.uncaught.override(with: Tagged("test 1"))
      DispatchQueue.global().async {
        secondTestRuns.waitOrFail("the second scope")  // late: arrives once the next one runs
        landed.set(LeftoverBoxes.uncaught.value.tag)
        Task { await arrived.open() }
      }
    }
    await withIsolatedShared(.processWide) {
      LeftoverBoxes.uncaught.override(with: Tagged("test 2"))
      secondTestRuns.signal()
      await arrived.wait()
    }
    #expect(landed.get() == "test 2")
  }

  /// Failed before the fix: there was no way to catch it (test 1 ended without a word).
  @Test func theQuietPeriodReportsLateWorkAsAFailureOfTheTestThatLeftIt() async {
    let served = Locked<Set<String>>([])
    let lingering = Locked<LingeringReader?>(nil)
    await withKnownIssue {
      await withIsolatedShared([.processWide, .quietPeriod]) {
        await Task.yield()
        LeftoverBoxes.lingering.override(with: Tagged("test 1"))
        lingering.set(
          LingeringReader { served.mutate { _ = $0.insert(LeftoverBoxes.lingering.value.tag) } }
        )
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("during its quiet period") && text.contains("Resettable<Tagged>")
    }
    lingering.get()?.stop()
    #expect(served.get().contains("test 1"))  // served by the test that left the work
  }

  @Test func aQuietPeriodWithNoLateWorkReportsNothing() async {
    await withIsolatedShared([.processWide, .quietPeriod]) {
      await Task.yield()
      LeftoverBoxes.caught.override(with: Tagged("quiet"))
      #expect(readOnThread { LeftoverBoxes.caught.value }.tag == "quiet")  // before the end
    }
  }
}
