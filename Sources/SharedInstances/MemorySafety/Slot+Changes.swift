import _SharedInstancesShims

/// Creation and changes. Every function that drops a cell while it holds a lock returns that
/// cell, or the instance, to a caller that releases it after unlocking (invariant 10 of
/// `_MemorySafety`): a `deinit` may read and change boxes, this one included.
extension _Slot {
  // MARK: Creating

  /// The current instance, creating it with `factory` if the slot is empty; the instance the
  /// factory makes is of `kind` (a test default makes a test double). Returns nil only when the
  /// slot is empty and there is no factory.
  ///
  /// Only the generic steps are here, emitted in the caller's module: taking the creation lock,
  /// looking at the slot and installing are the non-generic `beginCreation`, `install` and
  /// `endCreation`, so that the core carries no generic copy of the creation.
  @_alwaysEmitIntoClient
  package func loadOrCreate<Shared>(
    _ identity: _BoxIdentity,
    kind: _CellKind = .real,
    factory: (() -> Shared)?
  ) -> (value: Shared, kind: _CellKind)? {
    if let loaded = loadWithKind(Shared.self, symmetric: isScoped) { return loaded }
    guard let factory else { return nil }
    while true {
      let (found, startedIn) = beginCreation(identity)
      if let found {
        endCreation()
        // No lock held now, and the creator word is cleared: what the run dropped may go.
        _FactoryStack.releaseDeferred()
        // The cell is ours until released: no hazard word needed to copy the instance out.
        let loaded = (_CellWord.instance(in: found, as: Shared.self), _CellWord.kind(found))
        Self.release(found)
        return loaded
      }
      // User code: no lock but this slot's own creation lock is held. A change of this box
      // from inside the factory is refused (see `Resettable._refusesChangeDuringCreation`), so
      // it cannot make this run stale over and over.
      _FactoryStack.push(identity)
      let created = factory()
      _FactoryStack.pop()
      let cell = Self.makeCell(created, kind: kind)
      let installed = install(cell, ifStillIn: startedIn)
      endCreation()
      _FactoryStack.releaseDeferred()
      // The cell holds its own reference to `created`: dropping it releases the instance.
      if installed {
        if !isScoped { _ProcessWideRecord.noteCreated(identity, in: self) }
        return (created, kind)
      }
      // An override or reset landed while the factory ran: its result, in a cell, belongs to a
      // past generation and is dropped here, outside the lock.
      Self.release(cell)
    }
  }

  /// Enters the creation gate (stopping the program if this thread holds it already: the
  /// factory read its own box), and looks at the slot: returns the cell there (with one
  /// reference taken for the caller, who copies the instance out and drops the reference after
  /// `endCreation()`: invariant 10, dropping it may release the instance, which a change may
  /// have replaced meanwhile), or nil and the generation the factory's run belongs to. The
  /// caller calls `endCreation()` in both cases.
  ///
  /// Nothing here releases an instance (invariant 10): the slot is looked at
  /// under its state lock, taking a reference to the cell found, never with a hazard-protected
  /// read, whose end may reclaim (and so run a `deinit`) while this thread holds the creation
  /// lock and is named its creator.
  @usableFromInline
  func beginCreation(
    _ identity: _BoxIdentity
  ) -> (found: UnsafeMutableRawPointer?, startedIn: UInt64) {
    creation.enter(identity)
    si_test_event(SI_TEST_CREATION_LOCKED, state)
    // The generation this factory run belongs to, taken together with the emptiness check:
    // an override installed after this must not be overwritten.
    return stateLock.withLock {
      guard let word = current.pointee else { return (nil, generation) }
      Self.retain(word)  // our own `_Cell`: no user code under the lock
      return (word, generation)
    }
  }

  /// Publishes a factory's result in the empty slot, unless a change landed since the run's
  /// generation `startedIn` began. Returns whether it did. Call between `beginCreation(_:)` and
  /// `endCreation()`.
  @usableFromInline
  func install(_ cell: UnsafeMutableRawPointer, ifStillIn startedIn: UInt64) -> Bool {
    stateLock.withLock {
      guard generation == startedIn else { return false }
      generation &+= 1
      let previous = si_ptr_exchange(current, cell)
      precondition(previous == nil, "SharedInstances: a slot changed without a new generation")
      return true
    }
  }

  /// Leaves the creation gate `beginCreation(_:)` entered.
  @usableFromInline
  func endCreation() {
    si_test_event(SI_TEST_CREATION_UNLOCKING, state)
    creation.leave()
  }

  // MARK: Changing

  /// Publishes `cell` (or empties the slot) and returns the previous cell, still retained.
  /// The caller must `retire` it or hand it back with another `exchange`.
  @usableFromInline
  func exchange(_ cell: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    stateLock.withLock {
      generation &+= 1
      return si_ptr_exchange(current, cell)
    }
  }

