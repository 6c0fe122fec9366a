import Foundation
import SharedInstances

/// Issue 28: what a read of `Resettable.value` costs beside the `static let` of a run-time object
/// it replaces, and `withValue` beside both, on one thread and on two.
///
/// Built to give numbers on a busy machine (the project's 2-core VM runs several builds at
/// once): each row is timed in short batches (2,000 calls, ~20–60 µs), the rows take turns batch
/// by batch, and a row's cost is its *fastest* batch — a batch that a preemption or another
/// process's cache traffic slowed down only ever reads slower. On two threads, a batch counts
/// only if it ran entirely within one batch of the other thread, so that the two
/// really ran at once: the other thread was in the middle of one batch the whole time.
enum ReadCost {
  struct Row: Sendable {
    let name: String
    let oneThread: Double
    let twoThreads: Double?
  }

  /// What a row calls: a read used at the call site, or a read that hands out the instance.
  enum Body: Sendable {
    case member(@Sendable () -> Int)
    /// Returns the instance: retained by the read, released by the harness after it folded the
    /// instance's identity into its checksum (rows 1b and 3a of the main table).
    case instance(@Sendable () -> Manager)
  }

  private static let rows: [(String, Body)] = [
    (
      "`Manager.shared.id`, `static let` of a run-time object",
      .member { CallSiteFixtures.staticLet.id }
    ),
    (
      "returns `Manager.shared`, `static let` of a run-time object",
      .instance { CallSiteFixtures.staticLet }
    ),
    ("returns `Manager.shared.value`, `Resettable`", .instance { CallSiteFixtures.box.value }),
    ("`Manager.shared.value.id`, `Resettable`", .member { CallSiteFixtures.box.value.id }),
    (
      "`Manager.shared.withValue { $0.id }`, `Resettable`",
      .member { CallSiteFixtures.box.withValue { $0.id } }
    ),
    ("`Manager.shared.value.work()`, `Resettable`", .member { CallSiteFixtures.box.value.work() }),
    ("`Manager.shared.work()`, `static let`", .member { CallSiteFixtures.staticLet.work() }),
  ]

  private static let batch = 2_000

  /// Nanoseconds per call of one batch of `body`.
  @inline(never)
  private static func timeBatch(_ body: Body) -> Double {
    var checksum = 0
    let start: UInt64
    switch body {
    case .member(let read):
      let call = opaque(read)
      start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<batch { checksum &+= call() }
    case .instance(let read):
      let call = opaque(read)
      start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<batch { checksum &+= ObjectIdentifier(call()).hashValue }
    }
    let end = DispatchTime.now().uptimeNanoseconds
    blackHole(checksum)
    return Double(end - start) / Double(batch)
  }

  static func run(quick: Bool) -> [Row] {
    let rounds = quick ? 200 : 4_000
    for (_, body) in rows { _ = timeBatch(body) }  // created, warm
    var best = Array(repeating: Double.infinity, count: rows.count)
    for _ in 0..<rounds {
      for (index, (_, body)) in rows.enumerated() {
        best[index] = min(best[index], timeBatch(body))
      }
    }
    let two = twoThreads(rounds: rounds / 4)
    return rows.enumerated().map { index, row in
      Row(name: row.0, oneThread: best[index], twoThreads: two[index])
    }
  }

  /// Per row, the fastest batch of either thread among the batches that ran entirely within one
  /// batch of the other thread (which runs the same rows, in the same order): ns per call of one
  /// thread while the other reads too.
  private static func twoThreads(rounds: Int) -> [Double?] {
    let bodies = rows.map(\.1)
    return ConcurrentBatches.fastest(operations: bodies.count, rounds: rounds) { index in
      timeBatch(bodies[index])
    }.map { $0.isFinite ? $0 : nil }
  }

  static func markdownTable(_ rows: [Row]) -> String {
    let reference = rows[0]
    var lines = [
      "| read | 1 thread, ns | × `static let` | 2 threads, ns per call per thread | × `static let` |",
      "|---|--:|--:|--:|--:|",
    ]
    for row in rows {
      let two = row.twoThreads.map { String(format: "%.2f", $0) } ?? "—"
      let twoRatio =
        row.twoThreads.flatMap { value in
          reference.twoThreads.map { String(format: "%.2f×", value / $0) }
        } ?? "—"
      lines.append(
        "| \(row.name) | \(String(format: "%.2f", row.oneThread)) | "
          + "\(String(format: "%.2f×", row.oneThread / reference.oneThread)) | \(two) | \(twoRatio) |"
      )
    }
    return lines.joined(separator: "\n")
  }
}
