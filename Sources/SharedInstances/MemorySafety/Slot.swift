import _SharedInstancesShims

/// Where one instance of a box lives: the process-wide state of a `Resettable`, or its state
/// inside one isolation scope.
///
/// Reads are lock-free. A read (`Resettable.value`) protects the published cell with the thread's
/// transient hazard word while it copies the instance out; a borrow (`Resettable.withValue`)
/// protects it with a borrow word for as long as the caller's closure uses the instance, without
/// retaining it. Changes take `stateLock`, bump `generation` and swap the cell word; the replaced
/// cell is *retired* (Slot+Reclamation.swift). Creation is serialized by `creationLock`, which
/// belongs to this slot alone, so a slow or nested factory never blocks another box
/// (Slot+Changes.swift). The rules every path keeps are numbered in `_MemorySafety`.
///
/// The slot is not generic: only reading a value out of a cell needs the type, and those
/// accessors are `@inlinable`, so a client specializes them and pays no generic-metadata cost.
@usableFromInline
final class _Slot: @unchecked Sendable {
  // @unchecked: `current`, `words` and `readCounts` are only accessed atomically; `generation`
  // only under `stateLock`; `retired` only under `retireLock`; the cells are immutable.

  /// The current cell word (a `_Cell<Shared>` owned by the slot, tagged), or nil while empty.
  @usableFromInline let current: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  /// Atomic words: the thread running the factory or an update (or 0), whether a strict-mode
  /// failure was reported, which kinds of read a scope served (flags), and how many retired cells
  /// wait for their borrows to end.
  @usableFromInline let words: UnsafeMutablePointer<Int>
  /// Reads served inside a scope (atomic; see `countRead`).
  @usableFromInline let readCounts: UnsafeMutablePointer<UInt64>
  /// Whether this slot belongs to an isolation scope: its readers and writers use symmetric
  /// fences, and it is freed with its scope (invariants 8 and 9).
  @usableFromInline let isScoped: Bool
  let stateLock = _Mutex()
  let creationLock = _Mutex()
  let retireLock = _Mutex()
  var generation: UInt64 = 0
  /// Cell words replaced while a borrow still held them.
  var retired: [UnsafeMutableRawPointer] = []

  @usableFromInline static let creatorWord = 0
  @usableFromInline static let strictReportedWord = 1
  @usableFromInline static let readFlagsWord = 2
  @usableFromInline static let retiredWord = 3
  @usableFromInline static let readRealFlag = 1
  @usableFromInline static let readOverrideFlag = 2

  @usableFromInline init(initial: UnsafeMutableRawPointer? = nil, isScoped: Bool = false) {
    current = .allocate(capacity: 1)
    current.initialize(to: initial)
    words = .allocate(capacity: 4)
    words.initialize(repeating: 0, count: 4)
    readCounts = .allocate(capacity: 1)
    readCounts.initialize(to: 0)
    self.isScoped = isScoped
  }

  deinit {
    // No read or borrow can be in progress: every reader keeps the slot's owner (the box, or
    // the scope) alive until it ends (invariant 9), so the cells go without a scan.
    if let word = current.pointee { Self.release(word) }
    for word in retired { Self.release(word) }
    current.deallocate()
    words.deallocate()
    readCounts.deallocate()
  }

  // MARK: Cell words

  /// A new cell holding `value`, retained once for the slot that will publish it.
  @inlinable
  static func makeCell<Shared>(_ value: Shared, isOverride: Bool) -> UnsafeMutableRawPointer {
    tagged(Unmanaged.passRetained(_Cell(value)).toOpaque(), isOverride: isOverride)
  }

  @inlinable @inline(__always)
  static func tagged(_ cell: UnsafeMutableRawPointer, isOverride: Bool) -> UnsafeMutableRawPointer {
    isOverride ? cell + 1 : cell
  }

  @inlinable @inline(__always)
  static func isOverride(_ word: UnsafeRawPointer) -> Bool {
    UInt(bitPattern: word) & 1 != 0
  }

