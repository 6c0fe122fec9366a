import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// TestingInParallel.md: what the gate, the quiet period and the reports guarantee.
extension Docs {
  @Suite(TimeLimits.waiting) struct TestingInParallelEdgeSnippets {
    /// "A process-wide state carried with SharedScope reads the process-wide instances."
    @Test func aCarriedProcessWideStateNeverReadsAProcessWideTestsScope() async {
      let outside = SharedScope.current  // captured outside every scope
      await withIsolatedShared(.processWide) {
        await Task.yield()
        FeatureFlags.shared.override(with: Docs.Marker("the test's flags"))
        #expect(onThread { FeatureFlags.shared.value.name } == "the test's flags")
        #expect(onThread { outside.run { FeatureFlags.shared.value.name } } == "real")
      }
    }

    /// "The quiet period": a process-wide test that waits for its work passes.
    @Test(.isolatedShared([.processWide, .quietPeriod]))
    func syncLeavesNoWorkBehind() async {
      let spy = TrackingSpy()
      Metrics.shared.override(with: spy)
      await withCheckedContinuation { done in
        Syncer().sync { done.resume() }
      }
      #expect(spy.calls == [.track("synced")])
    }

    /// "The quiet period": work left behind fails the test that left it.
    @Test func workLeftBehindFailsTheTestThatLeftIt() async {
      let lingering = Locked<LingeringReader?>(nil)
      await withKnownIssue {
        await withIsolatedShared([.processWide, .quietPeriod]) {
          Reminders.shared.override(with: Docs.Marker("the test's reminders"))
          // Keeps reading after the test returned.
          lingering.set(LingeringReader { _ = Reminders.shared.value })
          await Task.yield()
        }
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("during its quiet period")
      }
      lingering.get()?.stop()
    }

    /// "A test that forgot the trait is reported."
    @Test func aChangeOutsideIsolationIsReportedEvenWhenNoIsolatedTestRuns() {
      withIsolatedShared { _ = Coupons.shared.value }  // an isolated test used the box
      withKnownIssue {
        Coupons.shared.override(with: Docs.Marker("leaks"))  // this test has no trait
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("which isolated tests in this process use")
      }
    }

    /// "Work that outlives its test is served the test's double and reported."
    @Test func lateWorkIsServedTheTestsDoubleAndReported() async {
      let spy = TrackingSpy()
      await withKnownIssue {
        let latch = AsyncLatch()
        let late = await withIsolatedShared {
          Analytics.shared.override(with: spy)
          return Task {
            await latch.wait()
            Analytics.shared.value.track("late")  // the test has ended
          }
        }
        await latch.open()
        await late.value
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("served the override")
      }
      #expect(spy.calls == [.track("late")])  // the double, never a new real instance
    }

    /// "A @MainActor box first read off the main actor in a test fails it, and the run goes on."
    @Test(.isolatedShared) func aMainActorBoxReadOffTheMainActorFailsTheTest() {
      withKnownIssue {
        _ = SettingsScreen.shared.value  // this test runs off the main actor
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("first read off the main actor")
      }
    }
  }

  // MARK: - Fixtures

  enum FeatureFlags {
    static let shared = Resettable { Docs.Marker("real") }
  }

  enum Coupons {
    static let shared = Resettable { Docs.Marker("real") }
  }

  enum Reminders {
    static let shared = Resettable { Docs.Marker("real") }
  }

  @MainActor final class SettingsScreen {
    nonisolated static let shared = Resettable(mainActor: { SettingsScreen() })
  }
}

/// Runs `body` on a new `Thread`, outside every task, and returns what it returned.
private func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
  readOnThread(body)
}
