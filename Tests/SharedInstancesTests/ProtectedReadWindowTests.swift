import Foundation
import Testing
import _SharedInstancesIsolation
import _SharedInstancesShims

@testable import SharedInstances

/// The four holes of the protected read window, each an interleaving that a thread held right after
/// a store to
/// its hazard word (or at its box's creation lock) reproduces every time: what user code may run
/// while a hazard word is set, what a read that retries into an empty slot owes, what a read
/// under the creation lock may release, and what a thread that exits inside a borrow leaves.
@Suite(.serialized) struct ProtectedReadWindowTests {
  // MARK: Hole 1: user code inside a transient read

  enum ReportedRead: String, CaseIterable, CustomTestStringConvertible {
    /// A strict scope's read of a real instance.
    case strict
    /// A read in a scope that ended (work that outlived its test).
    case afterTheEnd

    var testDescription: String { rawValue }
  }

  @Test(arguments: ReportedRead.allCases)
  func aReadReportsOnlyAfterItsHazardWordIsClear(_ reported: ReportedRead) {
    let target = Resettable { Tracked("real") }
    let other = Resettable { Tracked("other") }
    let seen = Seen()
    let parent = _Scope(
      name: "parent",
      parent: nil,
      isStrict: false,
      isProcessWide: false,
      report: { _ in }
    )
    // The parent scope holds the real instance; the nested one publishes a copy of its cell.
    let made = _CurrentScope.$scope.withValue(parent) { target.value }
    let nested = _Scope(
      name: "nested",
      parent: parent,
      isStrict: reported == .strict,
      isProcessWide: false,
      report: { _ in
        // What a `.compactMapIssues` trait or an XCTest observer may do with the report.
        let stillProtected = si_hazard_current().pointee.transient != nil
        seen.reported(whileProtected: stillProtected)
        // Reading and resetting from here would free what the read still copies: only where
        // the read has ended (else this test would use freed memory instead of failing).
        guard !stillProtected, seen.reports == 1 else { return }
        _ = other.value
        target.reset()
        _CurrentScope.$scope.withValue(parent) { target.reset() }
      }
    )
    _ = nested.slot(for: target._identity)  // touched, not read: the read below is the first
    if reported == .afterTheEnd { nested.end() }
    let read = _CurrentScope.$scope.withValue(nested) { target.value }

    // The read of `target`, then the read of `other` made from the report.
    #expect(seen.reports == 2, "the reads were not reported")
    #expect(seen.whileProtected == 0, "a report ran while the read's hazard word was set")
    #expect(read === made)
    #expect(read.label == "real")
  }

  /// User code that copying a value runs (a C++ copy constructor, an Objective-C `retain`) may
  /// read a box: that read must not clear the outer read's protection.
  @Test(.enabled(if: HeldThread.isAvailable))
  func aReadInsideAnotherReadsWindowKeepsTheOuterProtection() {
    let outer = Resettable { Tracked("outer") }
    let inner = Resettable { Tracked("inner") }
    _ = outer.value
    _ = inner.value
    let seen = Seen()
    let finished = HeldThread.session { held in
      held.run(
        reaching: [SI_TEST_PROTECT_STORED],
        inWindow: { _, word in
          // Inside the outer read's window, between its store and its validation.
          let protecting = word!.load(as: UnsafeRawPointer?.self)
          _ = inner.value
          _ = inner.currentValue
          inner.withValue { _ in }
          _ = inner._global.loadObject(Tracked.self, symmetric: false)
          let still = word!.load(as: UnsafeRawPointer?.self)
          seen.reported(whileProtected: still != protecting)
        },
        { _ = outer.currentValue }
      )
    }
    #expect(finished)
    #expect(seen.reports == 1)
    #expect(seen.whileProtected == 0, "a nested read cleared the outer read's hazard word")
  }

  // MARK: Hole 2: a read that retries into an empty slot

