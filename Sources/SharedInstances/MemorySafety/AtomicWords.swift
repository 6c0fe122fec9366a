import _SharedInstancesShims

/// An integer word that threads read and change without a lock, in memory its owner allocated
/// and keeps alive (a box identity's words, a scope's flags, a test's counters).
///
/// The one way Swift code outside this folder reaches the C atomics on integers: each operation
/// names its ordering, so a caller's comment can say which invariant of `_MemorySafety` (or
/// which plain counter) it keeps. Emitted into its callers: it adds no code to a program that
/// does not use it, and costs what the C call costs.
@frozen @usableFromInline
package struct _AtomicWord {
  @usableFromInline package let address: UnsafeMutablePointer<Int>

  /// The word at `address`, which the caller owns and keeps alive while the word is used.
  @_alwaysEmitIntoClient @inline(__always)
  package init(_ address: UnsafeMutablePointer<Int>) { self.address = address }

  /// The value, with no ordering: for flags and counters read without acting on other memory.
  @_alwaysEmitIntoClient @inline(__always)
  package func loadRelaxed() -> Int { si_int_load_relaxed(address) }

  /// The value, with acquire ordering.
  @_alwaysEmitIntoClient @inline(__always)
  package func loadAcquire() -> Int { si_int_load_acquire(address) }

  /// Stores `value` with release ordering.
  @_alwaysEmitIntoClient @inline(__always)
  package func storeRelease(_ value: Int) { si_int_store_release(address, value) }

  /// Adds `delta` (sequentially consistent); returns the value before.
  @_alwaysEmitIntoClient @inline(__always) @discardableResult
  package func fetchAdd(_ delta: Int) -> Int { si_int_fetch_add(address, delta) }

  /// Replaces `expected` with `desired` if the word holds `expected` (sequentially
  /// consistent); returns whether it did.
  @_alwaysEmitIntoClient @inline(__always)
  package func compareExchange(_ expected: Int, _ desired: Int) -> Bool {
    si_int_compare_exchange(address, expected, desired)
  }

  /// Whether `first` or `second` is non-zero, with no ordering: two flags a hot path checks at
  /// once (a scope's "ended" and "a factory runs"), each acted on only after a lock or a report
  /// confirmed it.
  @_alwaysEmitIntoClient @inline(__always)
  package static func eitherIsSet(_ first: _AtomicWord, _ second: _AtomicWord) -> Bool {
    si_any_set(first.address, second.address)
  }

  /// Applies `change` atomically, retrying while another thread changed the word meanwhile,
  /// until it applied or `change` returned nil; returns the value it was applied to (or last
  /// saw).
  @_alwaysEmitIntoClient @discardableResult
  package func update(_ change: (Int) -> Int?) -> Int {
    var seen = loadRelaxed()
    while let next = change(seen) {
      if compareExchange(seen, next) { return seen }
      seen = loadRelaxed()
    }
    return seen
  }
}

/// A pointer word that threads read and change without a lock, in memory its owner allocated:
/// something published once or replaced under a lock, and read with acquire ordering.
///
/// What it points to is the owner's business: a reader may only use it while something else
/// keeps it alive (it is never freed, as a scope keeps its tables, or it is freed only when no
/// reader can hold it). An object replaced while lock-free readers may use it belongs in a
/// `_Slot` instead, which defers its release to them.
@frozen @usableFromInline
package struct _AtomicPointer {
  @usableFromInline package let address: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  /// The word at `address`, which the caller owns and keeps alive while the word is used.
  @_alwaysEmitIntoClient @inline(__always)
  package init(_ address: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
    self.address = address
  }

  /// The pointer, with acquire ordering: what was written before it was stored is visible.
  @_alwaysEmitIntoClient @inline(__always)
  package func loadAcquire() -> UnsafeMutableRawPointer? { si_ptr_load_acquire(address) }

  /// Stores `value` with release ordering.
  @_alwaysEmitIntoClient @inline(__always)
  package func storeRelease(_ value: UnsafeMutableRawPointer?) {
    si_ptr_store_release(address, value)
  }

  /// Stores `value` (sequentially consistent); returns the pointer before.
  @_alwaysEmitIntoClient @inline(__always)
  package func exchange(_ value: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    si_ptr_exchange(address, value)
  }

  /// Replaces `expected` with `desired` if the word holds `expected` (sequentially
  /// consistent); returns whether it did.
  @_alwaysEmitIntoClient @inline(__always)
  package func compareExchange(
    _ expected: UnsafeMutableRawPointer?,
    _ desired: UnsafeMutableRawPointer?
  ) -> Bool {
    si_ptr_compare_exchange(address, expected, desired)
  }
}

/// A 64-bit word that threads read without a lock while one writer stores it, in memory its
/// owner allocated (the keys of a scope's table, published after their slots).
@frozen @usableFromInline
package struct _AtomicUInt64 {
  @usableFromInline package let address: UnsafeMutablePointer<UInt64>

  /// The word at `address`, which the caller owns and keeps alive while the word is used.
  @_alwaysEmitIntoClient @inline(__always)
  package init(_ address: UnsafeMutablePointer<UInt64>) { self.address = address }

  /// The value, with acquire ordering.
  @_alwaysEmitIntoClient @inline(__always)
  package func loadAcquire() -> UInt64 { si_u64_load_acquire(address) }

  /// Stores `value` with release ordering: what was written before is visible to a reader that
  /// loads it with acquire ordering.
  @_alwaysEmitIntoClient @inline(__always)
  package func storeRelease(_ value: UInt64) { si_u64_store_release(address, value) }
}
