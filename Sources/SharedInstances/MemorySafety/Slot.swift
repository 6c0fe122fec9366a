import _SharedInstancesShims

/// Where one instance of a box lives: the process-wide state of a `Resettable`, or its state
/// inside one isolation scope.
///
/// Reads are lock-free. A read (`Resettable.value`) protects the published cell with the thread's
/// transient hazard word while it copies the instance out; a borrow (`Resettable.withValue`)
/// protects it with a borrow word for as long as the caller's closure uses the instance, without
/// retaining it. Changes take `stateLock`, bump `generation` and swap the cell word; the replaced
/// cell is *retired* (Slot+Reclamation.swift). Creation is serialized by `creation`, a gate that
/// belongs to this slot alone, so a slow or nested factory never blocks another box
/// (Slot+Changes.swift). The rules every path keeps are numbered in `_MemorySafety`.
///
/// The slot is not generic: only reading a value out of a cell needs the type, and those
/// accessors are `@inlinable`, so a client specializes them and pays no generic-metadata cost.
@usableFromInline
package final class _Slot: @unchecked Sendable {
  // @unchecked: `state` (which `current`, `words` and `readCounts` point into) is only accessed
  // atomically; `generation` only under `stateLock`; `retired` and `isDeferring` only under
  // `retireLock`; the cells are immutable.

  /// What readers touch, in one C struct: scope tables point to it (`si_scope_begin_read`).
  @usableFromInline package let state: UnsafeMutablePointer<si_slot_state>
  /// The current cell word (a `_Cell<Shared>` owned by the slot, tagged), or nil while empty.
  @usableFromInline package let current: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  /// Atomic words: the thread running the factory or an update, or 0 (`creation`'s holder word),
  /// whether a strict-mode failure was reported, which kinds of read a scope served (flags), and
  /// how many retired cells wait for their borrows to end.
  @usableFromInline let words: UnsafeMutablePointer<Int>
  /// Reads served inside a scope (atomic; see `countRead`).
  @usableFromInline let readCounts: UnsafeMutablePointer<UInt64>
  /// Whether this slot belongs to an isolation scope: its readers and writers use symmetric
  /// fences, and it is freed with its scope (invariants 8 and 9).
  @usableFromInline let isScoped: Bool
  @usableFromInline package let stateLock = _Mutex()
  /// Serializes this slot's factory runs and updates, and names the thread running one.
  let creation: _CreationGate
  let retireLock = _Mutex()
  var generation: UInt64 = 0
  /// Cell words replaced while a borrow still held them.
  var retired: [UnsafeMutableRawPointer] = []
  /// Whether `_DeferredSlots` holds this slot (invariant 12). Only under `retireLock`.
  var isDeferring = false

  // Offsets into `words` and the read flags (literals, so a debug build reads no global).
  @_alwaysEmitIntoClient static var creatorWord: Int { 0 }
  @_alwaysEmitIntoClient static var strictReportedWord: Int { 1 }
  @_alwaysEmitIntoClient static var readFlagsWord: Int { 2 }
  @_alwaysEmitIntoClient static var retiredWord: Int { 3 }

  @usableFromInline package init(initial: UnsafeMutableRawPointer? = nil, isScoped: Bool = false) {
    state = .allocate(capacity: 1)
    current = si_slot_current(state)
    words = si_slot_words(state)
    creation = _CreationGate(holderWord: words + Self.creatorWord)
    readCounts = si_slot_read_counts(state)
    self.isScoped = isScoped
    state.initialize(
      to: si_slot_state(
        current: initial,
        creator: 0,
        strict_reported: 0,
        read_flags: 0,
        retired: 0,
        read_counts: 0,
        owner: Unmanaged.passUnretained(self).toOpaque()
      )
    )
  }

  deinit {
    // No read or borrow can be in progress: every reader keeps the slot's owner (the box, or
    // the scope) alive until it ends (invariant 9), so the cells go without a scan.
    if let word = current.pointee { Self.release(word) }
    for word in retired { Self.release(word) }
    state.deallocate()
  }

  // MARK: Cell words

  /// A new cell holding `value`, retained once for the slot that will publish it.
  @_alwaysEmitIntoClient
  static func makeCell<Shared>(_ value: Shared, kind: _CellKind) -> UnsafeMutableRawPointer {
    tagged(Unmanaged.passRetained(_Cell(value)).toOpaque(), kind: kind)
  }

  @_alwaysEmitIntoClient @inline(__always)
  static func tagged(_ cell: UnsafeMutableRawPointer, kind: _CellKind) -> UnsafeMutableRawPointer {
    cell + Int(kind.rawValue)
  }

  /// The kind of a value installed by `set`, `setIfEmpty` or `update` (not an override): in a
  /// scope, a test provided it; elsewhere, it is the app's own instance.
  @usableFromInline var installedKind: _CellKind { isScoped ? .provided : .real }

  @_alwaysEmitIntoClient @inline(__always)
  package static func isOverride(_ word: UnsafeRawPointer) -> Bool { _CellWord.isOverride(word) }

  @_alwaysEmitIntoClient @inline(__always)
  static func object(_ word: UnsafeRawPointer) -> UnsafeMutableRawPointer {
    _CellWord.object(word)
  }

  /// Calls `body` with the instance of a cell that a hazard word protects, without retaining
  /// the cell or the instance: the cell is passed as a guaranteed reference, and its instance is
  /// a `let`, so the optimizer knows it stays alive and unchanged for the whole call.
  @_alwaysEmitIntoClient @inline(__always)
  static func withInstance<Shared, Result, Failure: Error>(
    in word: UnsafeRawPointer,
    as _: Shared.Type,
    _ body: (Shared) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let result: Swift.Result<Result, Failure> = Unmanaged<_Cell<Shared>>.fromOpaque(object(word))
      ._withUnsafeGuaranteedRef { cell in
        do throws(Failure) {
          return .success(try body(cell.value))
        } catch {
          return .failure(error)
        }
      }
    return try result.get()
  }

  /// Takes one more reference to a cell, for a caller that reads it under `stateLock` and
  /// releases it after unlocking.
  @usableFromInline
  static func retain(_ word: UnsafeMutableRawPointer) {
    _ = Unmanaged<AnyObject>.fromOpaque(object(word)).retain()
  }

  /// Drops one reference to a cell, which may run the instance's deinit: user code. Callers hold
  /// no lock here; on a thread that runs a factory or an `update` closure, which hold their box's
  /// creation lock, the release waits until the outermost of them returns (invariant 10).
  @usableFromInline
  static func release(_ word: UnsafeMutableRawPointer) {
    if si_factory_stack_top() != nil {
      _FactoryStack.deferRelease(object(word))
    } else {
      Unmanaged<AnyObject>.fromOpaque(object(word)).release()
    }
  }

  /// A copy of a cell, with the same tag, for another slot to publish (invariant 7).
  static func copy(of word: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    let copy = Unmanaged<_AnyCell>.fromOpaque(object(word))._withUnsafeGuaranteedRef {
      $0.copy()
    }
    return tagged(copy, kind: _CellWord.kind(word))
  }

  // MARK: Reading

  /// The current instance, a class instance (`_isSingleReference`), in one out-of-line call
  /// (`si_hazard_read_object`); nil when the slot is empty. Lock-free.
  @_alwaysEmitIntoClient @inline(__always)
  func loadObject<Shared>(_: Shared.Type, symmetric: Bool) -> Shared? {
    let read = si_hazard_read_object(state, _cellValueOffset(Shared.self), symmetric)
    if _fastPath(read.status == SI_READ_DONE) {
      return _takeRetained(read.object!, as: Shared.self)
    }
    if read.status == SI_READ_BUSY { return load(Shared.self, symmetric: symmetric) }
    return objectReadEnded(read, as: Shared.self)
  }

  /// The current instance, without creating one. Lock-free.
  ///
  /// `symmetric` is the fence mode of this slot's readers (invariant 8): `isScoped`, passed as a
  /// constant by callers that know it, so the fast path of a process-wide read loads nothing
  /// more.
  @_alwaysEmitIntoClient @inline(__always)
  package func load<Shared>(_: Shared.Type, symmetric: Bool) -> Shared? {
    var read = _Read()
    guard beginRead(&read, symmetric: symmetric) else { return nil }
    var copy = read.copy(as: Shared.self)
    read.end(after: &copy)  // invariant 3
    return copy
  }

  /// The current instance and its kind, without creating one. Lock-free.
  @_alwaysEmitIntoClient @inline(__always)
  package func loadWithKind<Shared>(
    _: Shared.Type,
    symmetric: Bool
  ) -> (value: Shared, kind: _CellKind)? {
    var read = _Read()
    guard beginRead(&read, symmetric: symmetric) else { return nil }
    var copy = read.copy(as: Shared.self)
    // Invariant 3: the copy is complete, its retain included, before the word is cleared.
    read.end(after: &copy)
    return (copy, read.kind)
  }

  package var isOverridden: Bool {
    stateLock.withLock { current.pointee.map { Self.isOverride($0) } ?? false }
  }

  /// Whether the box's factory or an `update` of it runs on the calling thread now (a change of
  /// the box from there would contradict the result being made).
  @usableFromInline package var isCreatingOnThisThread: Bool {
    creation.isHeldByCurrentThread
  }

  // MARK: Borrowing

  /// Protects the current cell for a borrow, or returns nil when the slot is empty or the
  /// thread's borrow words are all taken (the caller then copies the value out instead).
  @_alwaysEmitIntoClient @inline(__always)
  package func beginBorrow(symmetric: Bool) -> _Borrow? {
    var retried = false
    guard let word = si_hazard_free_borrow_word(si_hazard_current()) else { return nil }
    guard let cell = si_hazard_protect_word(current, word, symmetric, &retried) else {
      if _slowPath(retried) { emptiedRead(word, symmetric: symmetric) }  // invariant 11
      return nil
    }
    return _Borrow(word: word, cell: cell, retried: retried)
  }

  /// Ends a borrow (on its thread), and releases the cells whose last borrow this was
  /// (invariant 6). `symmetric` must be the value `beginBorrow` was given.
  @_alwaysEmitIntoClient @inline(__always)
  func endBorrow(_ borrow: _Borrow, symmetric: Bool) {
    if _slowPath(si_hazard_end_borrow(borrow.word, words + Self.retiredWord, symmetric) != 0) {
      readEnded(of: borrow.cell, retried: borrow.retried)
    }
  }

  /// The slow path of a read or borrow that ended while cells of this slot were retired: it
  /// reclaims if its own cell was replaced, or if it retried and so may have shown a replaced
  /// cell to a scan (invariants 4 and 6). A reader of the current cell never comes here twice:
  /// a cell once retired is never published again (invariant 7).
  @usableFromInline @inline(never)
  func readEnded(of cell: UnsafeMutableRawPointer, retried: Bool) {
    if retried || si_ptr_load_seq_cst(current) != cell { reclaim() }
  }

  // MARK: Read statistics (scopes only)

  /// Records a read served by this slot inside a scope (`si_slot_count_read`: exact flags, and
  /// counts kept without a locked instruction).
  @_alwaysEmitIntoClient
  package func countRead(_ kind: _CellKind) {
    si_slot_count_read(readCounts, words + Self.readFlagsWord, kind.rawValue)
  }

  package var reads: Int { Int(truncatingIfNeeded: si_u64_load_acquire(readCounts) & 0xFFFF_FFFF) }
  package var overriddenReads: Int {
    Int(truncatingIfNeeded: si_u64_load_acquire(readCounts) >> 32)
  }
  package var readRealInstance: Bool { readFlags & 1 << _CellKind.real.rawValue != 0 }
  var readProvidedValue: Bool { readFlags & 1 << _CellKind.provided.rawValue != 0 }
  package var readTestDefault: Bool { readFlags & 1 << _CellKind.testDefault.rawValue != 0 }
  private var readFlags: Int { si_int_load_acquire(words + Self.readFlagsWord) }

  /// True the first time only: a strict-mode failure is reported once per box and scope.
  package func claimStrictReport() -> Bool {
    si_int_compare_exchange(words + Self.strictReportedWord, 0, 1)
  }
}