  enum EmptiedRead: String, CaseIterable, CustomTestStringConvertible {
    case currentValue, value, objectValue, withValue, scopedValue, scopedCurrentValue
    case scopedWithValue

    var isScoped: Bool { [.scopedValue, .scopedCurrentValue, .scopedWithValue].contains(self) }
    var testDescription: String { rawValue }
  }

  @Test(.enabled(if: HeldThread.isAvailable), arguments: EmptiedRead.allCases)
  func aReadThatFindsTheSlotEmptiedReleasesTheInstanceItProtected(_ kind: EmptiedRead) {
    let box = Resettable { Tracked("made") }
    let scope =
      kind.isScoped
      ? _Scope(name: "emptied", parent: nil, isStrict: false, isProcessWide: false) { _ in }
      : nil
    let place = Place(scope: scope)
    weak var first: Tracked?
    place.run {
      let instance = Tracked("first")
      first = instance
      box.set(instance)
    }
    let slot = place.run { _Scope.slotHere(of: box) }

    HeldThread.session { held in
      held.start(holdingAt: [SI_TEST_PROTECT_STORED]) {
        place.run {
          switch kind {
          case .currentValue, .scopedCurrentValue: _ = box.currentValue
          case .value, .scopedValue: _ = box.value
          // The read a release build makes of a class instance (`si_hazard_read_object`).
          case .objectValue: _ = box._global.loadObject(Tracked.self, symmetric: false)
          case .withValue, .scopedWithValue: box.withValue { _ in }
          }
        }
      }
      // Held between its store of the hazard word and the validating reload.
      #expect(held.next() == .at(SI_TEST_PROTECT_STORED))
      // The writer's scan sees the word: the cell is deferred to that read.
      place.run { box.reset() }
      held.resume()
      #expect(held.runToEnd())
    }

    #expect(first == nil, "the replaced instance outlived every read")
    #expect(slot.retiredCount == 0)
  }

  // MARK: Hole 3: a release under the creation lock

  @Test(.enabled(if: HeldThread.isAvailable))
  func aReadUnderTheCreationLockReleasesNothingThere() {
    let box = Resettable { Leaving("made") }
    let seen = Seen()
    HeldThread.session { held in
      held.start(
        holdingAt: [SI_TEST_CREATION_LOCKED, SI_TEST_PROTECT_STORED, SI_TEST_CREATION_UNLOCKING]
      ) {
        _ = box.value
      }
      var replaced = false
      while let stop = held.next() {
        if stop == .finished { break }
        switch stop {
        case .at(SI_TEST_CREATION_LOCKED) where !seen.installedFirst:
          // The first read found the box empty; another thread installs an instance now.
          seen.installedFirst = true
          box.set(Leaving("first", box: box, seen: seen))
        case .at(SI_TEST_PROTECT_STORED), .at(SI_TEST_CREATION_UNLOCKING):
          // While the reader under the creation lock uses that instance, it is replaced.
          if !replaced {
            replaced = true
            box.set(Leaving("second"))
          }
        default:
          break
        }
        held.resume()
      }
    }

    #expect(seen.installedFirst)
    #expect(seen.deinits == 1, "the replaced instance was not released")
    #expect(seen.deinitsUnderCreation == 0, "a deinit ran under its box's creation lock")
    #expect(box.currentValue?.label == "from deinit", "the deinit's set(_:) was refused")
    #expect(box._global.retiredCount == 0)
  }

  // MARK: Hole 4: a thread that exits inside a borrow

  @Test func aThreadThatExitsInsideABorrowLeavesNothingBorrowed() {
    let box = Resettable<Tracked>.empty()
    let inner = Resettable<any Sendable>.empty()
    weak var borrowed: Tracked?
    weak var innerBorrowed: Tracked?
    do {
      let instance = Tracked("borrowed")
      borrowed = instance
      box.set(instance)
      let other = Tracked("inner")
      innerBorrowed = other
      inner.set(other)
    }
    ExitingBorrower(box, inner).runAndJoin()

    box.reset()
    inner.reset()
    #expect(borrowed == nil, "the instance the exited thread borrowed outlived its reset")
    #expect(innerBorrowed == nil, "the instance of the nested borrow outlived its reset")
    #expect(box._global.retiredCount == 0)
    #expect(inner._global.retiredCount == 0)
  }
}

