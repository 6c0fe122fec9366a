/// A borrow of a box's instance made once isolation was used in the process: in the scope that
/// applies on this thread, or in the box's process-wide slot. Keeps the scope (and so the slot)
/// alive until it ends.
///
/// Trivial (the scope is held as a retained `Unmanaged`, released by ``end()``), so that
/// programs carry no value witnesses for it: end each borrow exactly once.
@usableFromInline
package struct _ScopedBorrow {
  @usableFromInline let scope: Unmanaged<AnyObject>?
  @usableFromInline let slot: Unmanaged<_Slot>
  @usableFromInline let held: _Borrow

  package init(scope: AnyObject?, slot: Unmanaged<_Slot>, held: _Borrow) {
    self.scope = scope.map { .passRetained($0) }
    self.slot = slot
    self.held = held
  }

  @_alwaysEmitIntoClient var cell: UnsafeMutableRawPointer { held.cell }

  /// Ends the borrow (on the thread that began it: `withValue` is synchronous).
  @_alwaysEmitIntoClient func end() {
    slot._withUnsafeGuaranteedRef { $0.endBorrow(held, symmetric: $0.isScoped) }
    scope?.release()
  }
}

extension _Isolation {
  /// Borrows a box's instance where a read resolves on this thread, once isolation was used in
  /// the process, recording the read in the scope. Call only while isolation is active.
  ///
  /// Not generic and not inlinable: the isolated read path is the same for every box. Written in
  /// `_SharedInstancesIsolation` (`MemorySafety/ScopedReads.swift`), reached through the hooks.
  ///
  /// Nil when the read must be served another way (the instance must be created first, or the
  /// thread's borrow words are all taken): `scope` is then where the read resolved, nil for the
  /// process-wide instance. Resolving again would count the read twice (escaped reads, quiet
  /// periods): pass it on instead. An optional and an `inout` rather than an enum, for the size
  /// of programs.
  @usableFromInline
  static func borrow(
    box identity: _BoxIdentity,
    global: _Slot,
    missedIn scope: inout AnyObject?
  ) -> _ScopedBorrow? {
    _Isolation.hooks.borrow(box: identity, global: global, missedIn: &scope)
  }
}
