import Testing

@testable import SharedInstances

/// The lock-free table of slots by box identifier that isolation scopes publish: what one
/// writer inserts, any reader finds, through a table published by its address.
@Suite struct SlotTableTests {
  @Test func aSlotInsertedIsFoundByItsIdentifierAndNoOther() {
    let table = _SlotTable(capacity: 8)
    defer { table.deallocate() }
    let slot = _Slot()
    #expect(table.lookup(3) == nil)
    table.insert(3, slot)
    #expect(table.lookup(3)?.takeUnretainedValue() === slot)
    #expect(table.lookup(11) == nil)  // the same bucket
    #expect(table.capacity == 8)
  }

  @Test func identifiersThatCollideAreAllFoundAndListed() {
    let table = _SlotTable(capacity: 4)
    defer { table.deallocate() }
    let slots = [_Slot(), _Slot(), _Slot()]
    let ids: [UInt64] = [2, 6, 10]  // one bucket, probed in turn
    for (id, slot) in zip(ids, slots) { table.insert(id, slot) }
    for (id, slot) in zip(ids, slots) { #expect(table.lookup(id)?.takeUnretainedValue() === slot) }
    var listed: [UInt64: _Slot] = [:]
    table.forEach { id, slot in listed[id] = slot }
    #expect(listed.keys.sorted() == ids)
    #expect(zip(ids, slots).allSatisfy { listed[$0.0] === $0.1 })
  }

  @Test func aTableReadThroughItsPublishedAddressIsTheSameTable() {
    let table = _SlotTable(capacity: 2)
    defer { table.deallocate() }
    let slot = _Slot()
    table.insert(1, slot)
    let published = _SlotTable(address: table.address)
    #expect(published.lookup(1)?.takeUnretainedValue() === slot)
  }
}