// MARK: - Fixtures

/// Where a test's reads and changes run: in a scope, or outside every scope.
private struct Place: Sendable {
  let scope: _Scope?

  func run<R>(_ body: () -> R) -> R {
    guard let scope else { return body() }
    return _CurrentScope.$scope.withValue(scope) { body() }
  }
}

private final class Tracked: Sendable {
  let label: String
  init(_ label: String) { self.label = label }
}

/// An instance whose `deinit` notes whether its box's creation lock is held by its thread, and
/// sets its own box.
private final class Leaving: @unchecked Sendable {
  // @unchecked: `box` is written once, in `init`.
  let label: String
  weak var box: Resettable<Leaving>?
  let seen: Seen?

  init(_ label: String, box: Resettable<Leaving>? = nil, seen: Seen? = nil) {
    self.label = label
    self.box = box
    self.seen = seen
  }

  deinit {
    guard let seen, let box else { return }
    seen.deinitRan(underCreation: box._global.isCreatingOnThisThread)
    box.set(Leaving("from deinit"))
  }
}

private final class Seen: @unchecked Sendable {
  // @unchecked: every property is only touched while `lock` is held.
  private let lock = NSLock()
  private var counts = (reports: 0, whileProtected: 0, deinits: 0, underCreation: 0)
  private var installed = false

  func reported(whileProtected: Bool) {
    lock.withLock {
      counts.reports += 1
      if whileProtected { counts.whileProtected += 1 }
    }
  }

  func deinitRan(underCreation: Bool) {
    lock.withLock {
      counts.deinits += 1
      if underCreation { counts.underCreation += 1 }
    }
  }

  var installedFirst: Bool {
    get { lock.withLock { installed } }
    set { lock.withLock { installed = newValue } }
  }
  var reports: Int { lock.withLock { counts.reports } }
  var whileProtected: Int { lock.withLock { counts.whileProtected } }
  var deinits: Int { lock.withLock { counts.deinits } }
  var deinitsUnderCreation: Int { lock.withLock { counts.underCreation } }
}

/// A thread that borrows a box's instance and exits (`pthread_exit`) inside the borrow.
private final class ExitingBorrower: @unchecked Sendable {
  // @unchecked: `box` is immutable and a box is safe to read from any thread.
  let box: Resettable<Tracked>
  let inner: Resettable<any Sendable>

  init(_ box: Resettable<Tracked>, _ inner: Resettable<any Sendable>) {
    self.box = box
    self.inner = inner
  }

  func runAndJoin() {
    // `pthread_t` is an optional pointer on Darwin and an integer with Glibc.
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let context = Unmanaged.passRetained(self).toOpaque()
    let created = pthread_create(
      &thread,
      nil,
      { argument in
        // The argument is optional with Glibc only.
        let raw: UnsafeMutableRawPointer? = argument
        // Leaked on purpose: `pthread_exit` skips every release of the frames it unwinds.
        let borrower = Unmanaged<ExitingBorrower>.fromOpaque(raw!).takeUnretainedValue()
        borrower.box.withValue { outer in
          withExtendedLifetime(outer) {}
          borrower.inner.withValue { _ in pthread_exit(nil) }
        }
        fatalError("pthread_exit returned")
      },
      context
    )
    precondition(created == 0)
    #if canImport(Darwin)
      pthread_join(thread!, nil)
    #else
      pthread_join(thread, nil)
    #endif
  }
}

extension _Slot {
  /// Cells this slot retired that are not released yet.
  var retiredCount: Int { si_int_load_acquire(words + _Slot.retiredWord) }
}
