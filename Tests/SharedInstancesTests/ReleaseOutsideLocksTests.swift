import Foundation
import SharedInstances
import TestSupport
import Testing

/// Instances are released with no library lock held, and with the box no longer marking the
/// releasing thread as its creator: a `deinit` may read, override and reset boxes, its own
/// included.
@Suite(TimeLimits.waiting) struct ReleaseOutsideLocksTests {
  @Test func aFactoryResultDroppedAfterAResetIsReleasedOutsideTheCreationLock() {
    let fixture = DroppedResult()
    let finished = Latch()
    Thread {
      fixture.box.value.touch()
      finished.open()
    }.start()
    #expect(fixture.factoryStarted.wait())
    fixture.box.reset()  // the running factory's result belongs to a past generation now
    fixture.proceed.open()
    #expect(finished.wait(), "the read that ran the factory never returned")
    // The dropped instance's deinit read its own box: not "read again by its own factory".
    #expect(fixture.deinitReads.value == 1)
  }

  @Test func updateReleasesTheReplacedInstanceOutsideTheCreationLock() {
    let reads = LiveCount()
    let holder = BoxHolder<Reader>()
    let box = Resettable<Reader> { Reader() }
    holder.box = box
    box.set(
      Reader(onDeinit: {
        // A change of its own box: not "read again by its own update(_:) closure".
        holder.box?.update { $0 ?? Reader() }
        reads.add(1)
      })
    )
    box.update { _ in Reader() }
    #expect(reads.value == 1)
  }

  @Test func aDeinitThatReadsAnotherBoxDoesNotDeadlockWithThatBoxsFactory() {
    // A's factory reads nothing; B's factory reads A; the deinit of an A instance that A drops
    // reads B. Dropped under A's lock, that deinit waited for B's lock while B's factory, on
    // another thread, held B's lock and waited for A's.
    let fixture = LockOrder()
    let firstRead = Latch()
    Thread {
      fixture.a.value.touch()
      firstRead.open()
    }.start()
    #expect(fixture.aStarted.wait())
    let secondRead = Latch()
    Thread {
      fixture.b.value.touch()
      secondRead.open()
    }.start()
    #expect(fixture.bStarted.wait())
    Thread.sleep(forTimeInterval: 0.05)  // B's factory is now waiting for A's creation lock
    fixture.a.reset()
    fixture.proceed.open()
    #expect(firstRead.wait(), "the read of A never returned: a deadlock")
    #expect(secondRead.wait(), "the read of B never returned: a deadlock")
  }
}

// MARK: - Fixtures

/// An instance whose deinit runs the given code.
private final class Reader: Sendable {
  let onDeinit: (@Sendable () -> Void)?
  init(onDeinit: (@Sendable () -> Void)? = nil) { self.onDeinit = onDeinit }
  func touch() {}
  deinit { onDeinit?() }
}

/// A box whose first factory run waits until told, and whose first instance reads the box when
/// it is released.
private final class DroppedResult: Sendable {
  let factoryStarted = Latch()
  let proceed = Latch()
  let deinitReads = LiveCount()
  let runs = LiveCount()
  let box: Resettable<Reader>

  init() {
    let holder = BoxHolder<Reader>()
    let factoryStarted = self.factoryStarted
    let proceed = self.proceed
    let deinitReads = self.deinitReads
    let runs = self.runs
    box = Resettable { () -> Reader in
      guard runs.increment() == 1 else { return Reader() }
      factoryStarted.open()
      proceed.waitOrFail("the test to let the factory finish")
      return Reader(onDeinit: {
        holder.box?.value.touch()
        deinitReads.add(1)
      })
    }
    holder.box = box
  }
}

/// Boxes A and B of the lock-order scenario.
private final class LockOrder: Sendable {
  let aStarted = Latch()
  let bStarted = Latch()
  let proceed = Latch()
  let a: Resettable<Reader>
  let b: Resettable<Reader>

  init() {
    let aStarted = self.aStarted
    let bStarted = self.bStarted
    let proceed = self.proceed
    let runs = LiveCount()
    let holder = BoxHolder<Reader>()
    let a = Resettable { () -> Reader in
      guard runs.increment() == 1 else { return Reader() }
      aStarted.open()
      proceed.waitOrFail("the test to let the factory of A finish")
      return Reader(onDeinit: { holder.box?.value.touch() })
    }
    b = Resettable { () -> Reader in
      bStarted.open()
      a.value.touch()
      return Reader()
    }
    self.a = a
    holder.box = b
  }
}

/// A box set after the closures that need it are made.
private final class BoxHolder<Shared>: @unchecked Sendable {
  // @unchecked: `box` is set once, before any thread reads it.
  var box: Resettable<Shared>?
}
