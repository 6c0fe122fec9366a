import _SharedInstancesShims

/// A transient read in progress (invariants 1–3, 6 and 13 of `_MemorySafety`): the cell word a
/// hazard word of its thread protects, and what ending the read needs.
///
/// Its parts are split so that an unspecialized client (every debug build: tests run in debug)
/// does as little generic work per read as possible: finding and protecting the cell is
/// non-generic (`_Slot.beginRead(_:symmetric:)`, `_Isolation.beginRead(of:global:_:)`), and the
/// generic part only copies the instance out and hands the copy's address to `end(after:)`.
@usableFromInline
package struct _Read {
  /// The fields, in a C struct (`si_read`): the computed properties below are emitted into
  /// their callers, so that programs carry no accessor functions for ten stored properties.
  /// Only these properties touch `raw`.
  @usableFromInline package var raw: si_read

  /// The hazard word that protects the cell: the thread's transient word, or a borrow word for
  /// a read nested in another read's window (I2). Nil when the read owns a reference to its
  /// cell instead (`ownsCell`).
  @_alwaysEmitIntoClient package var hazard: UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
    get { raw.hazard }
    set { raw.hazard = newValue }
  }
  /// The protected cell word; nil until `_Slot.beginRead` protected one.
  @_alwaysEmitIntoClient package var word: UnsafeMutableRawPointer? {
    get { raw.word }
    set { raw.word = newValue }
  }
  @_alwaysEmitIntoClient package var slot: Unmanaged<_Slot>? {
    get { raw.slot.map { Unmanaged.fromOpaque($0) } }
    set { raw.slot = newValue?.toOpaque() }
  }
  /// The slot's count of retired cells, read when the read ends (invariant 6).
  @_alwaysEmitIntoClient package var retiredCount: UnsafePointer<Int>? {
    get { raw.retired_count }
    set { raw.retired_count = newValue }
  }
  @_alwaysEmitIntoClient package var symmetric: Bool {
    get { raw.symmetric }
    set { raw.symmetric = newValue }
  }
  @_alwaysEmitIntoClient package var retried: Bool {
    get { raw.retried }
    set { raw.retried = newValue }
  }
  /// The read holds one reference to its cell, taken under the slot's state lock, instead of a
  /// hazard word: a read nested in another read's window when every word of the thread is
  /// taken. Released when the read ends.
  @_alwaysEmitIntoClient var ownsCell: Bool {
    get { raw.owns_cell }
    set { raw.owns_cell = newValue }
  }
  /// The scope that owns `slot`, retained until the read ends (invariant 9), when nothing else
  /// keeps it alive: nil for a scope bound to the reading task, which the binding keeps alive
  /// for the whole (synchronous) read. Unmanaged, so that the struct is trivial and a debug
  /// build copies it without reference counting.
  @_alwaysEmitIntoClient package var scope: Unmanaged<AnyObject>? {
    get { raw.scope.map { Unmanaged.fromOpaque($0) } }
    set { raw.scope = newValue?.toOpaque() }
  }
  /// The scope whose checks (and reports) the read owes once it ended (invariant 13), and the
  /// box read: nil when it owes none. Kept alive by the task's binding or by `scope`.
  @_alwaysEmitIntoClient package var check: Unmanaged<AnyObject>? {
    get { raw.check.map { Unmanaged.fromOpaque($0) } }
    set { raw.check = newValue?.toOpaque() }
  }
  @_alwaysEmitIntoClient package var identity: Unmanaged<_BoxIdentity>? {
    get { raw.identity.map { Unmanaged.fromOpaque($0) } }
    set { raw.identity = newValue?.toOpaque() }
  }

  /// Transparent, so that a debug build (where tests run) sets up each read without a call.
  @_transparent @usableFromInline init() { raw = si_read() }

  /// What the read copies.
  @_transparent @usableFromInline var kind: _CellKind { _CellWord.kind(word.unsafelyUnwrapped) }

  /// Copies the instance out of the protected cell.
  @_transparent @usableFromInline
  func copy<Shared>(as _: Shared.Type) -> Shared {
    _CellWord.instance(in: word.unsafelyUnwrapped, as: Shared.self)
  }

  /// Ends the read, after `copy` was copied out of the cell (invariant 3).
  @_transparent @usableFromInline
  mutating func end<Shared>(after copy: inout Shared) {
    // One C call: clears the word once the copy is complete, and tells what is left, so that a
    // debug build (where tests run) makes no further call on the common read.
    var retired = 0
    // The copy's address goes to the opaque call, so that the copy is complete before it.
    let ending = withUnsafeMutablePointer(to: &copy) { copy in
      si_hazard_end_transient_read(&raw, UnsafeMutableRawPointer(copy), &retired)
    }
    if _slowPath(ending != SI_READ_ENDED) {
      if ending == SI_READ_OWNS_CELL { return endOwned() }
      ended(retired: retired)
    }
  }

  /// The rest of ending a read, where it has a rest, all of it after the hazard word is clear:
  /// reclaiming cells (invariant 6), the checks and reports the read owes (invariant 13), and
  /// letting go of the scope. Not generic.
  @usableFromInline
  func ended(retired: Int) {
    if retired != 0 {
      slot!._withUnsafeGuaranteedRef { $0.readEnded(of: word!, retried: retried) }
    }
    report()
    scope?.release()
  }

  /// Ends a read that owned a reference to its cell: drops it (invariant 10), then as `ended`.
  @usableFromInline
  func endOwned() {
    _Slot.release(word!)
    report()
    scope?.release()
  }

  /// What the scope checks about a read it served, now that the read ended (invariant 13).
  private func report() {
    guard let check, let identity, let slot else { return }
    check._withUnsafeGuaranteedRef { scope in
      _Isolation.hooks.checkRead(
        in: scope,
        slot.takeUnretainedValue(),
        identity: identity.takeUnretainedValue(),
        kind: kind
      )
    }
  }
}

