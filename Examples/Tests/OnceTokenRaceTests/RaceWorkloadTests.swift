import Foundation
import OnceTokenRace
import Testing

/// The demo's workload and checker, run for real: the Objective-C pattern shows violations in
/// slow motion, `Resettable` none, at either speed.
///
/// Serialized so that the runs, each with four busy threads, do not compete with each other
/// for this machine's cores; other suites still run alongside.
@Suite(.serialized, .timeLimit(.minutes(1))) struct RaceWorkloadTests {
  let workload = RaceWorkload(readers: 3, seconds: 0.5)

  @Test func theCheckerCatchesTheObjectiveCPatternInSlowMotion() async {
    let rows = await runOffThePool(workload)
    let slowMotion = rows[1]
    #expect(!slowMotion.isResettable)
    #expect(slowMotion.run.operations > 10)
    #expect(slowMotion.violations.total > 0, "\(slowMotion.violations)")
    for row in rows where row.isResettable {
      #expect(row.violations == Violations(), "\(row.name): \(row.violations)")
      #expect(row.run.operations > 10, "the writer ran")
      #expect(row.run.reads > 1_000, "the readers ran")
    }
  }

  @Test func theReportShowsEveryRow() async {
    let rows = await runOffThePool(RaceWorkload(readers: 1, seconds: 0.05))
    let report = RaceDemo.report(rows, workload: workload)
    #expect(report.contains("dispatch_once + setSharedInstance:"))
    #expect(report.contains("Resettable"))
    #expect(report.split(separator: "\n", omittingEmptySubsequences: false).count == 12)
  }
}

/// Runs the demo on a thread of its own, so that waiting for it does not hold one of the few
/// threads that run every other test's tasks.
private func runOffThePool(_ workload: RaceWorkload) async -> [RaceDemo.Row] {
  await withCheckedContinuation { finished in
    Thread { finished.resume(returning: RaceDemo.run(workload)) }.start()
  }
}
