import Foundation
import SharedInstances
import TestSupport
import Testing

/// Many threads mixing reads, overrides, resets and scoped overrides on one box, checking an
/// invariant on every read. Runs under ThreadSanitizer in CI.
@Suite struct StressTests {
  /// What the state of the box must be once a change has completed.
  enum Expectation {
    /// Reads return this override.
    case override(Instance)
    /// Reads return a real instance created after this stamp.
    case real(after: Int)

    func admits(_ value: Instance) -> Bool {
      switch self {
      case .override(let instance): return value === instance
      case .real(let stamp): return value.label == "real" && value.stamp > stamp
      }
    }
  }

  /// One writer, several readers: every read must return the state of a change that completed
  /// before the read started, or of one that ran during the read (linearizability).
  @Test func readsAlwaysSeeACurrentState() {
    let box = Resettable { Instance("real") }
    let log = Locked<[Expectation]>([.real(after: 0)])
    let completed = Locked(0)
    let stop = Locked(false)
    let reads = Counter()
    let violations = Locked<[String]>([])
    let readers = 4
    let writerChanges = 20_000
    onThreads(readers + 1) { index in
      if index == readers {
        var generator = SystemRandomNumberGenerator()
        for change in 1...writerChanges {
          if Bool.random(using: &generator) {
            let fake = Instance("fake \(change)")
            log.mutate { $0.append(.override(fake)) }
            box.override(with: fake)
          } else {
            log.mutate { $0.append(.real(after: Stamp.next())) }
            box.reset()
          }
          completed.set(change)
        }
        stop.set(true)
        return
      }
      var count = 0
      while !stop.get() || count < 1_000 {
        let before = completed.get()
        let value = box.value
        let after = completed.get()
        let admitted = log.mutate { log in
          log[before...min(after + 1, log.count - 1)].contains { $0.admits(value) }
        }
        if !admitted {
          violations.mutate { $0.append("read \(value) with changes \(before)...\(after)") }
        }
        count += 1
      }
      for _ in 0..<count { reads.increment() }
    }
    #expect(violations.get().count == 0, "\(violations.get().prefix(5))")
    #expect(reads.value >= 4_000)
  }

  /// Several threads each doing a random mix of every operation, a million in all.
  @Test func aMillionMixedOperations() {
    let box = Resettable { Instance("real") }
    let factoryCalls = Counter()
    let counted = Resettable { () -> Instance in
      factoryCalls.increment()
      return Instance("real")
    }
    _ = box
    let threads = 4
    let operationsPerThread = 250_000
    let changes = Counter()
    let ledger = Locked(Ledger())
    let violations = Locked<[String]>([])
    let exclusiveChecks = Counter()
    onThreads(threads) { _ in
      var generator = SystemRandomNumberGenerator()
      for _ in 0..<operationsPerThread {
        let roll = Int.random(in: 0..<100, using: &generator)
        switch roll {
        case 0..<85:
          let value = counted.value
          if value.label != "real" && !value.label.hasPrefix("fake") {
            violations.mutate { $0.append("read \(value)") }
          }
        case 85..<92:
          let fake = Instance("fake")
          let ticket = ledger.mutate { $0.begin() }
          counted.override(with: fake)
          changes.increment()
          ledger.mutate { $0.end() }
          let value = counted.value
          let alone = ledger.mutate { $0.wasAlone(ticket) }
          if alone { exclusiveChecks.increment() }
          if alone && value !== fake {
            violations.mutate { $0.append("after its own override, a thread read \(value)") }
          }
        case 92..<97:
          let stamp = Stamp.next()
          let ticket = ledger.mutate { $0.begin() }
          counted.reset()
          changes.increment()
          ledger.mutate { $0.end() }
          let value = counted.value
          let alone = ledger.mutate { $0.wasAlone(ticket) }
          if alone { exclusiveChecks.increment() }
          if alone && (value.label != "real" || value.stamp < stamp) {
            violations.mutate { $0.append("after its own reset, a thread read \(value)") }
          }
        default:
          let fake = Instance("fake scoped")
          _ = ledger.mutate { $0.begin() }
          defer { ledger.mutate { $0.end() } }
          counted.withOverride(fake) {
            let value = counted.value
            if value.label != "real" && !value.label.hasPrefix("fake") {
              violations.mutate { $0.append("inside withOverride read \(value)") }
            }
          }
          changes.increment()
          changes.increment()
        }
      }
    }
    #expect(violations.get().count == 0, "\(violations.get().prefix(5))")
    // The exclusive checks above really ran (they need a change no other change overlapped).
    #expect(exclusiveChecks.value > 1_000)
    // Exactly once per generation: never more factory calls than generations.
    #expect(factoryCalls.value <= changes.value + 1)
    #expect(factoryCalls.value >= 1)
    // Nothing leaks: once the box is reset, only instances held elsewhere are alive.
    counted.reset()
    #expect(counted.currentValue == nil)
  }

  /// Tracks which changes overlapped, so a thread knows when it was the only writer.
  struct Ledger {
    var started = 0
    var completed = 0
    var inFlight = 0

    struct Ticket {
      let started: Int
      let completed: Int
      let othersInFlight: Int
    }

    mutating func begin() -> Ticket {
      started += 1
      inFlight += 1
      return Ticket(started: started, completed: completed, othersInFlight: inFlight - 1)
    }

    mutating func end() {
      inFlight -= 1
      completed += 1
    }

    /// No other change overlapped this one or has started since.
    func wasAlone(_ ticket: Ticket) -> Bool {
      ticket.othersInFlight == 0 && started == ticket.started
        && completed == ticket.completed + 1
    }
  }
}
