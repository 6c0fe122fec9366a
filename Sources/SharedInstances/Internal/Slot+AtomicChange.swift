import _SharedInstancesShims

extension _Slot {
  /// Publishes `value` if the slot holds nothing, atomically. Returns whether it did.
  func storeIfEmpty<Shared>(_ value: Shared) -> Bool {
    let cell = Self.makeCell(value, isOverride: false)
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
    let creator = words + Self.creatorWord
    let me = Int(bitPattern: si_current_thread())
    if si_int_load_acquire(creator) == me { identity.reentrancyFailure() }
    creationLock.lock()
    si_int_store_release(creator, me)
    _FactoryStack.push(identity, role: .update)
    defer {
      _FactoryStack.pop()
      si_int_store_release(creator, 0)
      creationLock.unlock()
    }
    while true {
      let (seen, startedIn): (UnsafeMutableRawPointer?, UInt64) = stateLock.withLock {
        guard let word = current.pointee else { return (nil, generation) }
        Self.retain(word)
        return (word, generation)
      }
      let old: Shared? = seen.map { Self.instance(in: $0, as: Shared.self) }
      let wasOverride = seen.map { Self.isOverride($0) } ?? false
      if let seen { Self.release(seen) }  // `old` holds the instance now
      // User code: no lock but this slot's own creation lock is held.
      let updated = try transform(old)
      let cell = Self.makeCell(updated, isOverride: wasOverride)
      let previous: UnsafeMutableRawPointer?? = stateLock.withLock {
        guard generation == startedIn else { return .none }
        generation &+= 1
        return .some(si_ptr_exchange(current, cell))
      }
      guard let previous else {
        // Another change landed while `transform` ran: start again from what it published.
        Self.release(cell)
        continue
      }
      retire(previous)
      return updated
    }
  }
}
