import Foundation
import SharedInstances
import SharedInstancesSystem
import SharedInstancesTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a call through `Resettable.value` costs against the same call through `withValue` and a
/// `static let`, in one release run, with the accessor's goals as rows.
///
/// Measured like `ReadCost`, to give numbers on a busy machine: each operation runs in short
/// batches inside a loop of its own (so a `static let`'s load can be hoisted out of the loop, as
/// it is in app code, and a box's read cannot), the operations take turns batch by batch, and an
/// operation's cost is its fastest batch. On two threads, a batch counts only if it ran entirely
/// within one batch of the other thread.
enum AccessorGoals {
  struct Goal {
    let goal: String
    let measured: String
    let ratio: Double
    /// The ratio the goal allows, and whether a higher ratio is better (scaling).
    let limit: Double
    let higherIsBetter: Bool
    /// The ratio this machine measured when the row was added (BENCHMARKS.md), where the goal
    /// is not met yet.
    let baseline: Double
    /// Why the figures cannot tell, where they cannot.
    var inconclusive: String? = nil
    /// How `ratio` reads: a ratio, or a cost per test in microseconds.
    var unit = "×"

    var met: Bool { higherIsBetter ? ratio >= limit : ratio <= limit }
    /// Far outside noise: a ratio twice the goal's, or twice the baseline's where the goal is
    /// not met yet (a CI quick run fails on it; an unmet goal alone does not).
    var regressed: Bool {
      higherIsBetter
        ? ratio < min(limit, baseline) / 2 : ratio > max(limit, baseline) * 2
    }
  }

  /// The operations, each a loop over one batch that returns a checksum.
  private static let operations: [(String, @Sendable (Int) -> Int)] = [
    ("staticLetCall", { n in loop(n) { CallSiteFixtures.staticLet.work(plus: $0) } }),
    ("valueCall", { n in loop(n) { CallSiteFixtures.box.value.work(plus: $0) } }),
    (
      "withValueCall", { n in loop(n) { x in CallSiteFixtures.box.withValue { $0.work(plus: x) } } }
    ),
    ("staticLetReturned", { n in loop(n) { _ in ObjectIdentifier(returnStaticLet()).hashValue } }),
    ("valueReturned", { n in loop(n) { _ in ObjectIdentifier(returnValue()).hashValue } }),
    ("clockNow", { n in loop(n) { _ in bits(of: ContinuousClock.now) } }),
    ("boxClockNow", { n in loop(n) { _ in bits(of: SystemBoxes.continuousClock.value.now) } }),
    ("keptClockNow", { n in loop(n) { _ in bits(of: keptClock.value.now) } }),
    // What a read of another module's global box adds to the kept box: its retain and release.
    (
      "retainedClockNow",
      { n in loop(n) { _ in retainingKeptClock { bits(of: ContinuousClock.now) } } }
    ),
    (
      "borrowedClockNow",
      { n in loop(n) { _ in SystemBoxes.continuousClock.withValue { bits(of: $0.now) } } }
    ),
  ]

  private static let batch = 1_000

  @inline(__always)
  private static func loop(_ count: Int, _ body: (Int) -> Int) -> Int {
    var checksum = 0
    for index in 0..<count { checksum &+= body(index) }
    return checksum
  }

