import _SharedInstancesShims

/// One published instance of a slot. Immutable; owned by the slot that publishes it (+1).
///
/// A slot publishes a cell as a *cell word*: the cell's address, with the low bit set when the
/// instance is a test double (an override). Readers learn whether a read was an override without
/// touching the cell; `_Slot.withInstance(in:as:_:)` lends the instance to a closure without
/// retaining it, and `_Slot.instance(in:as:)` copies it out.
@usableFromInline
final class _Cell<Shared> {
  @usableFromInline let value: Shared

  @usableFromInline init(_ value: Shared) { self.value = value }
}

/// A borrow of a slot's instance in progress: the hazard word that protects the cell, and the
/// cell word it protects. Ended with `_Slot.endBorrow(_:)`, on any thread.
@usableFromInline
struct _Borrow {
  @usableFromInline let word: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  @usableFromInline let cell: UnsafeMutableRawPointer

  @inlinable init(
    word: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
    cell: UnsafeMutableRawPointer
  ) {
    self.word = word
    self.cell = cell
  }

  /// Whether the borrowed instance is a test double.
  @inlinable var isOverride: Bool { _Slot.isOverride(cell) }
}

/// Where one instance of a box lives: the process-wide state of a `Resettable`, or its state
/// inside one isolation scope.
///
/// Reads are lock-free. The current cell word is published through an atomic pointer. A read
/// (`Resettable.value`) protects it with the thread's transient hazard word while it copies the
/// instance out. A borrow (`Resettable.withValue`) protects it with a borrow word for as long as
/// the caller's closure uses the instance, without retaining it: no reference count is written,
/// so borrows on many threads touch no shared cache line. Changes take `stateLock`, bump
/// `generation` and swap the pointer; the replaced cell is *retired*: released at once if no
/// hazard word holds it, otherwise by whichever thread ends the last borrow of it (deferred
/// reclamation), so a change never waits for a borrow, even one held by the changing thread.
/// Creation is serialized by `creationLock`, which belongs to this slot alone, so a slow or
/// nested factory never blocks another box; a factory's result is installed only if no override
/// or reset happened while it ran.
///
/// The slot is not generic: only reading a value out of a cell needs the type, and those
/// accessors are `@inlinable`, so a client specializes them and pays no generic-metadata cost.
@usableFromInline
final class _Slot: @unchecked Sendable {
  // @unchecked: `current` and `words` are only accessed atomically; `generation` only under
  // `stateLock`; `retired` only under `retireLock`; the cells they publish are immutable.

  /// The current cell word (a `_Cell<Shared>` owned by the slot, tagged), or nil while empty.
  @usableFromInline let current: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  /// Atomic words: the thread running the factory (or 0), whether a strict-mode failure was
  /// reported, which kinds of read a scope served (flags), and how many retired cells wait for
  /// their borrows to end.
  @usableFromInline let words: UnsafeMutablePointer<Int>
  /// Reads served inside a scope (atomic; see `countRead`).
  @usableFromInline let readCounts: UnsafeMutablePointer<UInt64>
  let stateLock = _Mutex()
  let creationLock = _Mutex()
  let retireLock = _Mutex()
  var generation: UInt64 = 0
  /// Cell words replaced while a borrow still held them.
  private var retired: [UnsafeMutableRawPointer] = []

  @usableFromInline static let creatorWord = 0
  @usableFromInline static let strictReportedWord = 1
  @usableFromInline static let readFlagsWord = 2
  @usableFromInline static let retiredWord = 3
  @usableFromInline static let readRealFlag = 1
  @usableFromInline static let readOverrideFlag = 2

  @usableFromInline init(initial: UnsafeMutableRawPointer? = nil) {
    current = .allocate(capacity: 1)
    current.initialize(to: initial)
    words = .allocate(capacity: 4)
    words.initialize(repeating: 0, count: 4)
    readCounts = .allocate(capacity: 1)
    readCounts.initialize(to: 0)
  }