extension _Read {
  /// Starts a read of box `id` in a scope, in one C call (`si_scope_read`; invariants 1 and 8,
  /// symmetric fences): finds the box in the table the scope publishes, protects its cell and
  /// counts the read. `scopeWords` are the scope's four words (its running factories, its
  /// quiet-period flag, its ended flag, its published table). Nil when nothing was protected:
  /// the table has no slot for the box, the slot is empty, or the thread's transient word is
  /// taken by the read whose window this runs in (the caller then takes the general path,
  /// `_Slot.beginNestedRead`). Otherwise the `SI_SCOPE_READ_…` flags the read raised (the scope
  /// ended or runs a factory; the cell holds a real instance), zero for none.
  @_alwaysEmitIntoClient
  package mutating func beginInScope(
    _ scopeWords: UnsafeMutablePointer<Int>,
    box id: UInt64
  ) -> Int? {
    var attention = 0
    let status = si_scope_read(scopeWords, id, &raw, &attention)
    if status == SI_SCOPE_READ_BEGAN { return attention }
    if _slowPath(status == SI_SCOPE_READ_EMPTIED) {
      // Invariant 11: the word held, for a moment, a cell a writer may have deferred to it.
      Unmanaged<_Slot>.fromOpaque(raw.slot.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
        $0.emptiedRead(raw.hazard.unsafelyUnwrapped, symmetric: true)
      }
      raw = si_read()
    }
    return nil
  }

  /// A flag of ``beginInScope(_:box:)``: the scope ended or runs a factory (it owes checks).
  package static var scopeIsBusy: Int { Int(SI_SCOPE_READ_SCOPE_BUSY) }
  /// A flag of ``beginInScope(_:box:)``: the protected cell holds a real instance.
  package static var cellIsReal: Int { Int(SI_SCOPE_READ_REAL) }
}

extension _Slot {
  /// Protects the current cell for a transient read; false when the slot is empty.
  @_alwaysEmitIntoClient @inline(__always)
  package func beginRead(_ read: inout _Read, symmetric: Bool) -> Bool {
    let record = si_hazard_current()
    guard si_hazard_transient_is_free(record) else {
      return beginNestedRead(&read, symmetric: symmetric)
    }
    let hazard = si_hazard_transient_word(record)
    var retried = false
    guard let word = si_hazard_protect_word(current, hazard, symmetric, &retried) else {
      if _slowPath(retried) { emptiedRead(hazard, symmetric: symmetric) }
      return false
    }
    read.hazard = hazard
    read.word = word
    read.slot = .passUnretained(self)
    read.retiredCount = UnsafePointer(words + Self.retiredWord)
    read.symmetric = symmetric
    read.retried = retried
    return true
  }

  /// A read inside another read's window on this thread (user code that copying a value ran:
  /// a C++ copy constructor, an Objective-C `retain`): protected with a borrow word, so that the
  /// outer read keeps its transient word (invariant 2), or, when every word is taken, with a
  /// reference to the cell taken under the state lock.
  @usableFromInline @inline(never)
  func beginNestedRead(_ read: inout _Read, symmetric: Bool) -> Bool {
    read.slot = .passUnretained(self)
    read.symmetric = symmetric
    read.retiredCount = UnsafePointer(words + Self.retiredWord)
    guard let hazard = si_hazard_free_borrow_word(si_hazard_current()) else {
      let word: UnsafeMutableRawPointer? = stateLock.withLock {
        guard let word = current.pointee else { return nil }
        Self.retain(word)
        return word
      }
      guard let word else { return false }
      read.word = word
      read.ownsCell = true
      return true
    }
    var retried = false
    guard let word = si_hazard_protect_word(current, hazard, symmetric, &retried) else {
      if retried { emptiedRead(hazard, symmetric: symmetric) }
      return false
    }
    read.hazard = hazard
    read.word = word
    read.retried = retried
    return true
  }

