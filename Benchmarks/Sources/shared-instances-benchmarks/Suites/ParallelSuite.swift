import Foundation
import SharedInstances
import SharedInstancesTesting

/// Row 9: a suite of 200 async tests run in parallel, as Swift Testing runs them (a child task
/// per test in a task group), with and without a `withIsolatedShared` scope per test, which is
/// what `@Test(.isolatedShared)` adds.
///
/// Every test overrides the same box with its own instance, then awaits at several points and
/// reads the box after each await, counting reads that see another test's instance.
enum ParallelSuite {
  static let testCount = 200

  /// What each test awaits: per test, the nanoseconds of each `Task.sleep`, or 0 for a
  /// `Task.yield()`.
  struct Plan: Sendable {
    let waits: [[UInt64]]
    let readsPerAwait: Int

    /// Five sleeps of 1–5 ms per test: tests that wait for work, as most async tests do.
    static func sleeping() -> Plan {
      var random = SplitMix64(seed: 7)
      let waits = (0..<testCount).map { _ in
        (0..<5).map { _ in UInt64.random(in: 1_000_000...5_000_000, using: &random) }
      }
      return Plan(waits: waits, readsPerAwait: 10)
    }

    /// Twenty `Task.yield()`s per test and no other work: the cost of isolation alone.
    static func yielding() -> Plan {
      Plan(
        waits: Array(repeating: Array(repeating: 0, count: 20), count: testCount),
        readsPerAwait: 10
      )
    }
  }

  struct Outcome: Sendable {
    let nanoseconds: UInt64
    let crossTalk: Int
  }

  static func run(_ settings: Settings, into report: inout Report) async {
    let variants: [(plain: String, isolated: String, name: String, plan: Plan)] = [
      ("9a", "9b", "5 sleeps of 1–5 ms", .sleeping()),
      ("9c", "9d", "20 `Task.yield()`s, no work (worst case)", .yielding()),
    ]
    for variant in variants {
      _ = await runSuite(variant.plan, isolated: false)  // warm-up
      _ = await runSuite(variant.plan, isolated: true)
      var plain: [Outcome] = []
      var isolated: [Outcome] = []
      for repetition in 0..<settings.suiteRepetitions {
        // Alternate the order so that drift in the machine's speed hits both alike.
        if repetition % 2 == 0 {
          plain.append(await runSuite(variant.plan, isolated: false))
          isolated.append(await runSuite(variant.plan, isolated: true))
        } else {
          isolated.append(await runSuite(variant.plan, isolated: true))
          plain.append(await runSuite(variant.plan, isolated: false))
        }
      }
      let plainSample = perTest(plain)
      let isolatedSample = perTest(isolated)
      let ratio = isolatedSample.median / plainSample.median
      report.figures["\(variant.isolated).ratio"] = ratio
      report.add(
        Row(
          id: variant.plain,
          benchmark: "200 parallel async tests, \(variant.name): without isolation",
          sample: plainSample,
          notes: String(
            format: "suite wall %.1f ms; cross-talk: %d reads saw another test's instance",
            plainSample.median * Double(testCount) / 1e6,
            plain.reduce(0) { $0 + $1.crossTalk }
          )
        )
      )
      report.add(
        Row(
          id: variant.isolated,
          benchmark: "200 parallel async tests, \(variant.name): each in `withIsolatedShared`",
          sample: isolatedSample,
          notes: String(
            format: "suite wall %.1f ms; **wall-time ratio %.3f**; cross-talk: %d",
            isolatedSample.median * Double(testCount) / 1e6,
            ratio,
            isolated.reduce(0) { $0 + $1.crossTalk }
          )
        )
      )
    }
  }

  /// The suite's wall time per test, in ns.
  private static func perTest(_ outcomes: [Outcome]) -> Sample {
    Sample(outcomes.map { Double($0.nanoseconds) / Double(testCount) })
  }

  static func runSuite(_ plan: Plan, isolated: Bool) async -> Outcome {
    let box = isolated ? Boxes.isolatedSuite : Boxes.plainSuite
    let reads = plan.readsPerAwait
    let start = now()
    let crossTalk = await withTaskGroup(of: Int.self) { group in
      for waits in plan.waits {
        group.addTask {
          guard isolated else { return await test(box: box, waits: waits, reads: reads) }
          return await withIsolatedShared(name: "emulated test") { () async -> Int in
            await test(box: box, waits: waits, reads: reads)
          }
        }
      }
      return await group.reduce(0, +)
    }
    return Outcome(nanoseconds: now() - start, crossTalk: crossTalk)
  }

  /// One emulated test: overrides the box, then awaits and reads it; returns how many reads saw
  /// another test's instance.
  private static func test(box: Resettable<Service>, waits: [UInt64], reads: Int) async -> Int {
    let mine = Service()
    box.override(with: mine)
    var crossTalk = 0
    for wait in waits {
      if wait == 0 {
        await Task.yield()
      } else {
        try? await Task.sleep(nanoseconds: wait)
      }
      for _ in 0..<reads where box.value !== mine { crossTalk += 1 }
    }
    return crossTalk
  }
}

/// A seeded random number generator, so every run sleeps the same amounts.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
