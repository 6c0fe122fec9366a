import SharedInstances
import _SharedInstancesIsolation

/// Whether the test that runs in this task has failed so far: set by the `.isolatedShared`
/// trait (from the issues Swift Testing records; carried by the test's scope) and by
/// `IsolatedSharedTestCase` (from the test run; bound in the task), read by the teardowns of the
/// system doubles.
package final class TestOutcome: Sendable {
  @TaskLocal package static var current: TestOutcome?

  /// What the testing module keeps with the outcome for the issue handler that marks it (the
  /// relay of the test's exit tests), opaque here.
  package let companion: (any Sendable & AnyObject)?

  package init(companion: (any Sendable & AnyObject)? = nil) {
    self.companion = companion
  }

  /// The outcome of the test `scope` belongs to: the one its scope carries, else the task's.
  package static func of(_ scope: _Scope) -> TestOutcome? {
    guard let outcome = scope.outcome else { return current }
    return outcome as? TestOutcome
  }

  private let failures = _AtomicInt()

  package var hasFailed: Bool { failures.load() > 0 }

  package func markFailed() { _ = failures.add(1) }
}
