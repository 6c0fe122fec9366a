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
  // scopes those are is kept here, under a lock taken once per scope and box it provides, and
  // on an escaped read (a bug of the test, reported once per scope and box).

  private struct Provider {
    /// Strong: every scope that provided a box ends (`scopeEnded`) before its last reference
    /// goes, and that removes it here. A weak reference would give the scope a side table, and
    /// so send every retain and release of it, on every read the test makes, to the runtime's
    /// slow path.
    let scope: _Scope
    var reported = false
  }

  /// The live scopes that provide each box, by box id and scope.
  private static let providers = Protected<[UInt64: [ObjectIdentifier: Provider]]>([:])

  /// Records that `scope`, live, provided `identity` (once per scope and box); returns the
  /// box's escaped reads so far, for ``escapedReads(of:since:)``.
  static func scopeOverrode(_ identity: _BoxIdentity, in scope: _Scope) -> Int {
    providers.withLock {
      $0[identity.id, default: [:]][ObjectIdentifier(scope)] = Provider(scope: scope)
    }
    return identity.liveOverrideBegan()
  }

  /// Records that `scope`, which had provided `identity`, ended.
  static func scopeEnded(overriding identity: _BoxIdentity, in scope: _Scope) {
    identity.liveOverrideEnded()
    providers.withLock { providers in
      providers[identity.id]?[ObjectIdentifier(scope)] = nil
      if providers[identity.id]?.isEmpty == true { providers[identity.id] = nil }
    }
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
    let entries = providers.withLock { $0[identity.id] } ?? [:]
    let live = entries.values.map(\.scope)
    let outermost = live.filter { scope in
      !live.contains { other in other !== scope && scope.hasAncestor(other) }
    }
    let names = outermost.map(\.name).sorted()
    // The one to tell, if it is the only one and was not told yet.
    var toReport: _Scope? = nil
    if outermost.count == 1, let only = outermost.first {
      let id = ObjectIdentifier(only)
      let first: Bool = providers.withLock { providers in
        guard providers[identity.id]?[id]?.reported == false else { return false }
        providers[identity.id]?[id]?.reported = true
        return true
      }
      if first { toReport = only }
    }
    if let toReport {
      toReport.report(
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