  /// Publishes `value` (an override, or else an installed value: `installedKind`) and retires
  /// the previous instance.
  @_alwaysEmitIntoClient
  func store<Shared>(_ value: Shared, isOverride: Bool) {
    retire(exchange(Self.makeCell(value, kind: isOverride ? .double : installedKind)))
  }

  /// Empties the slot and retires the previous instance.
  @usableFromInline func clear() {
    retire(exchange(nil))
  }

  /// A copy of the current cell, for a nested scope's slot to publish (invariant 7).
  package func copyOfCurrentCell() -> UnsafeMutableRawPointer? {
    stateLock.withLock { current.pointee.map { Self.copy(of: $0) } }
  }

  /// Publishes `value` if the slot holds nothing, atomically. Returns whether it did.
  @_alwaysEmitIntoClient
  func storeIfEmpty<Shared>(_ value: Shared) -> Bool {
    let cell = Self.makeCell(value, kind: installedKind)
    let stored = publishIfEmpty(cell)
    // Not published: drop the slot's reference to the caller's instance, with no lock held.
    if !stored { Self.release(cell) }
    return stored
  }

  /// Publishes `cell` if the slot holds nothing, atomically. Returns whether it did.
  @usableFromInline
  func publishIfEmpty(_ cell: UnsafeMutableRawPointer) -> Bool {
    stateLock.withLock {
      guard current.pointee == nil else { return false }
      generation &+= 1
      let previous = si_ptr_exchange(current, cell)
      precondition(previous == nil, "SharedInstances: a slot changed under its state lock")
      return true
    }
  }

  // MARK: Updating

  /// Replaces the instance with what `transform` makes of it, atomically: the result is
  /// published only if no other change happened while `transform` ran, else `transform` runs
  /// again with the instance that change published.
  ///
  /// Updates of one slot are serialized by its creation lock, which they share with its factory
  /// runs (and with nothing else), so `transform` runs once unless `set`, `override` or `reset`
  /// lands meanwhile. A published override stays an override. Only the generic steps are here,
  /// as in `loadOrCreate`: the locking and publishing are `beginUpdate`, `publish` and
  /// `endUpdate`.
  @_alwaysEmitIntoClient
  func update<Shared, Failure: Error>(
    _ identity: _BoxIdentity,
    _ transform: (Shared?) throws(Failure) -> Shared
  ) throws(Failure) -> Shared {
    while true {
      let (seen, startedIn) = beginUpdate(identity)
      let old: Shared? = seen.map { _CellWord.instance(in: $0, as: Shared.self) }
      let wasOverride = seen.map { Self.isOverride($0) } ?? false
      // `old` holds the instance now; the cell may be the last reference to nothing else.
      if let seen { Self.release(seen) }
      // User code: no lock but this slot's own creation lock is held.
      let updated: Shared
      do throws(Failure) {
        updated = try transform(old)
      } catch {
        endUpdate()
        _FactoryStack.releaseDeferred()
        // Released here, after the run unlocked: `old` may be the last reference to an
        // instance that a concurrent change retired meanwhile.
        withExtendedLifetime(old) {}
        throw error
      }
      let cell = Self.makeCell(updated, kind: wasOverride ? .double : installedKind)
      let previous = publish(cell, ifStillIn: startedIn)
      endUpdate()
      _FactoryStack.releaseDeferred()
      withExtendedLifetime(old) {}  // after the unlock, as above
      guard let previous else {
        // Another change landed while `transform` ran: its result, in `cell`, is dropped.
        Self.release(cell)
        continue
      }
      retire(previous)
      return updated
    }
  }

  /// Enters the creation gate for one run of `update`'s transform (stopping the program if this
  /// thread holds it already) and pushes its frame; returns the current cell (one reference
  /// taken for the caller, who drops it once the instance is copied out) and the generation the
  /// run belongs to. The caller calls `endUpdate()`.
  @usableFromInline
  func beginUpdate(
    _ identity: _BoxIdentity
  ) -> (seen: UnsafeMutableRawPointer?, startedIn: UInt64) {
    creation.enter(identity)
    _FactoryStack.push(identity, isUpdate: true)
    return stateLock.withLock {
      guard let word = current.pointee else { return (nil, generation) }
      Self.retain(word)
      return (word, generation)
    }
  }

  /// Publishes an update's result unless a change landed since generation `startedIn`: the
  /// replaced cell (to retire, after `endUpdate()`), or nil when the result is stale.
  @usableFromInline
  func publish(
    _ cell: UnsafeMutableRawPointer,
    ifStillIn startedIn: UInt64
  ) -> UnsafeMutableRawPointer?? {
    stateLock.withLock {
      guard generation == startedIn else { return .none }
      generation &+= 1
      return .some(si_ptr_exchange(current, cell))
    }
  }

  /// Pops the update's frame and leaves the creation gate.
  @usableFromInline
  func endUpdate() {
    _FactoryStack.pop()
    creation.leave()
  }
}
