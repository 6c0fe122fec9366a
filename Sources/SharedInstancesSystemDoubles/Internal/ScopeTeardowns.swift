import SharedInstances
import _SharedInstancesIsolation
import _SharedInstancesTestReporting

/// Work the system doubles ask to run when the isolated scope they were created in ends: a
/// test's user defaults suite to remove, its directories to delete (or keep, when it failed),
/// its network's unanswered requests to report.
///
/// Keyed by scope, behind one lock taken twice per double (when it is created and when its scope
/// ends), never while the work runs.
package enum ScopeTeardowns {
  /// What a teardown learns about the test that ends.
  struct Ending: Sendable {
    /// Whether the test failed (as far as the test framework told the library).
    let testFailed: Bool
    /// The name of the scope: the test's name.
    let scopeName: String
  }

  private static let pending = Protected<[ObjectIdentifier: [@Sendable (Ending) -> Void]]>([:])
  /// How many scopes have work in `pending`: a scope ends without taking the lock while no
  /// double of any test is waiting for its end.
  private static let scopesWaiting = _AtomicInt()

  /// The scope a double created here belongs to: the test task's, or, for a thread outside
  /// every test task, the open process-wide test's; nil outside every test.
  static var currentScope: _Scope? { _Scope.resolveForCapture() }

  /// Whether a failure raised on any thread reaches the running test now: under XCTest, which
  /// runs one test at a time. In Swift Testing only the test's own tasks can, so doubles keep
  /// failures raised elsewhere (a `URLProtocol`'s thread) for their teardown.
  static var reportsFromAnyThread: Bool { XCTestRun.isRunning }

  /// Runs `work` when `scope` ends, on the thread that ends it (in the test's task).
  static func add(in scope: _Scope, _ work: @escaping @Sendable (Ending) -> Void) {
    pending.withLock { pending in
      let key = ObjectIdentifier(scope)
      if pending[key] == nil { _ = scopesWaiting.add(1) }
      pending[key, default: []].append(work)
    }
  }

  /// Runs what was added for `scope`, last added first. Called as the scope ends.
  package static func run(for scope: _Scope) {
    guard scopesWaiting.load() > 0 else { return }
    let key = ObjectIdentifier(scope)
    let work: [@Sendable (Ending) -> Void] =
      pending.withLock { pending in
        let work = pending.removeValue(forKey: key)
        if work != nil { _ = scopesWaiting.add(-1) }
        return work
      } ?? []
    guard !work.isEmpty else { return }
    let ending = Ending(
      testFailed: TestOutcome.of(scope)?.hasFailed ?? false,
      scopeName: scope.name
    )
    for item in work.reversed() { item(ending) }
  }
}
