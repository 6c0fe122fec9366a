/// Reads that escape an isolated test: code outside every test task that reads the process-wide
/// instance of a box which a live isolated scope has overridden.
///
/// Such a read usually belongs to the test (a `DispatchQueue` callback, a `Thread`) and gets the
/// real instance instead of the test's double. Each is warned about, rate-limited to once per box
/// while it stays overridden in some live scope (so a loop does not flood the log).
/// `SharedInstancesTesting` installs ``handler``: a warning-severity issue in Swift Testing, a
/// line on standard error in XCTest.
package enum _EscapedReads {
  /// Where the warnings go; without it they are printed.
  package static let handler = Protected<(@Sendable (_Diagnostic) -> Void)?>(nil)

  private struct Registry {
    /// How many live scopes have overridden each box.
    var overrides: [UInt64: Int] = [:]
    /// Boxes warned about since they were last overridden in no live scope.
    var warned: Set<UInt64> = []
  }

  private static let registry = Protected(Registry())

  /// Records that a live scope overrode box `id` (once per scope and box).
  static func scopeOverrode(_ id: UInt64) {
    registry.withLock { $0.overrides[id, default: 0] += 1 }
  }

  /// Records that a scope which overrode `ids` ended.
  static func scopeEnded(overriding ids: Set<UInt64>) {
    guard !ids.isEmpty else { return }
    registry.withLock { registry in
      for id in ids {
        let remaining = (registry.overrides[id] ?? 1) - 1
        if remaining > 0 {
          registry.overrides[id] = remaining
        } else {
          registry.overrides[id] = nil
          registry.warned.remove(id)
        }
      }
    }
  }

  /// Checks a read of `identity` that resolved to the process-wide instance.
  static func check(_ identity: _BoxIdentity) {
    if let probe = _Scope.runsInTestTask.withLock({ $0 }), probe() { return }
    let warn = registry.withLock { registry -> Bool in
      guard registry.overrides[identity.id, default: 0] > 0 else { return false }
      return registry.warned.insert(identity.id).inserted
    }
    guard warn else { return }
    let diagnostic = _Diagnostic(
      message: """
        \(identity.description) was read outside every test's tasks (a DispatchQueue \
        callback, a Thread, Task.detached) while an isolated test has overridden it: the read \
        got the process-wide instance, not the test's double. Carry the test's scope into that \
        code with SharedScope.current, or mark the test `.processWide`. (Reported once per box \
        while it stays overridden.)
        """,
      location: identity.location
    )
    if let handler = handler.withLock({ $0 }) {
      handler(diagnostic)
    } else {
      printToStandardError("SharedInstances: warning: \(diagnostic.message)")
    }
  }
}
