import Foundation

/// The race demo: the same workload and the same checker, run on the Objective-C pattern and on
/// `Resettable`, each at full speed and in slow motion.
public enum RaceDemo {
  /// One row of the report: a contender and what the checker found.
  public struct Row: Sendable {
    /// The contender's name.
    public let name: String
    /// What the workload recorded.
    public let run: RaceRun
    /// What the checker found in it.
    public let violations: Violations
    /// Whether this contender is `Resettable`, which must show no violation.
    public let isResettable: Bool
  }

  /// A contender, and whether it is `Resettable`, which must show no violation.
  public typealias Entry = (contender: any SharedInstanceContender, isResettable: Bool)

  /// The contenders of the report, fresh.
  ///
  /// Slow motion pauses in every creation of a real instance, so that changes land while one is
  /// being created, and in every change: the Objective-C setter between its two statements,
  /// `Resettable`, whose change is a single step, just before it.
  public static func contenders() -> [Entry] {
    let cost = 300
    let pause: @Sendable () -> Void = { usleep(50) }
    return [
      (
        OnceTokenContender(
          name: "dispatch_once + setSharedInstance:",
          makeReal: RealInstances(cost: cost).make
        ),
        false
      ),
      (
        OnceTokenContender(
          name: "  same, slow motion",
          betweenSteps: pause,
          makeReal: RealInstances(cost: cost, pause: pause).make
        ),
        false
      ),
      (ResettableContender(name: "Resettable", makeReal: RealInstances(cost: cost).make), true),
      (
        ResettableContender(
          name: "  same, slow motion",
          beforeChange: pause,
          makeReal: RealInstances(cost: cost, pause: pause).make
        ),
        true
      ),
    ]
  }

  /// Runs `workload` on every contender, one after the other.
  ///
  /// - Parameter workload: The workload each contender gets.
  /// - Returns: One row per contender.
  public static func run(_ workload: RaceWorkload) -> [Row] {
    contenders().map { entry in
      let run = workload.run(entry.contender)
      return Row(
        name: entry.contender.name,
        run: run,
        violations: ViolationChecker.check(run),
        isResettable: entry.isResettable
      )
    }
  }

  /// The report as a small table.
  ///
  /// - Parameters:
  ///   - rows: What ``run(_:)`` returned.
  ///   - workload: The workload the rows ran.
  /// - Returns: Lines to print.
  public static func report(_ rows: [Row], workload: RaceWorkload) -> String {
    let header = [
      "pattern", "resets+mocks", "reads", "real-after-mock", "nil", "2nd-real", "stale", "total",
    ]
    let table = rows.map { row in
      [
        row.name,
        row.run.operations.formatted(),
        row.run.reads.formatted(),
        row.violations.realWhileMocked.formatted(),
        row.violations.missingInstance.formatted(),
        row.violations.secondRealInstance.formatted(),
        row.violations.staleInstance.formatted(),
        row.violations.total.formatted(),
      ]
    }
    let widths = header.indices.map { column in
      ([header] + table).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + padding : padding + cell
      }.joined(separator: "  ")
    }
    let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
    return """
      One thread alternately installs a mock and resets (as tests' set-up and tear-down do) while \
      \(workload.readers) threads read, \(workload.seconds.formatted()) s per row. Violations, \
      in reads unless noted:
        real-after-mock  a real instance while a mock was installed
        nil              no instance at all
        2nd-real         a second real instance in one reset-to-reset cycle (instances)
        stale            an instance from before the last reset or install

      \(line(header))
      \(rule)
      \(table.map(line).joined(separator: "\n"))
      """
  }
}

/// Creates the real instances of one run, numbered, at a chosen cost.
struct RealInstances: Sendable {
  let cost: Int
  let pause: (@Sendable () -> Void)?
  private let serials = SerialNumbers()

  init(cost: Int, pause: (@Sendable () -> Void)? = nil) {
    self.cost = cost
    self.pause = pause
  }

  @Sendable func make() -> RaceArticleManager {
    pause?()
    return RaceArticleManager(serial: serials.take(), cost: cost)
  }
}
