import _SharedInstancesShims

/// Creation and changes. Every function that drops a cell while it holds a lock returns that
/// cell, or the instance, to a caller that releases it after unlocking (invariant 10 of
/// `_MemorySafety`): a `deinit` may read and change boxes, this one included.
extension _Slot {
  // MARK: Creating

  /// What one run of the creation lock produced.
  private enum Creation<Shared> {
    /// An instance was there already (another thread created or installed it): its cell, with
    /// one reference taken for the caller, who copies the instance out and drops the reference
    /// after unlocking (invariant 10: dropping it may release the instance, which a change may
    /// have replaced meanwhile).
    case found(UnsafeMutableRawPointer)
    /// The factory's result is installed.
    case installed(Shared)
    /// An override or reset landed while the factory ran: its result, in a cell, belongs to a
    /// past generation and is dropped by the caller, outside the lock.
    case dropped(UnsafeMutableRawPointer)
  }

  /// The current instance, creating it with `factory` if the slot is empty; the instance the
  /// factory makes is of `kind` (a test default makes a test double). Returns nil only when the
  /// slot is empty and there is no factory.
  @usableFromInline
  package func loadOrCreate<Shared>(
    _ identity: _BoxIdentity,
    kind: _CellKind = .real,
    factory: (() -> Shared)?
  ) -> (value: Shared, kind: _CellKind)? {
    if let loaded = loadWithKind(Shared.self, symmetric: isScoped) { return loaded }
    guard let factory else { return nil }
    if isCreatingOnThisThread { identity.reentrancyFailure() }
    while true {
      let creation = createOnce(identity, kind: kind, factory: factory)
      // No lock held now, and the creator word is cleared: what the run dropped may go.
      _FactoryStack.releaseDeferred()
      switch creation {
      case .found(let cell):
        // The cell is ours until released: no hazard word needed to copy the instance out.
        let loaded = (_CellWord.instance(in: cell, as: Shared.self), _CellWord.kind(cell))
        Self.release(cell)
        return loaded
      case .installed(let created): return (created, kind)
      case .dropped(let cell): Self.release(cell)
      }
    }
  }

