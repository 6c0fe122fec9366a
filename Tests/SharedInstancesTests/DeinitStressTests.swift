import Foundation
import SharedInstances
import TestSupport
import Testing

/// Instances are released outside every library lock: a `deinit` may read, override and reset
/// boxes, its own and others, while other threads read, borrow and change them. The
/// release-mode torture (`shared-instances-torture`) runs the same mix much longer; this runs it
/// in debug and under ThreadSanitizer.
@Suite struct DeinitStressTests {
  @Test func deinitsThatChangeBoxesNeverDeadlockStopOrLeak() {
    let fixture = ReentrantBoxes()
    let threads = 6
    let rounds = 3_000
    onThreads(threads) { thread in
      var random = SystemRandomNumberGenerator()
      for round in 0..<rounds {
        let box = fixture.boxes[Int.random(in: 0..<fixture.boxes.count, using: &random)]
        switch (round &+ thread) % 9 {
        case 0: box.override(with: fixture.make(reentrant: true))
        case 1: box.reset()
        case 2: box.update { _ in fixture.make(reentrant: true) }
        case 3: box.set(fixture.make(reentrant: false))
        case 4: box.withValue { $0.use() }
        case 5: fixture.readsOther.value.use()  // a factory that reads another box
        default: box.value.use()
        }
      }
    }
    #expect(fixture.ledger.seenDead == 0, "an instance was used after its release")
    #expect(fixture.ledger.releasedTwice == 0)
    // Every read and borrow has ended: exactly the instances the boxes hold are alive.
    let held = (fixture.boxes + [fixture.readsOther]).filter { $0.currentValue != nil }.count
    #expect(fixture.ledger.alive == held)
    #expect(fixture.ledger.madeCount > threads * rounds / 9)
  }
}

// MARK: - Fixtures

private final class Ledger: Sendable {
  private let counts = Locked((made: 0, released: 0, seenDead: 0, releasedTwice: 0))

  func noteMade() { counts.mutate { $0.made += 1 } }
  func released() { counts.mutate { $0.released += 1 } }
  func seenDeadOnce() { counts.mutate { $0.seenDead += 1 } }
  func releasedTwiceOnce() { counts.mutate { $0.releasedTwice += 1 } }

  var madeCount: Int { counts.mutate { $0.made } }
  var alive: Int { counts.mutate { $0.made - $0.released } }
  var seenDead: Int { counts.mutate { $0.seenDead } }
  var releasedTwice: Int { counts.mutate { $0.releasedTwice } }
}

private final class Reentrant: Sendable {
  let ledger: Ledger
  let onDeinit: (@Sendable () -> Void)?
  private let alive = Locked(true)

  init(_ ledger: Ledger, onDeinit: (@Sendable () -> Void)?) {
    self.ledger = ledger
    self.onDeinit = onDeinit
    ledger.noteMade()
  }

  func use() {
    if !alive.get() { ledger.seenDeadOnce() }
  }

  deinit {
    if !alive.mutate({ alive in
      defer { alive = false }
      return alive
    }) {
      ledger.releasedTwiceOnce()
    }
    ledger.released()
    onDeinit?()
  }
}

/// Three boxes whose instances' deinits read their own box, override one box and reset
/// another, and a box whose factory reads the first.
private final class ReentrantBoxes: Sendable {
  let ledger = Ledger()
  let boxes: [Resettable<Reentrant>]
  let readsOther: Resettable<Reentrant>

  init() {
    let ledger = self.ledger
    let holder = Holder()
    let work: @Sendable () -> Void = { holder.deinitWork(0) }
    boxes = [
      Resettable { Reentrant(ledger, onDeinit: work) },
      Resettable { Reentrant(ledger, onDeinit: nil) },
      Resettable { Reentrant(ledger, onDeinit: nil) },
    ]
    let first = boxes[0]
    readsOther = Resettable {
      first.value.use()
      return Reentrant(ledger, onDeinit: nil)
    }
    holder.set(self)
  }

  func make(reentrant: Bool) -> Reentrant {
    guard reentrant else { return Reentrant(ledger, onDeinit: nil) }
    let work: @Sendable () -> Void = { [weak self] in self?.deinitWork(0) }
    return Reentrant(ledger, onDeinit: work)
  }

  /// What a re-entrant deinit does: reads and updates its own box, overrides another, resets a
  /// third.
  func deinitWork(_ own: Int) {
    boxes[own].value.use()
    boxes[own].update { $0 ?? Reentrant(ledger, onDeinit: nil) }
    boxes[(own + 1) % boxes.count].override(with: Reentrant(ledger, onDeinit: nil))
    boxes[(own + 2) % boxes.count].reset()
    boxes[own].withValue { $0.use() }
  }
}

/// Lets the boxes' factories reach the fixture that owns them.
private final class Holder: @unchecked Sendable {
  // @unchecked: `fixture` is set once, before any box is read.
  private weak var fixture: ReentrantBoxes?
  func set(_ fixture: ReentrantBoxes) { self.fixture = fixture }
  func deinitWork(_ own: Int) { fixture?.deinitWork(own) }
}
