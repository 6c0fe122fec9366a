import _SharedInstancesShims

/// The non-generic part of a published state: whether it is a test double.
@usableFromInline
class _CellBase {
  @usableFromInline let isOverride: Bool

  @usableFromInline init(isOverride: Bool) { self.isOverride = isOverride }
}

/// One immutable published state of a slot: the instance, and whether it is a test double.
@usableFromInline
final class _Cell<Shared>: _CellBase {
  @usableFromInline let value: Shared

  @usableFromInline init(_ value: Shared, isOverride: Bool) {
    self.value = value
    super.init(isOverride: isOverride)
  }
}

/// Where one instance of a box lives: the process-wide state of a `Resettable`, or its state
/// inside one isolation scope.
///
/// Reads are lock-free: the current `_Cell` is published through an atomic pointer and
/// protected by a hazard pointer while its value is copied out. Changes take `stateLock`, bump
/// `generation`, swap the pointer, and wait until no reader holds the old cell before releasing
/// it. Creation is serialized by `creationLock`, which belongs to this slot alone, so a slow or
/// nested factory never blocks another box; a factory's result is installed only if no override
/// or reset happened while it ran.
///
/// The slot is not generic: only reading a value out of a cell needs the type, and those
/// accessors are `@inlinable`, so a client specializes them and pays no generic-metadata cost.
@usableFromInline
final class _Slot: @unchecked Sendable {
  // @unchecked: `current` and `words` are only accessed atomically; `generation` only under
  // `stateLock`; the cells they publish are immutable.

  /// An `Unmanaged<_Cell<Shared>>` owned by the slot (+1), or nil while empty.
  @usableFromInline let current: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  /// Atomic words: the thread running the factory (or 0), whether a strict-mode failure was
  /// reported, and which kinds of read a scope served (flags).
  @usableFromInline let words: UnsafeMutablePointer<Int>
  /// Reads served inside a scope (atomic; see `countRead`).
  @usableFromInline let readCounts: UnsafeMutablePointer<UInt64>
  let stateLock = _Mutex()
  let creationLock = _Mutex()
  var generation: UInt64 = 0

  @usableFromInline static let creatorWord = 0
  @usableFromInline static let strictReportedWord = 1
  @usableFromInline static let readFlagsWord = 2
  @usableFromInline static let readRealFlag = 1
  @usableFromInline static let readOverrideFlag = 2

  @usableFromInline init(initial: UnsafeMutableRawPointer? = nil) {
    current = .allocate(capacity: 1)
    current.initialize(to: initial)
    words = .allocate(capacity: 3)
    words.initialize(repeating: 0, count: 3)
    readCounts = .allocate(capacity: 1)
    readCounts.initialize(to: 0)
  }

  deinit {
    if let raw = current.pointee {
      Unmanaged<AnyObject>.fromOpaque(raw).release()
    }
    current.deallocate()
    words.deallocate()
    readCounts.deallocate()
  }

  // MARK: Reading

  /// The current instance, without creating one. Lock-free.
  @inlinable @inline(__always)
  func load<Shared>(_: Shared.Type) -> Shared? {
    let record = si_hazard_current()
    guard let raw = si_hazard_protect(current, record) else { return nil }
    let value = Unmanaged<_Cell<Shared>>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.value }
    si_hazard_clear(record)
    return value
  }

  /// The current instance and whether it is an override, without creating one. Lock-free.
  @inlinable @inline(__always)
  func loadWithKind<Shared>(_: Shared.Type) -> (value: Shared, isOverride: Bool)? {
    let record = si_hazard_current()
    guard let raw = si_hazard_protect(current, record) else { return nil }
    let result = Unmanaged<_Cell<Shared>>.fromOpaque(raw)._withUnsafeGuaranteedRef {
      ($0.value, $0.isOverride)
    }
    si_hazard_clear(record)
    return result
  }

  var isOverridden: Bool {
    stateLock.withLock {
      guard let raw = current.pointee else { return false }
      return Unmanaged<_CellBase>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.isOverride }
    }
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
      let cell = _Cell(factory(), isOverride: false)
      _FactoryStack.pop()
      let installed: Bool = stateLock.withLock {
        guard generation == startedIn else { return false }
        generation &+= 1
        let previous = si_ptr_exchange(current, Unmanaged.passRetained(cell).toOpaque())
        precondition(previous == nil, "SharedInstances: a slot changed without a new generation")
        return true
      }
      if installed { return (cell.value, false) }
      // An override or reset happened while the factory ran: its result belongs to a past
      // generation and is dropped; look again.
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

  /// Publishes `value` and releases the previous instance.
  func store<Shared>(_ value: Shared, isOverride: Bool) {
    let cell = Unmanaged.passRetained(_Cell(value, isOverride: isOverride)).toOpaque()
    Self.retire(exchange(cell))
  }

  /// Empties the slot and releases the previous instance.
  func clear() {
    Self.retire(exchange(nil))
  }

  /// The current cell, retained for the caller (used to seed a nested scope).
  func retainedCell() -> UnsafeMutableRawPointer? {
    stateLock.withLock {
      guard let raw = current.pointee else { return nil }
      return Unmanaged<AnyObject>.fromOpaque(raw).retain().toOpaque()
    }
  }

  /// Releases a cell that is no longer published, once no reader still holds it.
  static func retire(_ cell: UnsafeMutableRawPointer?) {
    guard let cell else { return }
    si_hazard_wait_until_unprotected(cell)
    // May run the instance's deinit: user code, so no lock is held here.
    Unmanaged<AnyObject>.fromOpaque(cell).release()
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
