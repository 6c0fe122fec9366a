import SharedInstances

/// Changes made outside every isolated scope, once isolation is used in the process: the
/// deterministic check for a test that forgot its trait.
///
/// The rule:
/// - `override(with:)`, `set(_:)` or `reset()` called outside every scope on a box that an
///   isolated scope has touched at any time in this process (or is using now) is reported at
///   once, at the caller's line;
/// - the same change on a box no scope has touched yet is remembered, and reported by the first
///   isolated scope that touches the box (once);
/// - `withOverride` and `overrideShared`, which put the previous state back, are reported only
///   while a live scope uses the box, since they leak into that scope's parallel run alone.
///
/// Changes made before the first scope opened in the process (an app's start-up code) are not
/// seen: the check starts with isolation.
enum _UnscopedChanges {
  private struct Change {
    let description: String
    let location: _SourceLocation
  }

  private struct Registry {
    /// Boxes some isolated scope has touched.
    var touched: Set<UInt64> = []
    /// Changes not reported yet, by box.
    var pending: [UInt64: Change] = [:]
  }

  private static let registry = Protected(Registry())

  /// Checks a change of `identity` made outside every scope.
  static func check(
    _ identity: _BoxIdentity,
    operation: String,
    location: _SourceLocation,
    restores: Bool
  ) {
    if !restores { _LeakedOverrides.noteChange(identity, operation: operation, location: location) }
    let description = "\(identity.codeName).\(operation)"
    if identity.isUsedByLiveScopes {
      report(
        """
        \(description) was called outside any isolated scope while isolated tests use \
        \(identity.description). The change applies to the process-wide instance and leaks \
        into every test and thread that is not isolated. Mark this test `.isolatedShared` (or \
        use IsolatedSharedTestCase), or carry the test's scope into this thread with \
        SharedScope.current.
        """,
        at: location
      )
      return
    }
    if restores { return }
    let touched = registry.withLock { registry -> Bool in
      if registry.touched.contains(identity.id) { return true }
      registry.pending[identity.id] = Change(description: description, location: location)
      return false
    }
    guard touched else { return }
    report(
      """
      \(description) was called outside any isolated scope, on \(identity.description), which \
      isolated tests in this process use. The change stays in the process-wide instance after \
      this test: every later test that is not isolated, and every thread outside a test's \
      tasks, reads it. Mark this test `.isolatedShared` (or use IsolatedSharedTestCase), or \
      put the change in a scope with withIsolatedShared.
      """,
      at: location
    )
  }

  /// Records that an isolated scope touched `identity`, and reports a change made to it
  /// outside every scope before.
  static func scopeTouched(_ identity: _BoxIdentity) {
    // Every later scope that touches the box skips the registry and its lock.
    guard identity.claimFirstTouch() else { return }
    let change = registry.withLock { registry -> Change? in
      guard registry.touched.insert(identity.id).inserted else { return nil }
      return registry.pending.removeValue(forKey: identity.id)
    }
    guard let change else { return }
    report(
      """
      \(change.description) was called outside any isolated scope (at \
      \(change.location.fileID):\(change.location.line)), and isolated tests now use \
      \(identity.description). That change stays in the process-wide instance: every test \
      that is not isolated, and every thread outside a test's tasks, reads it. Mark the test \
      that made it `.isolatedShared` (or use IsolatedSharedTestCase).
      """,
      at: change.location
    )
  }

  private static func report(_ message: String, at location: _SourceLocation) {
    _Diagnostics.report(_Diagnostic(message: message, location: location))
  }
}
