import Foundation
import TestSupport
import Testing

@testable import SharedInstances

/// The exactly-once creation primitive of boxes and locators: one holder at a time, named in its
/// word, and a policy asked before a wait that could never end.
@Suite(TimeLimits.waiting) struct CreationGateTests {
  @Test func theThreadThatEntersIsTheHolderUntilItLeaves() {
    let gate = Gate()
    #expect(gate.gate.holder == 0)
    #expect(!gate.gate.isHeldByCurrentThread)

    gate.gate.enter(Counting())
    #expect(gate.gate.holder == _currentThread())
    #expect(gate.gate.isHeldByCurrentThread)

    gate.gate.leave()
    #expect(gate.gate.holder == 0)
    #expect(!gate.gate.isHeldByCurrentThread)
  }

  @Test func enteringAgainOnTheHoldersThreadAsksThePolicyInsteadOfWaiting() {
    let gate = Gate()
    gate.gate.enter(Counting())
    defer { gate.gate.leave() }
    let policy = Recording()

    #expect(throws: Refused.reentered) { try gate.gate.enter(policy) }
    #expect(policy.events.get() == ["reentered"])
    #expect(gate.gate.isHeldByCurrentThread, "the holder keeps the gate")
  }

  @Test func aPolicyThatRefusesToWaitLeavesTheGateToItsHolder() throws {
    let gate = Gate()
    let entered = Latch()
    let release = Latch()
    let holderDone = Latch()
    let holder = Locked<UInt>(0)
    Thread {
      gate.gate.enter(Counting())
      holder.set(_currentThread())
      entered.open()
      release.waitOrFail("the test to let the holder leave")
      gate.gate.leave()
      holderDone.open()
    }.start()
    try #require(entered.wait())

    let policy = Recording(refusesToWait: true)
    #expect(throws: Refused.wait) { try gate.gate.enter(policy) }
    #expect(policy.events.get() == ["willWait"])
    #expect(gate.gate.holder == holder.get())

    release.open()
    try #require(holderDone.wait())
  }

  /// Many threads enter at once: one at a time holds the gate (a plain counter changed only
  /// inside it ends exact), and the policy is asked `willWait` once per entry.
  @Test func oneThreadAtATimeHoldsTheGate() {
    let gate = Gate()
    let policy = Counting()
    let total = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    total.initialize(to: 0)
    defer { total.deallocate() }
    let address = UInt(bitPattern: total)
    let threads = 8
    let entries = 2_000
    let notHolder = Counter()

    onThreads(threads) { _ in
      let total = UnsafeMutablePointer<Int>(bitPattern: address)!
      for _ in 0..<entries {
        gate.gate.enter(policy)
        if !gate.gate.isHeldByCurrentThread { notHolder.increment() }
        total.pointee += 1
        gate.gate.leave()
      }
    }

    #expect(total.pointee == threads * entries)
    #expect(notHolder.value == 0)
    #expect(policy.waits.value == threads * entries)
  }

  // MARK: - Fixtures

  private enum Refused: Error { case reentered, wait }

  /// A gate and the holder word it lives on.
  private final class Gate: @unchecked Sendable {
    // @unchecked: the gate is thread-safe; `word` is only accessed through it.
    let word: UnsafeMutablePointer<Int>
    let gate: _CreationGate

    init() {
      word = .allocate(capacity: 1)
      word.initialize(to: 0)
      gate = _CreationGate(holderWord: word)
    }

    deinit { word.deallocate() }
  }

  /// A policy that counts the waits it was asked about, and never refuses one. Reentering with
  /// it is a bug of the test itself.
  private struct Counting: _CreationGatePolicy, Sendable {
    let waits = Counter()

    func reentered() -> Never { preconditionFailure("the test entered a gate it holds") }

    func willWait() { waits.increment() }
  }

  /// A policy that records what it was asked, and refuses to wait if told to.
  private struct Recording: _CreationGatePolicy, Sendable {
    let events = Locked([String]())
    var refusesToWait = false

    func reentered() throws(Refused) -> Never {
      events.mutate { $0.append("reentered") }
      throw .reentered
    }

    func willWait() throws(Refused) {
      events.mutate { $0.append("willWait") }
      if refusesToWait { throw .wait }
    }
  }
}
