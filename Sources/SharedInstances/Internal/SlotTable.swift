/// A scope's boxes, keyed by box identifier: an open-addressing table with linear probing.
///
/// Box identifiers are small sequential numbers, so the identifier itself, masked, spreads the
/// keys: a lookup costs a few instructions instead of a `Dictionary`'s SipHash.
struct _SlotTable {
  struct Entry {
    let id: UInt64
    let slot: _Slot
    let identity: _BoxIdentity
    let order: Int
  }

  private var buckets: [Entry?] = Array(repeating: nil, count: 16)
  private(set) var count = 0

  /// The slot of box `id`, if the table has it.
  func slot(_ id: UInt64) -> _Slot? {
    let mask = buckets.count - 1
    var index = Int(truncatingIfNeeded: id) & mask
    return buckets.withUnsafeBufferPointer { buckets in
      while let entry = buckets[index] {
        if entry.id == id { return entry.slot }
        index = (index + 1) & mask
      }
      return nil
    }
  }

  /// Inserts an entry whose identifier is not in the table.
  mutating func insert(_ entry: Entry) {
    if (count + 1) * 2 > buckets.count { grow() }
    let mask = buckets.count - 1
    var index = Int(truncatingIfNeeded: entry.id) & mask
    while buckets[index] != nil { index = (index + 1) & mask }
    buckets[index] = entry
    count += 1
  }

  /// Every entry, in no particular order.
  var entries: [Entry] { buckets.compactMap { $0 } }

  mutating func removeAll() {
    buckets = Array(repeating: nil, count: 16)
    count = 0
  }

  private mutating func grow() {
    let old = entries
    buckets = Array(repeating: nil, count: buckets.count * 2)
    count = 0
    for entry in old { insert(entry) }
  }
}
