import Foundation
import SharedInstances
import SharedInstancesTesting

/// Issue 11: what a call site costs (`Manager.shared.value.id`, `.work()`), on 1 to all cores,
/// side by side with the `static let` it replaces. Nothing is returned by reference: the rows
/// measure the access itself, including any reference counting it does.
enum CallSites {
  /// 1, 2, 4, … up to the machine's cores, and the cores themselves.
  static var threadCounts: [Int] {
    let cores = max(1, Machine.cores)
    var counts = Array(sequence(first: 1) { $0 * 2 }.prefix { $0 <= cores })
    if counts.last != cores { counts.append(cores) }
    return counts
  }

  /// The production rows: run before any isolation scope is opened in the process.
  static func runProduction(_ sampler: ThreadedSampler, into table: inout CallSiteTable) {
    let rows: [(String, String, @Sendable () -> Int)] = [
      (
        "static-member", "`Manager.shared.id`, `static let` of a run-time object",
        {
          CallSiteFixtures.staticLet.id
        }
      ),
      (
        "static-method", "`Manager.shared.work()`, `static let`",
        {
          CallSiteFixtures.staticLet.work()
        }
      ),
      (
        "box-member", "`Manager.shared.value.id`, `Resettable`",
        {
          CallSiteFixtures.box.value.id
        }
      ),
      (
        "box-method", "`Manager.shared.value.work()`, `Resettable`",
        {
          CallSiteFixtures.box.value.work()
        }
      ),
      (
        "borrow-member", "`Manager.shared.withValue { $0.id }`, `Resettable`",
        {
          CallSiteFixtures.box.withValue { $0.id }
        }
      ),
      (
        "borrow-method", "`Manager.shared.withValue { $0.work() }`, `Resettable`",
        {
          CallSiteFixtures.box.withValue { $0.work() }
        }
      ),
      (
        "locator", "`try locator.get(Manager.self).id`, `ServiceLocator`",
        {
          try! CallSiteFixtures.locator.get(Manager.self).id
        }
      ),
      (
        "dependencies", "swift-dependencies `holder.manager.id`",
        {
          CallSiteFixtures.holder.manager.id
        }
      ),
    ]
    for (id, name, operation) in rows {
      measure(id: id, name: name, sampler, into: &table, operation)
    }
  }

  /// The isolated-test rows: each thread reads inside an isolated scope of its own, as tests
  /// running in parallel do.
  static func runIsolated(_ sampler: ThreadedSampler, into table: inout CallSiteTable) {
    let inScope: ThreadedSampler.Wrapper = { body in
      withIsolatedShared(name: "call-site thread") { body() }
    }
    measure(
      id: "isolated-member",
      name: "`Manager.shared.value.id` in an isolated test (a scope per thread)",
      sampler,
      into: &table,
      perThread: inScope
    ) { CallSiteFixtures.scopedBox.value.id }
    measure(
      id: "isolated-borrow",
      name: "`Manager.shared.withValue { $0.id }` in an isolated test (a scope per thread)",
      sampler,
      into: &table,
      perThread: inScope
    ) { CallSiteFixtures.scopedBox.withValue { $0.id } }
  }

  private static func measure(
    id: String,
    name: String,
    _ sampler: ThreadedSampler,
    into table: inout CallSiteTable,
    perThread wrap: @escaping ThreadedSampler.Wrapper = { $0() },
    _ operation: @escaping @Sendable () -> Int
  ) {
    var samples: [Int: Sample] = [:]
    for threads in threadCounts {
      samples[threads] = sampler.measureCalls(threads: threads, perThread: wrap, operation)
    }
    table.add(CallSiteRow(id: id, name: name, samples: samples))
  }
}

/// One call site measured on each thread count.
struct CallSiteRow: Sendable {
  let id: String
  let name: String
  /// Wall nanoseconds per call, all threads together, by thread count.
  let samples: [Int: Sample]

  /// Million calls per second, all threads together.
  func throughput(threads: Int) -> Double { 1_000 / samples[threads]!.median }

  /// Throughput on `threads` threads over throughput on one.
  func scaling(threads: Int) -> Double { throughput(threads: threads) / throughput(threads: 1) }
}

/// The call-site table: million calls per second by thread count.
struct CallSiteTable: Sendable {
  private(set) var rows: [CallSiteRow] = []

  mutating func add(_ row: CallSiteRow) {
    rows.append(row)
    let figures = CallSites.threadCounts.map {
      String(format: "%d: %.1f", $0, row.throughput(threads: $0))
    }
    printToStandardError("  \(row.name): M calls/s by threads \(figures.joined(separator: ", "))")
  }

  subscript(id: String) -> CallSiteRow {
    guard let row = rows.first(where: { $0.id == id }) else {
      fatalError("no call-site row \(id) was measured")
    }
    return row
  }

  func markdownTable() -> String {
    let counts = CallSites.threadCounts
    let most = counts.last!
    var lines = [
      "| call site | " + counts.map { "\($0) thread\($0 == 1 ? "" : "s")" }.joined(separator: " | ")
        + " | \(most) / 1 | 1 thread, × `static let` |",
      "|---|" + counts.map { _ in "--:|" }.joined() + "--:|--:|",
    ]
    let reference = self["static-member"]
    for row in rows {
      let cells = counts.map { String(format: "%.1f", row.throughput(threads: $0)) }
      let perCall = row.samples[1]!.median / reference.samples[1]!.median
      lines.append(
        "| \(row.name) | \(cells.joined(separator: " | ")) | "
          + String(format: "%.2f× | %.2f×", row.scaling(threads: most), perCall) + " |"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// The call sites' goals: each form of call against a `static let`'s.
  func goals() -> [(goal: String, measured: String, met: Bool?)] {
    let reference = self["static-member"]
    let most = CallSites.threadCounts.last!
    var goals: [(String, String, Bool?)] = []
    for id in ["box-member", "box-method", "borrow-member", "borrow-method"] {
      let row = self[id]
      let base = id.hasSuffix("member") ? reference : self["static-method"]
      let perCall = row.samples[1]!.median / base.samples[1]!.median
      goals.append(
        (
          "\(row.name): one thread ≤ 1.5× the `static let` (11)",
          String(format: "%.2f×", perCall), perCall <= 1.5
        )
      )
      if most > 1 {
        let relative = row.scaling(threads: most) / base.scaling(threads: most)
        goals.append(
          (
            "\(row.name): scaling on \(most) threads ≥ 0.8× the `static let`'s (11)",
            String(
              format: "%.2f× vs %.2f×: %.2f",
              row.scaling(threads: most),
              base.scaling(threads: most),
              relative
            ),
            relative >= 0.8
          )
        )
        let two = row.scaling(threads: 2)
        goals.append(
          (
            "\(row.name): 2 threads not slower than 1 (11)",
            String(format: "2 threads = %.2f× one thread", two),
            // A busy machine gives the second thread no core: only judge when the reference scales.
            base.scaling(threads: 2) >= Goals.controlScaling ? two >= 1 : nil
          )
        )
      }
    }
    return goals
  }
}
