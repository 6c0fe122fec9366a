import Foundation
import SharedInstances
import TestSupport
import Testing

/// Many threads mixing long and nested borrows, self-resets inside borrowed calls, reads, and
/// concurrent overrides and resets of the same boxes: no borrowed instance is ever used after
/// its release, and every replaced instance is released exactly once.
@Suite struct BorrowStressTests {
  @Test func borrowsAndChangesNeverUseAReleasedInstanceAndReleaseEachOnce() {
    let ledger = Ledger()
    let boxes = (0..<3).map { _ in Resettable { Probe(ledger) } }
    let threads = 8
    let rounds = 10_000
    let misuses = Locked(0)

    onThreads(threads) { thread in
      var random = SplitMix(seed: UInt64(thread) &+ 1)
      for _ in 0..<rounds {
        let box = boxes[Int(random.next() % UInt64(boxes.count))]
        switch random.next() % 8 {
        case 0:
          box.override(with: Probe(ledger))
        case 1:
          box.reset()
        case 2:
          // A borrowed call that resets its own box, then keeps using the instance.
          box.withValue { probe in
            box.reset()
            if !probe.isAlive { misuses.mutate { $0 += 1 } }
          }
        case 3:
          // A long borrow: other threads change the box meanwhile.
          box.withValue { probe in
            for _ in 0..<200 where !probe.isAlive { misuses.mutate { $0 += 1 } }
          }
        case 4:
          // Nested borrows of every box, and of this one again, with a change in the middle.
          box.withValue { outer in
            boxes[0].withValue { first in
              boxes[1].withValue { second in
                box.withValue { inner in
                  if random.next() % 2 == 0 { boxes[2].override(with: Probe(ledger)) }
                  for probe in [outer, first, second, inner] where !probe.isAlive {
                    misuses.mutate { $0 += 1 }
                  }
                }
              }
            }
          }
        default:
          if !box.value.isAlive { misuses.mutate { $0 += 1 } }
        }
      }
    }

    #expect(misuses.get() == 0, "a borrowed or read instance was used after its release")
    for box in boxes { box.reset() }
    let (made, released, releasedTwice) = ledger.totals
    #expect(made > threads * rounds / 8)
    #expect(released == made, "every replaced instance is released once its borrows ended")
    #expect(releasedTwice == 0)
  }
}

// MARK: - Fixtures

/// Counts the probes made and released, and catches a probe released twice.
private final class Ledger: Sendable {
  private let state = Locked((made: 0, released: Set<Int>(), releasedTwice: 0))

  func made() -> Int {
    state.mutate {
      $0.made += 1
      return $0.made
    }
  }

  func released(_ id: Int) {
    state.mutate {
      if !$0.released.insert(id).inserted { $0.releasedTwice += 1 }
    }
  }

  var totals: (made: Int, released: Int, releasedTwice: Int) {
    state.mutate { ($0.made, $0.released.count, $0.releasedTwice) }
  }
}

private final class Probe: Sendable {
  let id: Int
  private let ledger: Ledger
  private let alive = Locked(true)

  init(_ ledger: Ledger) {
    self.ledger = ledger
    id = ledger.made()
  }

  var isAlive: Bool { alive.get() }

  deinit {
    alive.set(false)
    ledger.released(id)
  }
}
