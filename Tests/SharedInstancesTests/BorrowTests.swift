import Foundation
import SharedInstances
import TestSupport
import Testing

/// `withValue(_:)` borrows the instance: long, nested and self-resetting borrows, changes that
/// never wait for a borrow, and deferred release of what a borrow still held.
@Suite(TimeLimits.waiting) struct BorrowTests {
  @Test func withValueCreatesOnceAndReturnsWhatTheBodyReturns() {
    let made = Locked(0)
    let box = Resettable {
      made.mutate { $0 += 1 }
      return Tracked("real")
    }
    #expect(box.withValue { $0.name } == "real")
    #expect(box.withValue { $0.name.count } == 4)
    #expect(box.withValue { $0 } === box.value)
    #expect(made.get() == 1)
  }

  @Test func withValueSeesOverridesAndResets() {
    let box = Resettable { Tracked("real") }
    box.override(with: Tracked("fake"))
    #expect(box.withValue { $0.name } == "fake")
    box.reset()
    #expect(box.withValue { $0.name } == "real")
  }

  @Test func withValueRethrowsTheBodysTypedError() {
    struct Refused: Error, Equatable {}
    let box = Resettable { Tracked("real") }
    #expect(throws: Refused()) {
      try box.withValue { (_) throws(Refused) -> Int in throw Refused() }
    }
    // The borrow ended although the body threw: a reset releases the instance at once.
    weak var instance: Tracked?
    instance = box.value
    box.reset()
    #expect(instance == nil)
  }

  @Test func aBodyThatResetsItsOwnBoxDoesNotDeadlockAndKeepsItsInstance() {
    let box = Resettable { Tracked("session") }
    weak var signedOut: Tracked?
    let nameAfterReset: String = box.withValue { session in
      signedOut = session
      box.reset()  // `signOut()` ending its own session
      // The instance this body borrowed stays alive until the body returns.
      #expect(signedOut != nil)
      return session.name
    }
    #expect(nameAfterReset == "session")
    #expect(signedOut == nil, "released when the last borrow of it ended")
    #expect(box.withValue { $0.name } == "session")
  }

  @Test func aMethodReadThroughValueMayResetItsOwnBox() {
    let box = Resettable { Tracked("session") }
    weak var signedOut: Tracked?
    signedOut = box.value
    box.value.run { box.reset() }
    #expect(signedOut == nil)
  }

  @Test func aResetOnAnotherThreadDoesNotWaitForALongBorrow() {
    let box = Resettable { Tracked("slow") }
    let borrowing = Latch()
    let finish = Latch()
    let resetReturned = Latch()
    weak var old: Tracked?
    old = box.value
    let borrowEnded = Latch()
    Thread {
      box.withValue { slow in
        borrowing.open()
        finish.waitOrFail("the test to end the borrow")  // a method that blocks
        _ = slow.name
      }
      borrowEnded.open()
    }.start()
    #expect(borrowing.wait())
    Thread {
      box.reset()
      resetReturned.open()
    }.start()
    // The reset returns while the borrow still runs...
    #expect(resetReturned.wait(), "reset() waited for a borrow on another thread")
    // ... and the borrowed instance lives on until the borrow ends.
    #expect(old != nil)
    finish.open()
    #expect(borrowEnded.wait())
    #expect(old == nil, "released once the borrow ended")
  }

  @Test func borrowsNestInOneBoxAndAcrossBoxesBeyondTheThreadsBorrowWords() {
    // Deeper than the per-thread borrow words (7): the rest fall back to a strong reference.
    let boxes = (0..<4).map { index in Resettable { Tracked("box \(index)") } }
    func nest(_ depth: Int) -> [String] {
      guard depth < 24 else { return [] }
      let box = boxes[depth % boxes.count]
      return box.withValue { instance in
        // Read the same box again inside its own borrow, through both APIs.
        #expect(box.value === instance)
        return [instance.name] + nest(depth + 1)
      }
    }
    let names = nest(0)
    #expect(names.count == 24)
    #expect(names.prefix(4) == ["box 0", "box 1", "box 2", "box 3"])
  }

  @Test func aNestedBorrowOfAResetInstanceReleasesItWhenTheOutermostEnds() {
    let box = Resettable { Tracked("outer") }
    weak var outer: Tracked?
    box.withValue { first in
      outer = first
      box.withValue { second in
        #expect(first === second)
        box.reset()
      }
      // The inner borrow ended, the outer one still holds it.
      #expect(outer != nil)
      // A new instance is created for reads after the reset.
      #expect(box.withValue { $0 } !== first)
    }
    #expect(outer == nil)
  }

  @Test func aStoredInstanceStaysAliveAfterAReset() {
    let box = Resettable { Tracked("kept") }
    weak var weakly: Tracked?
    var kept: Tracked? = box.value
    weakly = kept
    box.reset()
    #expect(weakly != nil)
    #expect(kept?.name == "kept")
    kept = nil
    #expect(weakly == nil)
  }

  @Test func theReplacedInstancesDeinitRunsOnTheLastBorrowersThreadAndMayReadBoxes() {
    let other = Resettable { Tracked("other") }
    let deinitRead = Locked<[String]>([])
    let deinitThread = Locked<Int?>(nil)
    let box = Resettable<Tracked>.empty()
    box.set(
      Tracked("session") {
        // Holding no lock of the library: reading this box and another one works.
        deinitRead.mutate { $0 = [other.value.name, box.currentValue?.name ?? "empty"] }
        deinitThread.mutate { $0 = threadNumber() }
      }
    )
    let borrowerThread = Locked<Int?>(nil)
    let borrowing = Latch()
    let finish = Latch()
    let done = Latch()
    Thread {
      box.withValue { _ in
        borrowerThread.mutate { $0 = threadNumber() }
        borrowing.open()
        finish.waitOrFail("the test to end the borrow")
      }
      done.open()
    }.start()
    #expect(borrowing.wait())
    box.set(Tracked("next"))  // retires "session", still borrowed
    #expect(deinitRead.get().isEmpty)
    finish.open()
    #expect(done.wait())
    #expect(deinitRead.get() == ["other", "next"])
    #expect(deinitThread.get() == borrowerThread.get())
  }
}

// MARK: - Fixtures

/// An instance that can run code when it is released.
private final class Tracked: Sendable {
  let name: String
  let onDeinit: (@Sendable () -> Void)?

  init(_ name: String, onDeinit: (@Sendable () -> Void)? = nil) {
    self.name = name
    self.onDeinit = onDeinit
  }

  deinit { onDeinit?() }

  func run(_ body: () -> Void) { body() }
}

/// A number that identifies the calling thread among live threads.
private func threadNumber() -> Int {
  ObjectIdentifier(Thread.current).hashValue
}
