import _SharedInstancesShims

/// Retiring replaced cells, and releasing them once no read or borrow can use them (invariants
/// 5 and 6 of `_MemorySafety`).
extension _Slot {
  /// Releases a cell this slot no longer publishes: now, if no read or borrow holds it, else
  /// when the last of them ends. Never waits for a read or a borrow.
  ///
  /// Call with no lock held: the release may run the instance's deinit (invariant 10).
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
      // Every hazard word stored before this point is visible to the scan below (invariant 8:
      // `membarrier` for a process-wide slot where Linux offers it, a fence otherwise).
      si_hazard_barrier(isScoped)
      retired.removeAll { cell in
        if si_hazard_is_protected(cell) { return false }  // its last reader releases it
        free.append(cell)
        return true
      }
      if !free.isEmpty { si_int_fetch_add(words + Self.retiredWord, -free.count) }
    }
    for cell in free { Self.release(cell) }
  }
}
