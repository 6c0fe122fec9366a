import Foundation
import SharedInstances
import _SharedInstancesIsolation

/// The ``SharedIsolationOptions/quietPeriod`` at the end of a process-wide scope: waits until
/// reads from outside the test's tasks stop, then reports each box they read.
enum QuietPeriod {
  /// How long no read must happen for the period to end.
  static let silence: Duration = .milliseconds(100)
  /// The longest the period lasts.
  static let limit: Duration = .seconds(1)
  /// How often the read count is polled.
  static let poll: Duration = .milliseconds(20)

  /// Whether a scope opened with `options` has a quiet period.
  static func applies(to options: SharedIsolationOptions, _ scope: _Scope) -> Bool {
    options.contains(.quietPeriod) && scope.isProcessWide
  }

  /// Waits without blocking a thread, then reports.
  static func wait(in scope: _Scope) async {
    scope.beginQuietPeriod()
    var waited: Duration = .zero
    var quiet: Duration = .zero
    var seen = scope.readsDuringQuietPeriod
    while quiet < silence && waited < limit {
      try? await Task.sleep(for: poll)
      waited += poll
      let now = scope.readsDuringQuietPeriod
      quiet = now == seen ? quiet + poll : .zero
      seen = now
    }
    report(scope.endQuietPeriod(), in: scope)
  }

  /// Waits by blocking the calling thread (XCTest), then reports.
  static func waitBlocking(in scope: _Scope) {
    scope.beginQuietPeriod()
    var waited: Duration = .zero
    var quiet: Duration = .zero
    var seen = scope.readsDuringQuietPeriod
    while quiet < silence && waited < limit {
      Thread.sleep(forTimeInterval: 0.02)
      waited += poll
      let now = scope.readsDuringQuietPeriod
      quiet = now == seen ? quiet + poll : .zero
      seen = now
    }
    report(scope.endQuietPeriod(), in: scope)
  }

  private static func report(_ reads: [_Scope.LateRead], in scope: _Scope) {
    for read in reads {
      TestFailure.fail(
        """
        \(read.identity.description) was read \(read.count) time(s) from outside the test's \
        tasks after the body of \(scope.name) returned (during its quiet period): work the test \
        started (a DispatchQueue block, a timer, a callback) outlived it, and would have landed \
        in the next process-wide test. Wait for that work before the test returns, or cancel it.
        """,
        at: read.identity.location
      )
    }
  }
}
