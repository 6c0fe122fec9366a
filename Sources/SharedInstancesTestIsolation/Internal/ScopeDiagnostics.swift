import SharedInstances
import Testing
import _SharedInstancesTestReporting

/// Collects a scope's diagnostics: reported at once where the test's framework can take them,
/// otherwise kept until the scope ends and reported then, from the test's own task. After the
/// scope ended, a diagnostic (late use) goes to ``TestFailure``, which fails the run.
final class ScopeDiagnostics: Sendable {
  private struct State {
    var isFlushed = false
    var pending: [_Diagnostic] = []
  }

  private let state = Protected(State())

  func report(_ diagnostic: _Diagnostic) {
    // An exit test's child has no current test, and its scope never ends: report at once
    // (Swift Testing hands the child's issues to the parent test).
    if Test.current != nil || XCTestRun.isRunning || ExitTestChild.isChild {
      TestFailure.fail(diagnostic.message, at: diagnostic.location)
      return
    }
    // A thread outside the test's tasks (a DispatchQueue callback of a process-wide test):
    // Swift Testing would drop the issue here, so keep it for the test's end.
    let kept = state.withLock { state in
      guard !state.isFlushed else { return false }
      state.pending.append(diagnostic)
      return true
    }
    if !kept {
      TestFailure.fail(diagnostic.message, at: diagnostic.location)
    }
  }

  /// Reports what was kept; later diagnostics go straight to ``TestFailure``.
  func flush() {
    let pending = state.withLock { state in
      state.isFlushed = true
      return state.pending
    }
    for diagnostic in pending {
      // A diagnostic with no line of the test's code to point at (an escaped read): at the
      // test's own declaration.
      if diagnostic.reportsAtTest, let test = Test.current {
        TestFailure.fail(diagnostic.message, atTest: test.sourceLocation)
      } else {
        TestFailure.fail(diagnostic.message, at: diagnostic.location)
      }
    }
  }
}
