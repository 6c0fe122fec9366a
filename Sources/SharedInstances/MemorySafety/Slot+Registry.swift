import _SharedInstancesShims

/// A slot as the published state of something that is not a box: an immutable registry that a
/// writer replaces whole under a lock of its own and readers look things up in without a lock
/// (a service locator's registrations). The same cells, hazard words and deferred releases as a
/// box's instance, so the same invariants of `_MemorySafety` hold, and no change ever waits for a
/// reader.
extension _Slot {
  /// Calls `body` with the published instance under a transient hazard word, and returns what
  /// `body` copied out of it; nil when the slot is empty.
  ///
  /// `body` runs in the transient window: it copies, and runs no user code (invariant 2). What it
  /// returns is complete, retain included, before the word is cleared (invariant 3).
  @_alwaysEmitIntoClient @inline(__always)
  package func read<Shared, Result>(
    _: Shared.Type,
    symmetric: Bool,
    _ body: (Shared) -> Result?
  ) -> Result? {
    var read = _Read()
    guard beginRead(&read, symmetric: symmetric) else { return nil }
    var copy = Self.withInstance(in: read.word.unsafelyUnwrapped, as: Shared.self, body)
    read.end(after: &copy)  // invariant 3
    return copy
  }

  /// The published instance, copied out under the state lock instead of a hazard word: for a
  /// caller that holds a lock of its own, where the end of a protected read must not reclaim and
  /// so run a `deinit` (invariant 10). Nothing is released here.
  @_alwaysEmitIntoClient
  package func loadLocked<Shared>(_: Shared.Type) -> Shared? {
    stateLock.withLock { current.pointee.map { _CellWord.instance(in: $0, as: Shared.self) } }
  }

  /// Publishes `value` (or empties the slot) and returns what it replaced, for a caller that
  /// serializes its changes under a lock of its own: it hands the result to `retire(_:)` after
  /// unlocking, since the release may run a `deinit` (invariant 10).
  @_alwaysEmitIntoClient
  package func replace<Shared>(with value: Shared?) -> _Replaced {
    _Replaced(cell: exchange(value.map { Self.makeCell($0, kind: .real) }))
  }

  /// Releases what `replace(with:)` replaced, now if no read holds it, else when the last read
  /// that holds it ends (invariants 5 and 6). Never waits. Call with no lock held.
  @_alwaysEmitIntoClient
  package func retire(_ replaced: _Replaced) {
    retire(replaced.cell)
  }
}

/// What `_Slot.replace(with:)` unpublished: a cell still retained, to retire once no lock is
/// held.
@frozen @usableFromInline
package struct _Replaced {
  @usableFromInline let cell: UnsafeMutableRawPointer?

  @_alwaysEmitIntoClient @inline(__always)
  init(cell: UnsafeMutableRawPointer?) { self.cell = cell }
}
