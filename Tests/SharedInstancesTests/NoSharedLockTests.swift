import Foundation
import SharedInstances
import TestSupport
import Testing

/// A factory runs holding only its own box's creation lock.
@Suite(TimeLimits.waiting) struct NoSharedLockTests {
  @Test func aSlowFactoryDoesNotBlockOtherBoxes() {
    let started = Latch()
    let proceed = Latch()
    let slow = Resettable { () -> Instance in
      started.open()
      proceed.waitOrFail("the test to let the slow factory finish")
      return Instance("slow")
    }
    let other = Resettable { Instance("other") }
    Thread { _ = slow.value }.start()
    #expect(started.wait())
    // While `slow`'s factory runs, other boxes are created, read, overridden and reset.
    let done = Latch()
    Thread {
      _ = other.value
      other.override(with: Instance("fake"))
      other.reset()
      _ = other.value
      done.open()
    }.start()
    #expect(done.wait(seconds: 5))
    proceed.open()
  }

  @Test func overrideAndResetDoNotWaitForARunningFactory() {
    let started = Latch()
    let proceed = Latch()
    let box = Resettable { () -> Instance in
      if !started.isOpen {
        started.open()
        proceed.waitOrFail("the test to let the factory finish")
      }
      return Instance("real")
    }
    Thread { _ = box.value }.start()
    #expect(started.wait())
    let done = Latch()
    Thread {
      box.override(with: Instance("fake"))
      box.reset()
      box.override(with: Instance("fake 2"))
      done.open()
    }.start()
    #expect(done.wait(seconds: 5))
    #expect(box.value.label == "fake 2")
    proceed.open()
  }

  @Test func aFactoryMayReadOtherBoxes() {
    let inner = Resettable { Instance("inner") }
    let outer = Resettable { Instance("outer with \(inner.value.label)") }
    #expect(outer.value.label == "outer with inner")
  }

  @Test func factoriesReadingEachOtherFromTwoThreadsDoNotDeadlock() {
    // Independent boxes whose factories read a shared third box, raced from many threads.
    let base = Resettable { Instance("base") }
    let left = Resettable { Instance("left \(base.value.stamp)") }
    let right = Resettable { Instance("right \(base.value.stamp)") }
    onThreads(8) { index in
      if index % 2 == 0 { _ = left.value } else { _ = right.value }
    }
    #expect(left.value.label.hasSuffix("\(base.value.stamp)"))
    #expect(right.value.label.hasSuffix("\(base.value.stamp)"))
  }
}
