/// The boxes whose process-wide instance was made outside every isolated test: by the program's
/// launch before any test began (an app that hosts a test bundle runs its launch code first), or
/// later by code that no isolated test's scope reaches. `SharedScope.launchReads` lists them.
///
/// The core keeps the record because that launch runs before the test-support modules are even
/// loaded. It costs nothing on a read of an existing instance: a box joins when its process-wide
/// instance is created (or installed with `set`, `override`, `update`), once, through an atomic
/// word of its own; only that first time takes the record's lock.
@usableFromInline
package enum _ProcessWideRecord {
  /// One box of the record, as it first joined.
  package struct Entry: Sendable {
    package let identity: _BoxIdentity
    /// The box's process-wide slot, which a reset empties.
    package let slot: _Slot
    /// The change that installed the instance (`set(_:)`); nil when a read created it.
    package let change: StaticString?
    /// Where the change was made; nil for a read, whose path carries no location.
    package let location: _SourceLocation?
    /// Whether no isolated scope had been opened in the process yet: the program's launch.
    package let beforeIsolation: Bool
    /// The test running on that thread, if the test-support modules knew one (a test that is
    /// not isolated).
    package let testName: String?
  }

  /// An entry as the record keeps it: the box only weakly, so that the record never keeps a
  /// box, its slot or its instance alive (a box of limited lifetime, released with its owner).
  /// Weak references are only loaded outside `records`' lock: the strong reference a load makes
  /// may be the last, and its release runs `deinit`s (user code) that may create boxes.
  private struct Record: Sendable {
    let id: UInt64
    weak var identity: _BoxIdentity?
    weak var slot: _Slot?
    let change: StaticString?
    let location: _SourceLocation?
    let beforeIsolation: Bool
    let testName: String?

    var entry: Entry? {
      guard let identity, let slot else { return nil }
      return Entry(
        identity: identity,
        slot: slot,
        change: change,
        location: location,
        beforeIsolation: beforeIsolation,
        testName: testName
      )
    }
  }

  private struct Records: Sendable {
    var list: [Record] = []
    /// The length at which `note` next drops the records of released boxes: twice the length
    /// after the last pruning, so that the record stays within twice the boxes alive.
    var pruneAt = 64
  }

  private static let records = Protected(Records())

  /// Notes that a read created the process-wide instance of `identity` in `slot`.
  @usableFromInline
  package static func noteCreated(_ identity: _BoxIdentity, in slot: _Slot) {
    note(identity, slot, change: nil, at: nil)
  }

  /// Notes a change outside every scope that installs an instance (not a reset).
  @usableFromInline
  package static func noteChange(
    _ identity: _BoxIdentity,
    in slot: _Slot,
    _ change: _Change,
    at location: _SourceLocation
  ) {
    guard change.kindBits & 0b11 != 0, !change.restores else { return }
    note(identity, slot, change: change.name, at: location)
  }

  private static func note(
    _ identity: _BoxIdentity,
    _ slot: _Slot,
    change: StaticString?,
    at location: _SourceLocation?
  ) {
    if identity.isTestInfrastructure { return }
    // A box joins once, until the record is taken: the first creation or change wins.
    let joined = _AtomicWord(identity.words + _BoxIdentity.processWideRecordedWord)
    guard joined.loadRelaxed() == 0, joined.compareExchange(0, 1) else { return }
    let beforeIsolation = !_ProcessWords.isolationIsActive
    // The provider is the test-support modules' (no user code); nil before they are used.
    let testName = beforeIsolation ? nil : _RunningTest.name
    let record = Record(
      id: identity.id,
      identity: identity,
      slot: slot,
      change: change,
      location: location,
      beforeIsolation: beforeIsolation,
      testName: testName
    )
    let prune = records.withLock { records in
      records.list.append(record)
      return records.list.count >= records.pruneAt
    }
    if prune { pruneReleased() }
  }

  /// Drops the records of boxes that were released.
  private static func pruneReleased() {
    let snapshot = records.withLock { $0.list }
    // Arrays, not a set: no hashing code in every program for a list this short.
    let released = snapshot.filter { $0.entry == nil }.map(\.id)
    records.withLock { records in
      records.list.removeAll { released.contains($0.id) }
      records.pruneAt = max(64, records.list.count * 2)
    }
  }

  /// Every box in the record that is still alive, in the order they joined.
  package static var all: [Entry] {
    records.withLock { $0.list }.compactMap(\.entry)
  }

  /// Empties the process-wide slot of every box in the record and takes it out of the record,
  /// so that it may join again; returns those boxes. A bootstrap-once box the program
  /// bootstrapped stays, as it is: the program could not bootstrap it again. A box whose own
  /// factory runs on this thread is refused and reported, as its `reset()` is.
  package static func resetAll(at location: _SourceLocation) -> [Entry] {
    let snapshot = records.withLock { $0.list }
    var taken: [Entry] = []
    var leaving: [UInt64] = []
    for record in snapshot {
      guard let entry = record.entry else {
        leaving.append(record.id)  // released
        continue
      }
      if entry.identity.style == .bootstrap && entry.change != nil { continue }
      taken.append(entry)
      leaving.append(record.id)
    }
    records.withLock { $0.list.removeAll { leaving.contains($0.id) } }
    // Out of the record first, so that an instance made again from here on joins it again.
    for entry in taken {
      _AtomicWord(entry.identity.words + _BoxIdentity.processWideRecordedWord).storeRelease(0)
    }
    // No lock held: clearing may release an instance, whose `deinit` is user code.
    for entry in taken {
      entry.slot.refusingOwnChange(of: entry.identity, .reset, location)?.clear()
    }
    return taken
  }
}
