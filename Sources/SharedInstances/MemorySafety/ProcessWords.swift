import _SharedInstancesShims

/// The process-wide words every read may check before it looks for an isolation scope: whether
/// isolation was ever used, whether a process-wide scope is open, whether an override leaked out
/// of every scope.
///
/// Each is a counter or a flag read without acting on other memory through it: a read that
/// finds one set takes a lock (the scope's, the leaked overrides') before it trusts anything
/// else, so the loads need no stronger ordering than each one names. Production code only ever
/// reads ``isolationIsActive`` (one relaxed load, false), and never writes any of them.
@usableFromInline
package enum _ProcessWords {
  /// Whether any isolation scope was ever entered in this process: one relaxed load, the whole
  /// cost of isolation to a read in production.
  @_alwaysEmitIntoClient @inline(__always)
  package static var isolationIsActive: Bool { si_isolation_is_active() }

  /// Marks isolation as used, for good (a sequentially consistent store, the first time only).
  /// A scope marks it before it is entered, so every read inside it takes the isolated path.
  @_alwaysEmitIntoClient @inline(__always)
  package static func markIsolationUsed() { si_isolation_mark_used() }

  /// Whether a process-wide isolation scope is open (acquire ordering): reads outside every
  /// test task look for one only then.
  @_alwaysEmitIntoClient @inline(__always)
  package static var processWideScopeIsOpen: Bool { si_process_wide_scope_is_open() }

  /// Counts a process-wide scope opened (`1`) or closed (`-1`), under the lock that keeps the
  /// list of open ones.
  @_alwaysEmitIntoClient @inline(__always)
  package static func addProcessWideScopes(_ delta: Int) { si_process_wide_scopes_add(delta) }

  /// Whether a box holds an override made outside every isolated scope (acquire ordering):
  /// reads of process-wide instances look for one only then.
  @_alwaysEmitIntoClient @inline(__always)
  package static var leakedOverridesExist: Bool { si_leaked_overrides_exist() }

  /// Counts a box whose override leaked (`1`) or was withdrawn (`-1`), under the lock that
  /// keeps the leaked boxes.
  @_alwaysEmitIntoClient @inline(__always)
  package static func addLeakedOverrides(_ delta: Int) { si_leaked_overrides_add(delta) }
}
