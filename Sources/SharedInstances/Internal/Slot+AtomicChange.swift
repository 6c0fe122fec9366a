import _SharedInstancesShims

extension _Slot {
  /// Publishes `value` if the slot holds nothing, atomically. Returns whether it did.
  func storeIfEmpty<Shared>(_ value: Shared) -> Bool {
    let cell = Unmanaged.passRetained(_Cell(value, isOverride: false)).toOpaque()
    let stored: Bool = stateLock.withLock {
      guard current.pointee == nil else { return false }
      generation &+= 1
      let previous = si_ptr_exchange(current, cell)
      precondition(previous == nil, "SharedInstances: a slot changed under its state lock")
      return true
    }
    // Not published: drop the slot's reference to the caller's instance, with no lock held.
    if !stored { Unmanaged<AnyObject>.fromOpaque(cell).release() }
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
        guard let raw = current.pointee else { return (nil, generation) }
        return (Unmanaged<AnyObject>.fromOpaque(raw).retain().toOpaque(), generation)
      }
      let old = seen.map { Unmanaged<_Cell<Shared>>.fromOpaque($0).takeRetainedValue() }
      // User code: no lock but this slot's own creation lock is held.
      let updated = try transform(old?.value)
      let cell = Unmanaged.passRetained(_Cell(updated, isOverride: old?.isOverride ?? false))
        .toOpaque()
      let previous: UnsafeMutableRawPointer?? = stateLock.withLock {
        guard generation == startedIn else { return .none }
        generation &+= 1
        return .some(si_ptr_exchange(current, cell))
      }
      guard let previous else {
        // Another change landed while `transform` ran: start again from what it published.
        Unmanaged<AnyObject>.fromOpaque(cell).release()
        continue
      }
      Self.retire(previous)
      return updated
    }
  }
}
