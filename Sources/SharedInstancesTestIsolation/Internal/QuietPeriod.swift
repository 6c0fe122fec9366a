import Foundation
import SharedInstances
import _SharedInstancesIsolation
import _SharedInstancesTestReporting

/// The ``SharedIsolationOptions/quietPeriod`` at the end of a process-wide scope: waits until
/// reads from outside the test's tasks stop, then reports each box they read.
enum QuietPeriod {
  // Nanoseconds, not `Duration` (macOS 13 / iOS 16): the isolation traits run on the package's
  // minimum.
  /// How long no read must happen for the period to end, in nanoseconds.
  static let silence: UInt64 = 100_000_000
  /// The longest the period lasts, in nanoseconds.
  static let limit: UInt64 = 1_000_000_000
  /// How often the read count is polled, in nanoseconds.
  static let poll: UInt64 = 20_000_000

  /// Whether a scope opened with `options` has a quiet period.
  static func applies(to options: SharedIsolationOptions, _ scope: _Scope) -> Bool {
    options.contains(.quietPeriod) && scope.isProcessWide
  }

  /// Waits without blocking a thread, then reports.
  static func wait(in scope: _Scope) async {
    scope.beginQuietPeriod()
    var waited: UInt64 = 0
    var quiet: UInt64 = 0
    var seen = scope.readsDuringQuietPeriod
    while quiet < silence && waited < limit {
      try? await Task.sleep(nanoseconds: poll)
      waited += poll
      let now = scope.readsDuringQuietPeriod
      quiet = now == seen ? quiet + poll : 0
      seen = now
    }
    report(scope.endQuietPeriod(), in: scope)
  }

  /// Waits by blocking the calling thread (XCTest), then reports.
  static func waitBlocking(in scope: _Scope) {
    scope.beginQuietPeriod()
    var waited: UInt64 = 0
    var quiet: UInt64 = 0
    var seen = scope.readsDuringQuietPeriod
    while quiet < silence && waited < limit {
      Thread.sleep(forTimeInterval: Double(poll) / 1e9)
      waited += poll
      let now = scope.readsDuringQuietPeriod
      quiet = now == seen ? quiet + poll : 0
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