  deinit {
    // No borrow can be in progress: a borrower keeps the slot alive (the box or the scope owns it).
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
    let raw = Unmanaged.passRetained(_Cell(value)).toOpaque()
    return isOverride ? raw + 1 : raw
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

  /// The instance of a cell that a hazard word protects, copied out.
  @inlinable @inline(__always)
  static func instance<Shared>(in word: UnsafeRawPointer, as _: Shared.Type) -> Shared {
    Unmanaged<_Cell<Shared>>.fromOpaque(object(word))._withUnsafeGuaranteedRef { $0.value }
  }

  /// Takes one more reference to a cell (for a second owner that will `release` it).
  static func retain(_ word: UnsafeMutableRawPointer) {
    _ = Unmanaged<AnyObject>.fromOpaque(object(word)).retain()
  }

  static func release(_ word: UnsafeMutableRawPointer) {
    // May run the instance's deinit: user code, so callers hold no lock here.
    Unmanaged<AnyObject>.fromOpaque(object(word)).release()
  }

  // MARK: Borrowing

  /// Protects the current cell for a borrow, or returns nil when the slot is empty or the
  /// thread's borrow words are all taken (the caller then copies the value out instead).
  @inlinable @inline(__always)
  func beginBorrow() -> _Borrow? {
    guard let word = si_hazard_free_borrow_word(si_hazard_current()),
      let cell = si_hazard_protect_word(current, word)
    else { return nil }
    return _Borrow(word: word, cell: cell)
  }

  /// Ends a borrow (on any thread), and releases the cells whose last borrow this was.
  @inlinable @inline(__always)
  func endBorrow(_ borrow: _Borrow) {
    // A writer unlinks a cell and counts it as retired before it looks at hazard words: either
    // the writer saw this borrow end, or this sees the count and that its cell was replaced, and
    // releases the cell itself. Borrowers of the current cell never take that path.
    if _slowPath(si_hazard_end_borrow(borrow.word, words + Self.retiredWord) != 0),
      si_ptr_load_seq_cst(current) != borrow.cell
    {
      reclaim()
    }
  }

  // MARK: Reading

  /// The current instance, without creating one. Lock-free.
  @inlinable @inline(__always)
  func load<Shared>(_: Shared.Type) -> Shared? {
    let record = si_hazard_current()
    guard let word = si_hazard_protect(current, record) else { return nil }
    let value = Self.instance(in: word, as: Shared.self)
    si_hazard_clear(record)
    return value
  }

  /// The current instance and whether it is an override, without creating one. Lock-free.
  @inlinable @inline(__always)
  func loadWithKind<Shared>(_: Shared.Type) -> (value: Shared, isOverride: Bool)? {
    let record = si_hazard_current()
    guard let word = si_hazard_protect(current, record) else { return nil }
    let result = (Self.instance(in: word, as: Shared.self), Self.isOverride(word))
    si_hazard_clear(record)
    return result
  }

  var isOverridden: Bool {
    stateLock.withLock { current.pointee.map { Self.isOverride($0) } ?? false }
  }

  /// The current instance, creating it with `factory` if the slot is empty. Returns nil only
  /// when the slot is empty and there is no factory.
  @usableFromInline
  func loadOrCreate<Shared>(
    _ identity: _BoxIdentity,
    factory: (() -> Shared)?
  ) -> (value: Shared, isOverride: Bool)? {
    if let loaded = loadWithKind(Shared.self) { return loaded }
    guard let factory else { return nil }
    let creator = words + Self.creatorWord
    let me = Int(bitPattern: si_current_thread())
    if si_int_load_acquire(creator) == me {
      identity.reentrancyFailure()
    }
    creationLock.lock()
    si_int_store_release(creator, me)
    defer {
      si_int_store_release(creator, 0)
      creationLock.unlock()
    }
    while true {
      if let loaded = loadWithKind(Shared.self) { return loaded }
      // The generation this factory run belongs to, taken together with the emptiness check:
      // an override installed between the load above and here must not be overwritten.
      let startedIn: UInt64? = stateLock.withLock {
        current.pointee == nil ? generation : nil
      }
      guard let startedIn else { continue }
      // User code: no lock but this slot's own creation lock is held.
      _FactoryStack.push(identity)
      let created = factory()
      _FactoryStack.pop()
      let cell = Self.makeCell(created, isOverride: false)
      let installed: Bool = stateLock.withLock {
        guard generation == startedIn else { return false }
        generation &+= 1
        let previous = si_ptr_exchange(current, cell)
        precondition(previous == nil, "SharedInstances: a slot changed without a new generation")
        return true
      }
      if installed { return (created, false) }
      // An override or reset happened while the factory ran: its result belongs to a past
      // generation and is dropped; look again.
      Self.release(cell)
    }
  }

  // MARK: Changing

  /// Publishes `cell` (or empties the slot) and returns the previous cell, still retained.
  /// The caller must `retire` it or hand it back with another `exchange`.
  func exchange(_ cell: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    stateLock.withLock {
      generation &+= 1
      return si_ptr_exchange(current, cell)
    }
  }

  /// Publishes `value` and retires the previous instance.
  func store<Shared>(_ value: Shared, isOverride: Bool) {
    retire(exchange(Self.makeCell(value, isOverride: isOverride)))
  }

  /// Empties the slot and retires the previous instance.
  func clear() {
    retire(exchange(nil))
  }

  /// The current cell, retained for the caller (used to seed a nested scope).
  func retainedCell() -> UnsafeMutableRawPointer? {
    stateLock.withLock {
      guard let word = current.pointee else { return nil }
      Self.retain(word)
      return word
    }
  }

  /// Releases a cell this slot no longer publishes: now, if no borrow holds it, else when the
  /// last borrow of it ends. Never waits for a borrow.
  func retire(_ cell: UnsafeMutableRawPointer?) {
    guard let cell else { return }
    retireLock.withLock {
      retired.append(cell)
      // Counted before the hazard words are looked at (see `endBorrow`).
      si_int_fetch_add(words + Self.retiredWord, 1)
    }
    reclaim()
  }

  /// Releases every retired cell that no borrow holds any more.
  @usableFromInline
  func reclaim() {
    var free: [UnsafeMutableRawPointer] = []
    retireLock.withLock {
      // Every hazard word stored before this point is visible to the scan below.
      si_hazard_barrier()
      retired.removeAll { cell in
        if si_hazard_is_protected(cell) { return false }
        free.append(cell)
        return true
      }
      if !free.isEmpty { si_int_fetch_add(words + Self.retiredWord, -free.count) }
    }
    for cell in free { Self.release(cell) }
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