  /// Takes the creation lock, and runs the factory if the slot is still empty.
  ///
  /// Nothing here releases an instance (invariant 10; issue 28, hole 3): the slot is looked at
  /// under its state lock, taking a reference to the cell found, never with a hazard-protected
  /// read, whose end may reclaim (and so run a `deinit`) while this thread holds the creation
  /// lock and is named its creator.
  private func createOnce<Shared>(
    _ identity: _BoxIdentity,
    kind: _CellKind,
    factory: () -> Shared
  ) -> Creation<Shared> {
    let creator = words + Self.creatorWord
    creationLock.lock()
    si_int_store_release(creator, Int(bitPattern: si_current_thread()))
    si_test_event(SI_TEST_CREATION_LOCKED, state)
    defer {
      si_test_event(SI_TEST_CREATION_UNLOCKING, state)
      si_int_store_release(creator, 0)
      creationLock.unlock()
    }
    // The generation this factory run belongs to, taken together with the emptiness check:
    // an override installed after this must not be overwritten.
    let (found, startedIn): (UnsafeMutableRawPointer?, UInt64) = stateLock.withLock {
      guard let word = current.pointee else { return (nil, generation) }
      Self.retain(word)  // our own `_Cell`: no user code under the lock
      return (word, generation)
    }
    if let found { return .found(found) }
    // User code: no lock but this slot's own creation lock is held. A change of this box
    // from inside the factory is refused (see `Resettable._refusesChangeDuringCreation`), so
    // it cannot make this run stale over and over.
    _FactoryStack.push(identity)
    let created = factory()
    _FactoryStack.pop()
    let cell = Self.makeCell(created, kind: kind)
    let installed: Bool = stateLock.withLock {
      guard generation == startedIn else { return false }
      generation &+= 1
      let previous = si_ptr_exchange(current, cell)
      precondition(previous == nil, "SharedInstances: a slot changed without a new generation")
      return true
    }
    // The cell holds its own reference to `created`: dropping it releases the instance.
    return installed ? .installed(created) : .dropped(cell)
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

  /// Publishes `value` (an override, or else an installed value: `installedKind`) and retires
  /// the previous instance.
  func store<Shared>(_ value: Shared, isOverride: Bool) {
    retire(exchange(Self.makeCell(value, kind: isOverride ? .double : installedKind)))
  }

  /// Empties the slot and retires the previous instance.
  func clear() {
    retire(exchange(nil))
  }

  /// A copy of the current cell, for a nested scope's slot to publish (invariant 7).
  package func copyOfCurrentCell() -> UnsafeMutableRawPointer? {
    stateLock.withLock { current.pointee.map { Self.copy(of: $0) } }
  }

  /// Publishes `value` if the slot holds nothing, atomically. Returns whether it did.
  func storeIfEmpty<Shared>(_ value: Shared) -> Bool {
    let cell = Self.makeCell(value, kind: installedKind)
    let stored: Bool = stateLock.withLock {
      guard current.pointee == nil else { return false }
      generation &+= 1
      let previous = si_ptr_exchange(current, cell)
      precondition(previous == nil, "SharedInstances: a slot changed under its state lock")
      return true
    }
    // Not published: drop the slot's reference to the caller's instance, with no lock held.
    if !stored { Self.release(cell) }
    return stored
  }

  // MARK: Updating

  /// What one run of `update`'s lock produced. Every case carries what the run dropped, for the
  /// caller to release after unlocking.
  private enum Update<Shared, Failure: Error> {
    /// Installed; `previous` is the replaced cell, to retire.
    case installed(Shared, previous: UnsafeMutableRawPointer?, old: Shared?)
    /// Another change landed while `transform` ran: its result, in `cell`, is dropped.
    case stale(cell: UnsafeMutableRawPointer, old: Shared?)
    /// `transform` threw; nothing changed.
    case failed(Failure, old: Shared?)
  }

  /// Replaces the instance with what `transform` makes of it, atomically: the result is
  /// published only if no other change happened while `transform` ran, else `transform` runs
  /// again with the instance that change published.
  ///
  /// Updates of one slot are serialized by its creation lock, which they share with its factory
  /// runs (and with nothing else), so `transform` runs once unless `set`, `override` or `reset`
  /// lands meanwhile. A published override stays an override.
  func update<Shared, Failure: Error>(
    _ identity: _BoxIdentity,
    _ transform: (Shared?) throws(Failure) -> Shared
  ) throws(Failure) -> Shared {
    if isCreatingOnThisThread { identity.reentrancyFailure() }
    while true {
      // Released here, after the run unlocked: `old` may be the last reference to an instance
      // that a concurrent change retired meanwhile.
      let run = updateOnce(identity, transform)
      _FactoryStack.releaseDeferred()
      switch run {
      case .installed(let updated, let previous, _):
        retire(previous)
        return updated
      case .stale(let cell, _):
        Self.release(cell)
      case .failed(let error, _):
        throw error
      }
    }
  }

  /// Takes the creation lock and runs `transform` once.
  private func updateOnce<Shared, Failure: Error>(
    _ identity: _BoxIdentity,
    _ transform: (Shared?) throws(Failure) -> Shared
  ) -> Update<Shared, Failure> {
    let creator = words + Self.creatorWord
    creationLock.lock()
    si_int_store_release(creator, Int(bitPattern: si_current_thread()))
    _FactoryStack.push(identity, role: .update)
    defer {
      _FactoryStack.pop()
      si_int_store_release(creator, 0)
      creationLock.unlock()
    }
    let (seen, startedIn): (UnsafeMutableRawPointer?, UInt64) = stateLock.withLock {
      guard let word = current.pointee else { return (nil, generation) }
      Self.retain(word)
      return (word, generation)
    }
    let old: Shared? = seen.map { _CellWord.instance(in: $0, as: Shared.self) }
    let wasOverride = seen.map { Self.isOverride($0) } ?? false
    // `old` holds the instance now; the cell may be the last reference to nothing else.
    if let seen { Self.release(seen) }
    // User code: no lock but this slot's own creation lock is held.
    let updated: Shared
    do throws(Failure) {
      updated = try transform(old)
    } catch {
      return .failed(error, old: old)
    }
    let cell = Self.makeCell(updated, kind: wasOverride ? .double : installedKind)
    let previous: UnsafeMutableRawPointer?? = stateLock.withLock {
      guard generation == startedIn else { return .none }
      generation &+= 1
      return .some(si_ptr_exchange(current, cell))
    }
    guard let previous else { return .stale(cell: cell, old: old) }
    return .installed(updated, previous: previous, old: old)
  }
}
