import SharedInstances

/// Reads that escape an isolated test: code outside every test task that reads the process-wide
/// instance of a box which a live isolated scope has provided a value for (an override, a `set`,
/// a `bootstrap`, a test default it was served).
///
/// Such a read usually belongs to the test (a `DispatchQueue` callback, a `Thread`,
/// `Task.detached`) and gets the real instance instead of the test's double. Nothing on that
/// thread says which test it came from; the scopes that provide the box now do. When one test
/// provides it, the read is that test's: its scope reports it (once per box) as a failure of the
/// test, from the test's own side, at the test's line. When several tests provide it at that
/// moment, failing them all would fail tests that did nothing wrong: it is a warning through
/// ``handler`` naming every one of them (rate-limited to once per box while some live scope
/// provides it, so that a loop does not flood the log).
package enum _EscapedReads {
  /// Where the warnings go that no live scope takes; without it they are printed.
  package static let handler = Protected<(@Sendable (_Diagnostic) -> Void)?>(nil)

  // The counts live in atomic words of each box's `_BoxIdentity` (how many live scopes
  // overrode it, how many reads escaped), so that a read checks them without a lock. Which
  // boxes a scope overrode is kept in the scope (`State.overridden`); here only which scopes
  // have overridden any box, joined once per scope (at its first override) and left once (at
  // its end), so that a test that overrides boxes takes this lock twice, with no allocation
  // once the table has grown to the number of tests running at once. Only an escaped read (a
  // bug of the test) looks into the scopes.

  /// The live scopes that have overridden a box. Strong: every such scope ends (`scopeEnded`)
  /// before its last reference goes, and that removes it here. A weak reference would give the
  /// scope a side table, and so send every retain and release of it, on every read the test
  /// makes, to the runtime's slow path.
  private static let providers = Protected<[ObjectIdentifier: _Scope]>([:])

  /// Records that `scope`, live, overrode `identity` (once per scope and box; called under the
  /// scope's lock, `isFirst` when it is the scope's first override); returns the box's escaped
  /// reads so far, for ``escapedReads(of:since:)``.
  static func scopeOverrode(_ identity: _BoxIdentity, in scope: _Scope, isFirst: Bool) -> Int {
    if isFirst { providers.withLock { $0[ObjectIdentifier(scope)] = scope } }
    return identity.liveOverrideBegan()
  }

  /// Records that `scope`, which had overridden boxes, ended (after each box's count of live
  /// overrides went down).
  static func scopeEnded(_ scope: _Scope) {
    // Released outside the lock: the last reference to a scope may be this one, and its
    // release runs deinits, which may read boxes.
    let removed = providers.withLock { $0.removeValue(forKey: ObjectIdentifier(scope)) }
    _ = removed
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
    let firstSinceArmed = identity.noteEscapedRead()
    // The tests that provide the box now: the outermost scope of each (a nested scope's test is
    // its parent's). Resolved outside the lock: the last reference to a scope may be the one
    // taken here, and its release runs deinits, which may read boxes.
    let candidates = providers.withLock { Array($0.values) }
    let live = candidates.filter { $0.overrides(identity.id) }
    let outermost = live.filter { scope in
      !live.contains { other in other !== scope && scope.hasAncestor(other) }
    }
    let names = outermost.map(\.name).sorted()
    // The one to tell, if it is the only one and was not told yet.
    if outermost.count == 1, let only = outermost.first, only.markEscapeReported(identity.id) {
      only.report(
        _Diagnostic(
          message: message(identity, escapedFrom: names),
          location: identity.location,
          reportsAtTest: true
        )
      )
    } else if names.count != 1, firstSinceArmed {
      warn(identity, providers: names)
    }
  }

  private static func message(_ identity: _BoxIdentity, escapedFrom names: [String]) -> String {
    """
    \(identity.description) was read outside the test's tasks (a DispatchQueue block, a \
    Thread, Task.detached, where the test's task-local scope is not visible) while the \
    isolated test \(names.joined()) provided a value for it (override(with:), set(_:), \
    bootstrap(_:), or its test default, such as the system boxes' doubles): the read escaped \
    that test and got the process-wide instance, not the test's value. Carry the test's scope \
    into that code (`let scope = SharedScope.current` in the test, `scope.run { … }` there), \
    or mark the test `.processWide`. (Reported once per box and test.)
    """
  }

  /// An escaped read that cannot be told apart: several tests provide the box (or none any
  /// more, the one that did ended meanwhile).
  private static func warn(_ identity: _BoxIdentity, providers names: [String]) {
    let who =
      names.isEmpty
      ? "an isolated test provided a value for it"
      : """
      \(names.count) isolated tests provided a value for it (\(names.joined(separator: ", "))), \
      and the read may have escaped any of them
      """
    let diagnostic = _Diagnostic(
      message: """
        \(identity.description) was read outside every test's tasks (a DispatchQueue \
        callback, a Thread, Task.detached) while \(who) (override(with:), set(_:), \
        bootstrap(_:), or its test default, such as the system boxes' doubles): the read got \
        the process-wide instance, not the test's value. Carry the test's scope into that code \
        with SharedScope.current, or mark the test `.processWide`. (Reported once per box while \
        a test provides it.)
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

extension _Scope {
  /// Whether this scope overrode box `id` (and is live: an ended scope has left
  /// `_EscapedReads`' list).
  fileprivate func overrides(_ id: UInt64) -> Bool {
    lock.withLock { state.pointee.overridden[id] != nil }
  }

  /// Marks the escape of box `id` from this scope reported; false if it was already.
  fileprivate func markEscapeReported(_ id: UInt64) -> Bool {
    lock.withLock { state.pointee.reportedEscapes.insert(id).inserted }
  }

  /// Whether `other` is this scope's parent, or its parent's, and so on.
  func hasAncestor(_ other: _Scope) -> Bool {
    var next = parent
    while let scope = next {
      if scope === other { return true }
      next = scope.parent
    }
    return false
  }
}