  /// The end a read owes that retried and then found the slot empty (invariant 11): its word
  /// held, for a moment, a cell a writer may have deferred to it. `hazard` is clear already;
  /// clearing it again through the out-of-line end fences and reads the retired count.
  @usableFromInline @inline(never)
  package func emptiedRead(
    _ hazard: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
    symmetric: Bool
  ) {
    if si_hazard_end_borrow(hazard, words + Self.retiredWord, symmetric) != 0 { reclaim() }
  }

  /// The current instance of a process-wide slot, a class instance (`_isSingleReference`),
  /// protected, retained and unprotected in one out-of-line C call (`si_hazard_read_object`:
  /// invariant 3); nil when the slot is empty, or when the read must be made another way (a read
  /// inside another read's window), which the caller's slow path does.
  @_alwaysEmitIntoClient @inline(__always)
  package func loadProcessWideObject<Shared>(_: Shared.Type) -> Shared? {
    let read = si_hazard_read_object(state, _cellValueOffset(Shared.self), false)
    if _fastPath(read.status == SI_READ_DONE) {
      return _takeRetained(read.object.unsafelyUnwrapped, as: Shared.self)
    }
    if read.status == SI_READ_BUSY { return nil }
    return objectReadEnded(read, as: Shared.self)
  }

  /// What `si_hazard_read_object` did besides handing back an instance: reclaims where it must
  /// (invariant 6 or 11), and returns the instance, or nil when there is none (the slot is
  /// empty, or the read must be made another way: `SI_READ_BUSY`).
  @_alwaysEmitIntoClient @inline(never)
  func objectReadEnded<Shared>(_ read: si_read_result, as _: Shared.Type) -> Shared? {
    let value = read.object.map { _takeRetained($0, as: Shared.self) }
    if read.status & SI_READ_RECLAIM != 0 { reclaim() }
    return value
  }
}

/// Whether values of `T` are one strong reference to a class instance, which
/// `si_hazard_read_object` can retain: decided when a client specializes the read (a constant
/// there); false in an unspecialized (debug) client, which takes the generic path.
@_transparent @usableFromInline
func _isSingleReference<T>(_: T.Type) -> Bool {
  _canBeClass(T.self) == 1 && MemoryLayout<T>.size == MemoryLayout<AnyObject>.size
}

/// Takes ownership of the +1 reference `si_hazard_read_object` returned, as `Shared` (a single
/// reference: `_isSingleReference`).
@_transparent @usableFromInline
func _takeRetained<Shared>(_ object: UnsafeMutableRawPointer, as _: Shared.Type) -> Shared {
  unsafeBitCast(Unmanaged<AnyObject>.fromOpaque(object).takeRetainedValue(), to: Shared.self)
}

extension _Isolation {
  /// Starts a read of a box once isolation was used in the process, where it resolves on this
  /// thread, recording it in the scope. Not generic and not inlinable: the same for every box.
  /// Written in `_SharedInstancesIsolation` (`MemorySafety/ScopedReads.swift`), reached through
  /// the C entry it installs (`si_isolated_read`), so that production binaries do not carry it
  /// and a debug build's read copies no class reference to reach it.
  ///
  /// True: the cell is protected; copy the instance out and end the read. False: nothing to copy
  /// yet (the instance must be created, or the box is empty), and `scope` is where the read
  /// resolved, nil for the process-wide state: resolving again would count it twice. A flag and
  /// an `inout` rather than an enum, for the size of programs.
  @usableFromInline
  static func beginRead(
    of id: UInt64,
    _ identity: UnsafeRawPointer,
    _ global: UnsafeRawPointer,
    _ read: inout _Read,
    _ scope: inout AnyObject?
  ) -> Bool {
    guard let entry = si_isolated_read() else {
      // Unreachable: the isolation layer installs the entry before any scope marks isolation
      // used. `hooks` stops the program with its message if it never did.
      _ = hooks
      return false
    }
    var missed: UnsafeMutableRawPointer? = nil
    let began = entry(id, identity, global, &read, &missed)
    if let missed { scope = Unmanaged<AnyObject>.fromOpaque(missed).takeRetainedValue() }
    return began
  }

  /// The signature of the isolated read's entry (`si_isolated_read_entry`).
  package typealias ReadEntry =
    @convention(c) (
      UInt64, UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer,
      UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> Bool

  /// Installs the isolated read's entry, with the hooks (`install(_:)`), before the first scope.
  package static func install(readEntry: ReadEntry) {
    si_install_isolated_read_entry(readEntry)
  }
}
