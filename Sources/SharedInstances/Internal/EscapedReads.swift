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
    /// The live scopes that have overridden each box.
    var overrides: [UInt64: [_Scope]] = [:]
    /// Boxes warned about since they were last overridden in no live scope.
    var warned: Set<UInt64> = []
  }

  private static let registry = Protected(Registry())

  /// Records that live `scope` overrode box `id` (once per scope and box).
  static func scopeOverrode(_ scope: _Scope, box id: UInt64) {
    registry.withLock { $0.overrides[id, default: []].append(scope) }
  }

  /// Records that `scope`, which overrode `ids`, ended.
  static func scopeEnded(_ scope: _Scope, overriding ids: Set<UInt64>) {
    guard !ids.isEmpty else { return }
    registry.withLock { registry in
      for id in ids {
        var scopes = registry.overrides[id] ?? []
        scopes.removeAll { $0 === scope }
        if scopes.isEmpty {
          registry.overrides[id] = nil
          registry.warned.remove(id)
        } else {
          registry.overrides[id] = scopes
        }
      }
    }
  }

  /// Checks a read of `identity` that resolved to the process-wide instance.
  static func check(_ identity: _BoxIdentity) {
    if let probe = _Scope.runsInTestTask.load(), probe() { return }
    let (scopes, warn) = registry.withLock { registry -> ([_Scope], Bool) in
      guard let scopes = registry.overrides[identity.id], !scopes.isEmpty else {
        return ([], false)
      }
      return (scopes, registry.warned.insert(identity.id).inserted)
    }
    for scope in scopes { scope.noteEscapedRead(of: identity.id) }
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
    if let handler = handler.load() {
      handler(diagnostic)
    } else {
      printToStandardError("SharedInstances: warning: \(diagnostic.message)")
    }
  }
}
