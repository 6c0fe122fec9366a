import Foundation
import SharedInstances
import TestSupport
import Testing

/// The race of the Objective-C `dispatch_once` + `setSharedInstance:` pattern: a getter creates
/// a real instance while a setter is between "reset the once token" and "store the mock". With
/// `Resettable` the factory's result is dropped when an override or reset happened while it
/// ran, so the interleaving cannot produce a stale instance.
@Suite(TimeLimits.waiting) struct LinearizabilityTests {
  /// A factory that announces it started and then waits until the test lets it finish.
  final class GatedFactory: Sendable {
    let started = Latch()
    let proceed = Latch()
    let calls = Counter()

    func make() -> Instance {
      calls.increment()
      if calls.value == 1 {
        started.open()
        proceed.waitOrFail("the test to let the factory finish")
      }
      return Instance("real")
    }
  }

  @Test func overrideDuringCreationWinsAndTheCreatedInstanceIsDropped() {
    let factory = GatedFactory()
    let box = Resettable { factory.make() }
    let readerResult = Locked<Instance?>(nil)
    let reader = Thread { readerResult.set(box.value) }
    reader.start()
    #expect(factory.started.wait())  // the getter is inside the factory
    let mock = Instance("mock")
    box.override(with: mock)  // the setter runs now, to completion
    #expect(box.value === mock)  // ...and its result is visible at once
    factory.proceed.open()  // the getter's factory finishes late
    while readerResult.get() == nil { usleep(1_000) }
    #expect(readerResult.get() === mock)  // the getter returns the mock, not its own instance
    #expect(box.value === mock)  // the mock is not overwritten
    #expect(factory.calls.value == 1)
  }

  @Test func resetDuringCreationNeverReturnsTheStaleInstance() {
    let factory = GatedFactory()
    let box = Resettable { factory.make() }
    let readerResult = Locked<Instance?>(nil)
    let reader = Thread { readerResult.set(box.value) }
    reader.start()
    #expect(factory.started.wait())
    let resetAt = Stamp.next()
    box.reset()  // does not wait for the running factory
    factory.proceed.open()
    while readerResult.get() == nil { usleep(1_000) }
    // The instance created before the reset was dropped; the reader got one made after it.
    #expect(readerResult.get()!.stamp > resetAt)
    #expect(box.value === readerResult.get())
    #expect(factory.calls.value == 2)
  }

  @Test func overrideIsVisibleToEveryThreadOnceItReturns() {
    let box = Resettable { Instance("real") }
    _ = box.value
    let mock = Instance("mock")
    let installed = Locked(false)
    let violations = Counter()
    let readers = 4
    let stop = Locked(false)
    onThreads(readers + 1) { index in
      if index == readers {
        usleep(2_000)
        box.override(with: mock)
        installed.set(true)
        usleep(2_000)
        stop.set(true)
        return
      }
      while !stop.get() {
        let wasInstalled = installed.get()
        let value = box.value
        if wasInstalled && value !== mock { violations.increment() }
      }
    }
    #expect(violations.value == 0)
  }
}
