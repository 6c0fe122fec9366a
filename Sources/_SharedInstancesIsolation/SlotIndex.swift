import SharedInstances
import _SharedInstancesShims

/// A scope's boxes for lock-free lookups: the owner of one `si_slot_table` (an append-only
/// open-addressing table, read by C code: see `_SharedInstancesShims.h`).
///
/// Only the scope's writer (holding the scope's lock) inserts. A full table is not resized in
/// place: the scope publishes a larger copy and keeps the old one alive until the scope itself
/// is released, so a reader never sees memory go away under it. Box identifiers are small
/// sequential numbers, so the identifier itself, masked, spreads the keys.
final class _SlotIndex: @unchecked Sendable {
  // @unchecked: the table's buckets are read with atomics and written only by the scope's
  // writer, under its lock (slot first, then the identifier, with release ordering); `count` is
  // only touched under that lock.

  /// The table readers look boxes up in (`si_slot_table_lookup`).
  let table: UnsafeMutablePointer<si_slot_table>
  private(set) var count = 0

  init(capacity: Int) {
    let ids = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    ids.initialize(repeating: 0, count: capacity)
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<si_slot_state>?>.allocate(
      capacity: capacity
    )
    slots.initialize(repeating: nil, count: capacity)
    table = .allocate(capacity: 1)
    table.initialize(to: si_slot_table(mask: capacity - 1, ids: ids, slots: slots))
  }

  deinit {
    table.pointee.ids.deallocate()
    table.pointee.slots.deallocate()
    table.deallocate()
  }

  private var mask: Int { table.pointee.mask }

  /// The slot of box `id`, without locking; nil if this table does not have it (yet).
  func lookup(_ id: UInt64) -> Unmanaged<_Slot>? {
    si_slot_table_lookup(table, id).map { Unmanaged<_Slot>.fromOpaque($0.pointee.owner) }
  }

  /// Whether one more entry fits without passing half full.
  var hasRoom: Bool { (count + 1) * 2 <= mask + 1 }

  /// Adds box `id`'s slot. The caller holds the scope's lock, checked `hasRoom`, and keeps
  /// `slot` alive as long as the table.
  func insert(_ id: UInt64, _ slot: _Slot) {
    let ids = table.pointee.ids
    let slots = table.pointee.slots
    var index = Int(truncatingIfNeeded: id) & mask
    while ids[index] != 0 { index = (index + 1) & mask }
    // The slot first, then its key: a reader that finds the key finds the slot.
    _AtomicPointer(
      UnsafeMutableRawPointer(slots + index).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    ).storeRelease(UnsafeMutableRawPointer(slot.state))
    _AtomicUInt64(ids + index).storeRelease(id)
    count += 1
  }

  /// A copy with twice the capacity.
  func grown() -> _SlotIndex {
    let copy = _SlotIndex(capacity: (mask + 1) * 2)
    let ids = table.pointee.ids
    let slots = table.pointee.slots
    for index in 0...mask where ids[index] != 0 {
      copy.insert(
        ids[index],
        Unmanaged<_Slot>.fromOpaque(slots[index]!.pointee.owner).takeUnretainedValue()
      )
    }
    return copy
  }
}
