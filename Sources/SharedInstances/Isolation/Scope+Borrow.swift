import _SharedInstancesShims

/// A borrow of a box's instance made once isolation was used in the process: in the scope that
/// applies on this thread, or in the box's process-wide slot. Keeps the scope (and so the slot)
/// alive until it ends.
@usableFromInline
struct _ScopedBorrow {
  @usableFromInline let scope: _Scope?
  @usableFromInline let slot: Unmanaged<_Slot>
  @usableFromInline let held: _Borrow

  @inlinable var cell: UnsafeMutableRawPointer { held.cell }

  /// Ends the borrow (on the thread that began it: `withValue` is synchronous).
  @inlinable func end() {
    slot._withUnsafeGuaranteedRef { $0.endBorrow(held, symmetric: $0.isScoped) }
    withExtendedLifetime(scope) {}
  }
}

/// What a borrow attempt found: a borrow, or where the read resolved when it must be served
/// another way (the instance must be created first, or the thread's borrow words are all taken).
@usableFromInline
enum _BorrowAttempt {
  case borrowed(_ScopedBorrow)
  /// The read resolved in this scope, or in the process-wide instance (nil). Resolving again
  /// would count the read twice (escaped reads, quiet periods): pass this on instead.
  case missed(in: _Scope?)
}

extension _Scope {
  /// Borrows a box's instance where a read resolves on this thread, once isolation was used in
  /// the process, recording the read in the scope. Call only while isolation is active.
  ///
  /// Not generic and not inlinable: the isolated read path is the same for every box.
  @usableFromInline
  static func borrow(box identity: _BoxIdentity, global: _Slot) -> _BorrowAttempt {
    guard let scope = resolve(box: identity) else {
      guard let borrow = global.beginBorrow(symmetric: false) else { return .missed(in: nil) }
      return .borrowed(_ScopedBorrow(scope: nil, slot: .passUnretained(global), held: borrow))
    }
    guard let slot = scope.lookup(identity.id) else { return .missed(in: scope) }
    return slot._withUnsafeGuaranteedRef { slotRef in
      guard let borrow = slotRef.beginBorrow(symmetric: true) else { return .missed(in: scope) }
      scope.didRead(slotRef, identity: identity, kind: borrow.kind)
      return .borrowed(_ScopedBorrow(scope: scope, slot: slot, held: borrow))
    }
  }
}
