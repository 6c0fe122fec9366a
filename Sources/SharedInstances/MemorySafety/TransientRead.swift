import _SharedInstancesShims

/// A transient read in progress (invariants 1–3 and 6 of `_MemorySafety`): the cell word its
/// thread's transient hazard word protects, and what ending the read needs.
///
/// Its parts are split so that an unspecialized client (every debug build: tests run in debug)
/// does as little generic work per read as possible: finding and protecting the cell is
/// non-generic (`_Slot.beginRead(_:symmetric:)`, `_Scope.beginRead(of:global:_:)`), and the
/// generic part only copies the instance out and hands the copy's address to `end(after:)`.
@usableFromInline
struct _Read {
  @usableFromInline var record: UnsafeMutablePointer<si_hazard_record>?
  /// The protected cell word; nil until `_Slot.beginRead` protected one.
  @usableFromInline var word: UnsafeMutableRawPointer?
  @usableFromInline var slot: Unmanaged<_Slot>?
  /// The slot's count of retired cells, read when the read ends (invariant 6).
  @usableFromInline var retiredCount: UnsafePointer<Int>?
  @usableFromInline var symmetric = false
  @usableFromInline var retried = false
  /// The scope that owns `slot`, retained until the read ends (invariant 9), when nothing else
  /// keeps it alive: nil for a scope bound to the reading task, which the binding keeps alive
  /// for the whole (synchronous) read. Unmanaged, so that the struct is trivial and a debug
  /// build copies it without reference counting.
  @usableFromInline var scope: Unmanaged<_Scope>?

  @inlinable init() {}

  /// What the read copies.
  @_transparent @usableFromInline var kind: _CellKind { _CellWord.kind(word.unsafelyUnwrapped) }

  /// Copies the instance out of the protected cell.
  @_transparent @usableFromInline
  func copy<Shared>(as _: Shared.Type) -> Shared {
    _CellWord.instance(in: word.unsafelyUnwrapped, as: Shared.self)
  }

  /// Ends the read, after `copy` was copied out of the cell (invariant 3).
  @_transparent @usableFromInline
  func end<Shared>(after copy: inout Shared) {
    let retired = _endTransientRead(
      record!,
      after: &copy,
      retired: retiredCount!,
      symmetric: symmetric
    )
    if _slowPath(retired != 0 || scope != nil) { ended(retired: retired) }
  }

  /// The rest of ending a read, where it has a rest: reclaiming cells (invariant 6) and letting
  /// go of the scope. Not generic.
  @usableFromInline
  func ended(retired: Int) {
    if retired != 0 {
      slot!._withUnsafeGuaranteedRef { $0.readEnded(of: word!, retried: retried) }
    }
    scope?.release()
  }
}

extension _Slot {
  /// Protects the current cell for a transient read; false when the slot is empty.
  @inlinable @inline(__always)
  func beginRead(_ read: inout _Read, symmetric: Bool) -> Bool {
    let record = si_hazard_current()
    var retried = false
    guard let word = si_hazard_protect(current, record, symmetric, &retried) else { return false }
    read.record = record
    read.word = word
    read.slot = .passUnretained(self)
    read.retiredCount = UnsafePointer(words + Self.retiredWord)
    read.symmetric = symmetric
    read.retried = retried
    return true
  }
}

/// Where a read resolved when it could not simply be served (`_Scope.beginRead`).
@usableFromInline
enum _ReadStart {
  /// The cell is protected: copy the instance out and end the read.
  case reading
  /// Nothing to copy yet (the instance must be created, or the box is empty): the read resolved
  /// in this scope, or in the process-wide state (nil). Resolving again would count it twice.
  case missed(in: _Scope?)
}

extension _Scope {
  /// Starts a read of a box once isolation was used in the process, where it resolves on this
  /// thread, recording it in the scope. Not generic and not inlinable: the same for every box.
  @usableFromInline
  static func beginRead(of identity: _BoxIdentity, global: _Slot, _ read: inout _Read) -> _ReadStart
  {
    // Written for debug builds (where tests run): one strong reference to the scope, C calls for
    // the rest, no temporaries of class type.
    guard let scope = current, !scope.isProcessWideInstances else {
      return beginReadOutsideTestTasks(of: identity, global: global, &read)
    }
    // The task's binding keeps the scope alive for the whole (synchronous) read.
    return beginRead(of: identity, in: scope, &read) ? .reading : .missed(in: scope)
  }

  /// A read from code that no test task's scope is bound to (or that carries the process-wide
  /// state): in an open process-wide scope that captures the box, or in the process-wide slot.
  private static func beginReadOutsideTestTasks(
    of identity: _BoxIdentity,
    global: _Slot,
    _ read: inout _Read
  ) -> _ReadStart {
    guard current == nil, let scope = resolve(box: identity) else {
      return global.beginRead(&read, symmetric: false) ? .reading : .missed(in: nil)
    }
    guard beginRead(of: identity, in: scope, &read) else { return .missed(in: scope) }
    read.scope = .passRetained(scope)  // nothing else keeps a process-wide scope alive here
    return .reading
  }

  /// Finds, protects and counts in one C call (invariants 1 and 8: symmetric fences).
  private static func beginRead(
    of identity: _BoxIdentity,
    in scope: _Scope,
    _ read: inout _Read
  ) -> Bool {
    let record = si_hazard_current()
    var word: UnsafeMutableRawPointer?
    var retried = false
    guard
      let slot = si_scope_begin_read(scope.publishedTable, identity.id, record, &word, &retried),
      let word
    else { return false }
    read.record = record
    read.word = word
    read.slot = Unmanaged<_Slot>.fromOpaque(slot.pointee.owner)
    read.retiredCount = UnsafePointer(si_slot_retired(slot))
    read.symmetric = true
    read.retried = retried
    let kind = _CellWord.kind(word)
    if _slowPath(
      si_any_set(scope.ended, scope.activeFactories)
        || (kind == .real && (scope.isStrict || identity.requiresOverrideInTests))
    ) {
      scope.checkRead(read.slot!.takeUnretainedValue(), identity: identity, kind: kind)
    }
    return true
  }
}
