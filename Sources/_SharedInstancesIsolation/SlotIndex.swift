import SharedInstances

/// A scope's boxes for lock-free lookups: the owner of one `_SlotTable` (the core's
/// `MemorySafety/`), which it frees when it goes.
///
/// Only the scope's writer (holding the scope's lock) inserts. A full table is not resized in
/// place: the scope publishes a larger copy and keeps the old one alive until the scope itself
/// is released, so a reader never sees memory go away under it.
final class _SlotIndex: @unchecked Sendable {
  // @unchecked: the table is read without a lock only through `_SlotTable.lookup` and written
  // only by the scope's writer, under its lock; `count` is only touched under that lock.

  /// The table readers look boxes up in.
  let table: _SlotTable
  private(set) var count = 0

  init(capacity: Int) {
    table = _SlotTable(capacity: capacity)
  }

  deinit { table.deallocate() }

  /// The slot of box `id`, without locking; nil if this table does not have it (yet).
  func lookup(_ id: UInt64) -> Unmanaged<_Slot>? { table.lookup(id) }

  /// Whether one more entry fits without passing half full.
  var hasRoom: Bool { (count + 1) * 2 <= table.capacity }

  /// Adds box `id`'s slot. The caller holds the scope's lock, checked `hasRoom`, and keeps
  /// `slot` alive as long as the table.
  func insert(_ id: UInt64, _ slot: _Slot) {
    table.insert(id, slot)
    count += 1
  }

  /// A copy with twice the capacity.
  func grown() -> _SlotIndex {
    let copy = _SlotIndex(capacity: table.capacity * 2)
    table.forEach { id, slot in copy.insert(id, slot) }
    return copy
  }
}
