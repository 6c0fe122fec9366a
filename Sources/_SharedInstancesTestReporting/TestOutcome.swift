import SharedInstances

/// Whether the test that runs in this task has failed so far: set by the `.isolatedShared`
/// trait (from the issues Swift Testing records) and by `IsolatedSharedTestCase` (from the test
/// run), read by the teardowns of the system doubles.
package final class TestOutcome: Sendable {
  @TaskLocal package static var current: TestOutcome?

  package init() {}

  private let failures = _AtomicInt()

  package var hasFailed: Bool { failures.load() > 0 }

  package func markFailed() { _ = failures.add(1) }
}
