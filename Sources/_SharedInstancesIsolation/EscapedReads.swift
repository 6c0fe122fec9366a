import SharedInstances

/// Reads that escape an isolated test: code outside every test task that reads the process-wide
/// instance of a box which a live isolated scope has provided a value for (an override, a `set`,
/// a `bootstrap`, a test default it was served).
///
/// Such a read usually belongs to the test (a `DispatchQueue` callback, a `Thread`) and gets the
/// real instance instead of the test's double. Each is warned about, rate-limited to once per box
/// while it stays overridden in some live scope (so a loop does not flood the log).
/// `SharedInstancesTesting` installs ``handler``: a warning-severity issue in Swift Testing, a
/// line on standard error in XCTest.
package enum _EscapedReads {
  /// Where the warnings go; without it they are printed.
  package static let handler = Protected<(@Sendable (_Diagnostic) -> Void)?>(nil)

  // The bookkeeping lives in atomic words of each box's `_BoxIdentity` (how many live scopes
  // overrode it, whether it was warned about, how many reads escaped), so that a scope that
  // overrides a box, and a scope that ends, takes no lock that other tests take.

  /// Records that a live scope overrode `identity` (once per scope and box); returns the box's
  /// escaped reads so far, for ``escapedReads(of:since:)``.
  static func scopeOverrode(_ identity: _BoxIdentity) -> Int {
    identity.liveOverrideBegan()
  }

  /// Records that a scope which had overridden `identity` ended.
  static func scopeEnded(overriding identity: _BoxIdentity) {
    identity.liveOverrideEnded()
  }

  /// The reads of `identity` that escaped since a scope overrode it, when the box's count was
  /// `start`: every live scope that had overridden the box counts each such read.
  static func escapedReads(of identity: _BoxIdentity, since start: Int) -> Int {
    identity.escapedReads - start
  }

  /// Checks a read of `identity` that resolved to the process-wide instance.
  static func check(_ identity: _BoxIdentity) {
    guard identity.isOverriddenByLiveScopes else { return }
    if let probe = _Scope.runsInTestTask.load(), probe() { return }
    guard identity.noteEscapedRead() else { return }
    let diagnostic = _Diagnostic(
      message: """
        \(identity.description) was read outside every test's tasks (a DispatchQueue \
        callback, a Thread, Task.detached) while an isolated test has provided a value for it \
        (override(with:), set(_:), bootstrap(_:), or its test default, such as the system \
        boxes' doubles): the read got the process-wide instance, not the test's value. Carry \
        the test's scope into that code with SharedScope.current, or mark the test \
        `.processWide`. (Reported once per box while a test provides it.)
        """,
      location: identity.location
    )
    if let handler = handler.load() {
      handler(diagnostic)
    } else {
      printToStandardError("SharedInstances: warning: \(diagnostic.message)")
    }
  }
}