  @inlinable @inline(__always)
  static func object(_ word: UnsafeRawPointer) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: word) & ~1)!
  }

  /// Calls `body` with the instance of a cell that a hazard word protects, without retaining
  /// the cell or the instance: the cell is passed as a guaranteed reference, and its instance is
  /// a `let`, so the optimizer knows it stays alive and unchanged for the whole call.
  @inlinable @inline(__always)
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

  /// The instance of a cell that a hazard word protects, copied out. The caller ends the
  /// protection with `si_hazard_end_read`, passing the copy (invariant 3).
  @inlinable @inline(__always)
  static func instance<Shared>(in word: UnsafeRawPointer, as _: Shared.Type) -> Shared {
    Unmanaged<_Cell<Shared>>.fromOpaque(object(word))._withUnsafeGuaranteedRef { $0.value }
  }

  /// Takes one more reference to a cell, for a caller that reads it under `stateLock` and
  /// releases it after unlocking.
  static func retain(_ word: UnsafeMutableRawPointer) {
    _ = Unmanaged<AnyObject>.fromOpaque(object(word)).retain()
  }

  /// Drops one reference to a cell, which may run the instance's deinit: user code. Callers hold
  /// no lock here; on a thread that runs a factory or an `update` closure, which hold their box's
  /// creation lock, the release waits until the outermost of them returns (invariant 10).
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
    return tagged(copy, isOverride: isOverride(word))
  }

  // MARK: Reading

  /// The current instance, without creating one. Lock-free.
  ///
  /// `symmetric` is the fence mode of this slot's readers (invariant 8): `isScoped`, passed as a
  /// constant by callers that know it, so the fast path of a process-wide read loads nothing
  /// more.
  @inlinable @inline(__always)
  func load<Shared>(_: Shared.Type, symmetric: Bool) -> Shared? {
    loadWithKind(Shared.self, symmetric: symmetric)?.value
  }

  /// The current instance and whether it is an override, without creating one. Lock-free.
  @inlinable @inline(__always)
  func loadWithKind<Shared>(
    _: Shared.Type,
    symmetric: Bool
  ) -> (value: Shared, isOverride: Bool)? {
    let record = si_hazard_current()
    var retried = false
    guard let word = si_hazard_protect(current, record, symmetric, &retried) else { return nil }
    var copy = Self.instance(in: word, as: Shared.self)
    // Invariant 3: the copy is complete, its retain included, before the word is cleared.
    let retired = _endTransientRead(
      record,
      after: &copy,
      retired: words + Self.retiredWord,
      symmetric: symmetric
    )
    if _slowPath(retired != 0) { readEnded(of: word, retried: retried) }
    return (copy, Self.isOverride(word))
  }

  var isOverridden: Bool {
    stateLock.withLock { current.pointee.map { Self.isOverride($0) } ?? false }
  }

  /// Whether the box's factory or an `update` of it runs on the calling thread now (a change of
  /// the box from there would contradict the result being made).
  var isCreatingOnThisThread: Bool {
    si_int_load_acquire(words + Self.creatorWord) == Int(bitPattern: si_current_thread())
  }

  // MARK: Borrowing

  /// Protects the current cell for a borrow, or returns nil when the slot is empty or the
  /// thread's borrow words are all taken (the caller then copies the value out instead).
  @inlinable @inline(__always)
  func beginBorrow(symmetric: Bool) -> _Borrow? {
    var retried = false
    guard let word = si_hazard_free_borrow_word(si_hazard_current()),
      let cell = si_hazard_protect_word(current, word, symmetric, &retried)
    else { return nil }
    return _Borrow(word: word, cell: cell, retried: retried)
  }

  /// Ends a borrow (on any thread), and releases the cells whose last borrow this was
  /// (invariant 6). `symmetric` must be the value `beginBorrow` was given.
  @inlinable @inline(__always)
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

  /// Records a read served by this slot inside a scope.
  ///
  /// Whether the real instance and whether an override were read are exact flags, set once.
  /// The counts (reads in the low 32 bits, overridden reads in the high 32 bits) are kept with a
  /// relaxed load and store, not a read-modify-write: exact when one thread reads the box in the
  /// scope, possibly short by a few when several threads read it at the same moment. That keeps
  /// an isolated read free of any locked instruction here.
  @inlinable
  func countRead(isOverride: Bool) {
    let counts = si_u64_load_relaxed(readCounts)
    si_u64_store_relaxed(readCounts, counts &+ (isOverride ? 1 | (1 << 32) : 1))
    let flag = isOverride ? Self.readOverrideFlag : Self.readRealFlag
    let flags = words + Self.readFlagsWord
    if si_int_load_relaxed(flags) & flag == 0 { si_int_fetch_or(flags, flag) }
  }

  var reads: Int { Int(truncatingIfNeeded: si_u64_load_acquire(readCounts) & 0xFFFF_FFFF) }
  var overriddenReads: Int { Int(truncatingIfNeeded: si_u64_load_acquire(readCounts) >> 32) }
  var readRealInstance: Bool {
    si_int_load_acquire(words + Self.readFlagsWord) & Self.readRealFlag != 0
  }

  /// True the first time only: a strict-mode failure is reported once per box and scope.
  func claimStrictReport() -> Bool {
    si_int_compare_exchange(words + Self.strictReportedWord, 0, 1)
  }
}
