import Foundation
import SharedInstances
import TestSupport
import Testing

/// After a reset or an override the box keeps no reference to the instance it replaced.
@Suite(TimeLimits.waiting) struct MemoryTests {
  @Test func resetReleasesTheCreatedInstance() {
    let box = Resettable { Instance("real") }
    weak var created: Instance?
    created = box.value
    #expect(created != nil)
    box.reset()
    #expect(created == nil)
  }

  @Test func overrideReleasesTheCreatedInstance() {
    let box = Resettable { Instance("real") }
    weak var created: Instance?
    created = box.value
    box.override(with: Instance("fake"))
    #expect(created == nil)
  }

  @Test func resetReleasesTheOverride() {
    let box = Resettable { Instance("real") }
    weak var fake: Instance?
    do {
      let made = Instance("fake")
      fake = made
      box.override(with: made)
    }
    #expect(fake != nil)
    box.reset()
    #expect(fake == nil)
  }

  @Test func withOverrideReleasesItsReplacementAfterwards() {
    let box = Resettable { Instance("real") }
    weak var fake: Instance?
    do {
      let made = Instance("fake")
      fake = made
      box.withOverride(made) { #expect(box.value === made) }
    }
    #expect(fake == nil)
  }

  @Test func aDroppedFactoryResultIsReleased() {
    // The result of a factory that lost to an override is not kept anywhere.
    final class Tracked: Sendable {
      let alive: LiveCount
      init(_ alive: LiveCount) {
        self.alive = alive
        alive.add(1)
      }
      deinit { alive.add(-1) }
    }
    let alive = LiveCount()
    let started = Latch()
    let proceed = Latch()
    let box = Resettable { () -> Tracked in
      let made = Tracked(alive)
      if !started.isOpen {
        started.open()
        proceed.waitOrFail("the test to let the factory finish")
      }
      return made
    }
    let finished = Latch()
    Thread {
      _ = box.value
      finished.open()
    }.start()
    #expect(started.wait())
    let fake = Tracked(LiveCount())
    box.override(with: fake)
    proceed.open()
    #expect(finished.wait())
    #expect(box.value === fake)
    #expect(alive.value == 0)
  }
}
