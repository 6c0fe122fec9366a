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
    let completed = [Counter(), Counter()]
    let results = [Results(rows.count), Results(rows.count)]
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for thread in 0..<2 {
      done.enter()
      Thread {
        start.wait()
        let other = completed[1 - thread]
        for _ in 0..<rounds {
          for (index, (_, body)) in rows.enumerated() {
            completed[thread].add()  // odd: in a batch
            let before = other.load()
            let cost = timeBatch(body)
            let after = other.load()
            completed[thread].add()
            // The other thread was inside one and the same batch from before this batch began
            // until after it ended: the two were reading at once the whole time. (A condition
            // on the other's batch, not on this one's length, so fast batches are not left out.)
            if before % 2 == 1 && after == before { results[thread].record(index, cost) }
          }
        }
        done.leave()
      }.start()
    }
    start.signal()
    start.signal()
    done.wait()
    return (0..<rows.count).map { index in
      let best = min(results[0].best(index), results[1].best(index))
      return best.isFinite ? best : nil
    }
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

/// A count one thread bumps and another reads.
private final class Counter: @unchecked Sendable {
  // @unchecked: `value` is only touched while `lock` is held.
  private let lock = NSLock()
  private var value = 0
  func add() { lock.withLock { value += 1 } }
  func load() -> Int { lock.withLock { value } }
}

/// The fastest batch of each row, for one thread.
private final class Results: @unchecked Sendable {
  // @unchecked: `best` is only touched while `lock` is held.
  private let lock = NSLock()
  private var values: [Double]
  init(_ count: Int) { values = Array(repeating: .infinity, count: count) }
  func record(_ index: Int, _ cost: Double) {
    lock.withLock { values[index] = min(values[index], cost) }
  }
  func best(_ index: Int) -> Double { lock.withLock { values[index] } }
}
