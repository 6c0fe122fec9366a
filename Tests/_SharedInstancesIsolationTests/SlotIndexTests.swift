import SharedInstances
import Testing

@testable import _SharedInstancesIsolation

/// A scope's index of its slots: found without a lock once inserted, kept through a copy
/// with more room.
@Suite struct SlotIndexTests {
  @Test func aSlotIsFoundByItsBoxOnceInserted() {
    let index = _SlotIndex(capacity: 8)
    let slot = _Slot()
    #expect(index.lookup(5) == nil)
    index.insert(5, slot)
    #expect(index.lookup(5)?.takeUnretainedValue() === slot)
    #expect(index.lookup(13) == nil)  // the same bucket, another box
    #expect(index.count == 1)
  }

  @Test func boxesThatShareABucketAreAllFound() {
    let index = _SlotIndex(capacity: 8)
    let slots = (0..<3).map { _ in _Slot() }
    for (offset, slot) in slots.enumerated() { index.insert(UInt64(1 + 8 * offset), slot) }
    for (offset, slot) in slots.enumerated() {
      #expect(index.lookup(UInt64(1 + 8 * offset))?.takeUnretainedValue() === slot)
    }
  }

  @Test func anIndexHasRoomUntilHalfFullAndItsGrownCopyKeepsEveryBox() {
    let index = _SlotIndex(capacity: 4)
    let slots = [_Slot(), _Slot()]
    #expect(index.hasRoom)
    index.insert(1, slots[0])
    #expect(index.hasRoom)
    index.insert(2, slots[1])
    #expect(!index.hasRoom)
    let grown = index.grown()
    #expect(grown.hasRoom)
    #expect(grown.count == 2)
    #expect(grown.lookup(1)?.takeUnretainedValue() === slots[0])
    #expect(grown.lookup(2)?.takeUnretainedValue() === slots[1])
    #expect(index.lookup(2)?.takeUnretainedValue() === slots[1])  // the old one still serves
  }
}
