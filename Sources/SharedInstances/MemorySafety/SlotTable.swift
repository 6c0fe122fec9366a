import _SharedInstancesShims

/// A table of slots by box identifier that readers search without a lock: the boxes an
/// isolation scope has touched.
///
/// An append-only open-addressing table (`si_slot_table`), searched by C code so that the lookup
/// every read in a test makes costs the same in a debug build, where tests run, as in a release
/// build. One writer inserts, holding its owner's lock, and stores the slot before its key with
/// release ordering; a reader loads the key with acquire ordering, then the slot. A full table is
/// not grown in place: its owner publishes a larger copy and keeps this one allocated until no
/// reader can hold it (a scope keeps every table it published until it is released itself).
/// Box identifiers are small sequential numbers, so the identifier itself, masked, spreads the
/// keys. The table does not retain the slots: its owner keeps them alive as long as the table.
@frozen @usableFromInline
package struct _SlotTable {
  @usableFromInline let table: UnsafeMutablePointer<si_slot_table>

  /// An empty table of `capacity` buckets (a power of two), owned by the caller until
  /// ``deallocate()``.
  package init(capacity: Int) {
    precondition(capacity > 0 && capacity & (capacity - 1) == 0, "a power of two")
    let ids = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    ids.initialize(repeating: 0, count: capacity)
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<si_slot_state>?>.allocate(
      capacity: capacity
    )
    slots.initialize(repeating: nil, count: capacity)
    table = .allocate(capacity: 1)
    table.initialize(to: si_slot_table(mask: capacity - 1, ids: ids, slots: slots))
  }

  /// The table at `address`, as ``address`` gave it (a word that publishes the current table).
  @_alwaysEmitIntoClient @inline(__always)
  package init(address: UnsafeMutableRawPointer) {
    table = address.assumingMemoryBound(to: si_slot_table.self)
  }

  /// The table's address, for a word that publishes it.
  package var address: UnsafeMutableRawPointer { UnsafeMutableRawPointer(table) }

  /// Frees the table (not the slots). No reader may hold it any more.
  package func deallocate() {
    table.pointee.ids.deallocate()
    table.pointee.slots.deallocate()
    table.deallocate()
  }

  /// How many buckets the table has.
  package var capacity: Int { table.pointee.mask + 1 }

  /// The slot of box `id`, without locking; nil if the table does not have it (yet).
  @_alwaysEmitIntoClient @inline(__always)
  package func lookup(_ id: UInt64) -> Unmanaged<_Slot>? {
    guard let slot = si_slot_table_lookup(table, id) else { return nil }
    return Unmanaged<_Slot>.fromOpaque(slot.pointee.owner)
  }

  /// Adds box `id`'s slot. Only the table's one writer calls it (holding its owner's lock), with
  /// a free bucket left, and keeps `slot` alive as long as the table.
  package func insert(_ id: UInt64, _ slot: _Slot) {
    let mask = table.pointee.mask
    let ids = table.pointee.ids
    let slots = table.pointee.slots
    var index = Int(truncatingIfNeeded: id) & mask
    while ids[index] != 0 { index = (index + 1) & mask }
    // The slot first, then its key (release): a reader that finds the key finds the slot.
    _AtomicPointer(
      UnsafeMutableRawPointer(slots + index).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    ).storeRelease(UnsafeMutableRawPointer(slot.state))
    _AtomicUInt64(ids + index).storeRelease(id)
  }

  /// Calls `body` with every box identifier and slot of the table; only its writer calls it
  /// (to copy the table into a larger one).
  package func forEach(_ body: (UInt64, _Slot) -> Void) {
    let ids = table.pointee.ids
    let slots = table.pointee.slots
    for index in 0...table.pointee.mask where ids[index] != 0 {
      body(
        ids[index],
        Unmanaged<_Slot>.fromOpaque(slots[index]!.pointee.owner).takeUnretainedValue()
      )
    }
  }
}