  /// Nanoseconds per call of one batch.
  @inline(never)
  private static func timeBatch(_ operation: (Int) -> Int) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let checksum = operation(batch)
    let end = DispatchTime.now().uptimeNanoseconds
    blackHole(checksum)
    return Double(end - start) / Double(batch)
  }

  /// The fastest batch of each operation, by name, on one thread and on two.
  static func run(quick: Bool) -> (one: [String: Double], two: [String: Double]) {
    let rounds = quick ? 300 : 6_000
    let calls = operations.map { (name, body) in (name, opaque(body)) }
    for (_, body) in calls { _ = timeBatch(body) }  // created, warm
    var best = [String: Double]()
    for _ in 0..<rounds {
      for (name, body) in calls { best[name] = min(best[name] ?? .infinity, timeBatch(body)) }
    }
    let scaled = ["staticLetCall", "valueCall", "withValueCall"]
    let two = twoThreads(calls.filter { scaled.contains($0.0) }, rounds: rounds / 3)
    return (best, two)
  }

  static func goals(_ one: [String: Double], _ two: [String: Double]) -> [Goal] {
    func ns(_ name: String, _ table: [String: Double]) -> String {
      String(format: "%.2f ns", table[name]!)
    }
    var goals: [Goal] = []
    let call = one["valueCall"]! / one["withValueCall"]!
    goals.append(
      Goal(
        goal: "`Box.shared.value.method()` ≤ 1.15× the same call through `withValue`",
        measured: "\(ns("valueCall", one)) against \(ns("withValueCall", one)); "
          + "`static let` \(ns("staticLetCall", one)) (its load hoisted out of the loop)",
        ratio: call,
        limit: 1.15,
        higherIsBetter: false,
        baseline: 5.1
      )
    )
    // A returned read may cost no more than `value` returned from a non-inlined function did:
    // 3.1× a `static let` doing the same, on this machine.
    let returned = one["valueReturned"]! / one["staticLetReturned"]!
    goals.append(
      Goal(
        goal: "A read returning the instance from a non-inlined function: no worse than before "
          + "(3.1× a `static let`)",
        measured: "\(ns("valueReturned", one)) against \(ns("staticLetReturned", one))",
        ratio: returned,
        limit: 3.1,
        higherIsBetter: false,
        baseline: 2.9
      )
    )
    // Scaling: one thread's cost over its cost while another thread runs the same calls,
    // relative to the `static let`'s. 2 threads: this machine has 2 cores (no 16-core machine).
    let boxScaling = one["valueCall"]! / two["valueCall"]!
    let staticScaling = one["staticLetCall"]! / two["staticLetCall"]!
    goals.append(
      Goal(
        goal: "Scaling at 2 threads ≥ 0.9 of a `static let`'s (2 cores here: no 16-core machine)",
        measured: "`value` call \(ns("valueCall", two)) per call per thread on 2 threads "
          + "(\(ns("valueCall", one)) on 1); `static let` \(ns("staticLetCall", two)) "
          + "(\(ns("staticLetCall", one)))",
        ratio: boxScaling / staticScaling,
        limit: 0.9,
        higherIsBetter: true,
        baseline: 0.9,
        // With more runnable threads than cores, the other thread is mostly descheduled while
        // "in" its batch: no contention can show.
        inconclusive: !two["valueCall"]!.isFinite || !two["staticLetCall"]!.isFinite
          ? "no batch ran while the other thread was inside one"
          : (Machine.loadAverage ?? 0) >= Double(Machine.cores)
            ? "the machine was busy (load average ≥ cores): the threads rarely ran at once" : nil
      )
    )
    let clock = one["boxClockNow"]! / one["clockNow"]!
    goals.append(
      Goal(
        goal: "`SystemBoxes.continuousClock.value.now` ≤ 1.2× `ContinuousClock.now`",
        measured: "\(ns("boxClockNow", one)) against \(ns("clockNow", one)); its `Resettable` kept "
          + "in a `static let` of the reading module \(ns("keptClockNow", one)), borrowed "
          + "(`withValue`) \(ns("borrowedClockNow", one)); `ContinuousClock.now` between a "
          + "retain and a release of the box \(ns("retainedClockNow", one))",
        ratio: clock,
        limit: 1.2,
        higherIsBetter: false,
        baseline: 1.51
      )
    )
    return goals
  }

  // MARK: A test's system doubles

  /// What an isolated test pays for each system double it gets without asking, in microseconds:
  /// the fastest batch of scopes that read the box (creating the test's double, which the end of
  /// the scope cleans up) less the fastest batch of scopes that read a plain box, the two taking
  /// turns. Opens isolation scopes: run it after every production measurement.
  static func doubles(quick: Bool) -> [Goal] {
    let rounds = quick ? 40 : 400
    let scopes = 10
    let plain = Resettable { Manager(id: 1) }
    let operations: [(String, () -> Int)] = [
      ("plain", { ObjectIdentifier(plain.value).hashValue }),
      ("network", { ObjectIdentifier(SystemBoxes.urlSession.value).hashValue }),
      ("userDefaults", { ObjectIdentifier(SystemBoxes.userDefaults.value).hashValue }),
      ("directories", { SystemBoxes.directories.value.hashValue }),
    ]
    func batch(_ read: () -> Int) -> Double {
      let start = DispatchTime.now().uptimeNanoseconds
      var checksum = 0
      for _ in 0..<scopes { checksum &+= withIsolatedShared(name: "per-test cost") { read() } }
      let end = DispatchTime.now().uptimeNanoseconds
      blackHole(checksum)
      return Double(end - start) / Double(scopes) / 1_000
    }
    for (_, read) in operations { _ = batch(read) }  // created, warm
    var best = [String: Double]()
    for _ in 0..<rounds {
      for (name, read) in operations { best[name] = min(best[name] ?? .infinity, batch(read)) }
    }
    func goal(_ name: String, _ what: String, limit: Double) -> Goal {
      let cost = best[name]! - best["plain"]!
      return Goal(
        goal: "\(what) ≤ \(Int(limit)) µs per isolated test",
        measured: String(
          format: "%.2f µs a scope reading the box, %.2f µs one reading a plain box",
          best[name]!,
          best["plain"]!
        ),
        ratio: cost,
        limit: limit,
        higherIsBetter: false,
        baseline: limit,
        unit: " µs"
      )
    }
    return [
      goal("network", "A test's network (`SystemBoxes.urlSession`)", limit: 50),
      goal("userDefaults", "A test's user defaults, untouched", limit: 50),
      goal("directories", "A test's directories, no folder used", limit: 200),
    ]
  }

  static func markdownTable(_ goals: [Goal]) -> String {
    var lines = ["| Goal | Measured | Ratio | Verdict |", "|---|---|--:|---|"]
    for goal in goals {
      lines.append(
        "| \(goal.goal) | \(goal.measured) | \(String(format: "%.2f", goal.ratio))\(goal.unit) | "
          + "\(goal.inconclusive.map { "inconclusive: \($0)" } ?? (goal.met ? "met" : "**not met**")) |"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// Per operation, the fastest batch of either thread among the batches that ran entirely
  /// within one batch of the other thread.
  private static func twoThreads(
    _ calls: [(String, @Sendable (Int) -> Int)],
    rounds: Int
  ) -> [String: Double] {
    let best = ConcurrentBatches.fastest(operations: calls.count, rounds: rounds) { index in
      timeBatch(calls[index].1)
    }
    return Dictionary(uniqueKeysWithValues: zip(calls.map(\.0), best))
  }
}

/// The clock box's `Resettable` kept in a `static let` of the reading module: a class reference
/// the optimizer knows is never written, so it reads it without a retain.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private let keptClock = SystemBoxes.continuousClock.resettable

/// `body` between a retain and a release of the clock box: what a call site pays around a read
/// of a global box declared in another module (the compiler cannot see that the global is a
/// `let`, and the read makes calls it cannot see into).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@inline(__always)
private func retainingKeptClock(_ body: () -> Int) -> Int {
  let box = Unmanaged.passUnretained(keptClock).retain()
  defer { box.release() }
  return body()
}

@inline(never)
private func returnStaticLet() -> Manager { CallSiteFixtures.staticLet }

@inline(never)
private func returnValue() -> Manager { CallSiteFixtures.box.value }

/// The first 8 bytes of a value, for the checksum.
@inline(__always)
private func bits<Value>(of value: Value) -> Int {
  withUnsafeBytes(of: value) { $0.loadUnaligned(as: Int.self) }
}

extension Manager {
  /// A real call (not inlined) that depends on the loop's index, so that it is not hoisted.
  @inline(never)
  func work(plus index: Int) -> Int { id &+ index }
}
