import _SharedInstancesShims

/// Retiring replaced cells, and releasing them once no read or borrow can use them (invariants
/// 5 and 6 of `_MemorySafety`).
extension _Slot {
  /// Releases a cell this slot no longer publishes: now, if no read or borrow holds it, else
  /// when the last of them ends. Never waits for a read or a borrow.
  ///
  /// Call with no lock held: the release may run the instance's deinit (invariant 10).
  @usableFromInline
  func retire(_ cell: UnsafeMutableRawPointer?) {
    guard let cell else { return }
    retireLock.withLock {
      retired.append(cell)
      // Counted before the barrier and the scan (invariant 6).
      si_int_fetch_add(words + Self.retiredWord, 1)
    }
    reclaim()
  }

  /// Releases every retired cell that no read or borrow holds any more.
  @usableFromInline
  func reclaim() {
    var free: [UnsafeMutableRawPointer] = []
    retireLock.withLock {
      scanRetired(into: &free)
      if !retired.isEmpty && !isDeferring {
        // Invariant 12: a slot where cells wait for reads is known to the threads that exit
        // inside a borrow. Registered, then scanned once more: a thread whose exit cleared its
        // words before that scan is seen by it; one that clears them later finds this slot.
        isDeferring = true
        _DeferredSlots.add(self)
        scanRetired(into: &free)
      }
      if retired.isEmpty && isDeferring {
        isDeferring = false
        _DeferredSlots.remove(self)
      }
      if !free.isEmpty { si_int_fetch_add(words + Self.retiredWord, -free.count) }
    }
    for cell in free { Self.release(cell) }
  }

  /// Moves the retired cells that no hazard word holds to `free`. Call with `retireLock` held.
  @inline(never)  // one copy for both calls in `reclaim`, not two inlined
  private func scanRetired(into free: inout [UnsafeMutableRawPointer]) {
    // Every hazard word stored before this point is visible to the scan below (invariant 8:
    // `membarrier` for a process-wide slot where Linux offers it, a fence otherwise).
    si_hazard_barrier(isScoped)
    retired.removeAll { cell in
      if si_hazard_is_protected(cell) { return false }  // its last reader releases it
      free.append(cell)
      return true
    }
  }
}

/// The slots where retired cells wait for reads or borrows to end (invariant 12), for a thread
/// that exits while it holds hazard words (`pthread_exit` or `Thread.exit()` inside `withValue`):
/// its destructor clears its words, then reclaims in each of them. A slot is held strongly
/// while it is here (from its first deferred cell until its retired list is empty again), and
/// every reference dropped from here is dropped after unlocking (invariant 10).
enum _DeferredSlots {
  /// A list, not a dictionary keyed by slot: a slot is added once (`isDeferring`), there are
  /// few, and a dictionary's code would come into every program.
  private static let slots = Protected<[_Slot]>([])

  static func add(_ slot: _Slot) {
    si_hazard_set_exit_reclaimer { _DeferredSlots.reclaimEverywhere() }
    slots.withLock { $0.append(slot) }
  }

  static func remove(_ slot: _Slot) {
    let removed: _Slot? = slots.withLock { slots in
      guard let index = slots.firstIndex(where: { $0 === slot }) else { return nil }
      slots.swapAt(index, slots.count - 1)
      return slots.removeLast()
    }
    withExtendedLifetime(removed) {}
  }

  /// Reclaims in every slot where cells wait.
  static func reclaimEverywhere() {
    let waiting: [_Slot] = slots.withLock { $0 }
    for slot in waiting { slot.reclaim() }
  }
}

extension _Slot {
  /// How many cells this slot retired that wait for reads or borrows to end (for checks).
  package var waitingCells: Int { si_int_load_acquire(words + Self.retiredWord) }
}
