import _SharedInstancesShims

/// A scope's boxes for lock-free lookups: an append-only open-addressing table whose buckets are
/// read with atomics.
///
/// Only the scope's writer (holding the scope's lock) inserts. A full index is not resized in
/// place: the scope publishes a larger copy and keeps the old one alive until the scope itself
/// is released, so a reader never sees memory go away under it. Box identifiers are small
/// sequential numbers, so the identifier itself, masked, spreads the keys.
@usableFromInline
final class _SlotIndex: @unchecked Sendable {
  // @unchecked: `ids` and `slots` are read with atomics and written only by the scope's writer,
  // under its lock (slot first, then the identifier, with release ordering); `count` is only
  // touched under that lock.
  @usableFromInline let mask: Int
  /// Box identifiers; 0 marks an empty bucket.
  @usableFromInline let ids: UnsafeMutablePointer<UInt64>
  /// `Unmanaged<_Slot>`, not retained here: the scope's entries keep every slot alive.
  @usableFromInline let slots: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  private(set) var count = 0

  init(capacity: Int) {
    mask = capacity - 1
    ids = .allocate(capacity: capacity)
    ids.initialize(repeating: 0, count: capacity)
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
  }

  deinit {
    ids.deallocate()
    slots.deallocate()
  }

  /// The slot of box `id`, without locking; nil if this index does not have it (yet).
  @inlinable
  func lookup(_ id: UInt64) -> Unmanaged<_Slot>? {
    var index = Int(truncatingIfNeeded: id) & mask
    while true {
      let key = si_u64_load_acquire(ids + index)
      if key == id {
        guard let raw = si_ptr_load_relaxed(slots + index) else { return nil }
        return Unmanaged<_Slot>.fromOpaque(raw)
      }
      if key == 0 { return nil }
      index = (index + 1) & mask
    }
  }

  /// Whether one more entry fits without passing half full.
  var hasRoom: Bool { (count + 1) * 2 <= mask + 1 }

  /// Adds box `id`'s slot. The caller holds the scope's lock, checked `hasRoom`, and keeps
  /// `slot` alive as long as the index.
  func insert(_ id: UInt64, _ slot: _Slot) {
    var index = Int(truncatingIfNeeded: id) & mask
    while ids[index] != 0 { index = (index + 1) & mask }
    si_ptr_store_release(slots + index, Unmanaged.passUnretained(slot).toOpaque())
    si_u64_store_release(ids + index, id)
    count += 1
  }

  /// A copy with twice the capacity.
  func grown() -> _SlotIndex {
    let copy = _SlotIndex(capacity: (mask + 1) * 2)
    for index in 0...mask where ids[index] != 0 {
      copy.insert(
        ids[index],
        Unmanaged<_Slot>.fromOpaque(slots[index]!).takeUnretainedValue()
      )
    }
    return copy
  }
}
