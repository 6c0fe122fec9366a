import Foundation

/// Runs every benchmark in one process and prints the report as Markdown.
///
/// ```
/// swift run -c release --package-path Benchmarks shared-instances-benchmarks [--quick]
/// ```
@main
struct BenchmarkMain {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let settings = Settings.parse(arguments) else {
      exit(arguments.contains { $0 == "-h" || $0 == "--help" } ? 0 : 64)
    }
    let loadBefore = Machine.loadAverage
    let started = Date()
    let usageBefore = CPUUsage.now()
    if let loadBefore, loadBefore >= 1 {
      printToStandardError(
        String(
          format: "warning: load average %.2f: the machine is busy, timings are noisy",
          loadBefore
        )
      )
    }
    let sampler = Sampler(settings: settings)
    let threaded = ThreadedSampler(settings: settings)
    if settings.callSitesOnly {
      var callSites = CallSiteTable()
      CallSites.runProduction(threaded, into: &callSites)
      CallSites.runIsolated(threaded, into: &callSites)
      print(callSites.markdownTable())
      print()
      for goal in callSites.goals() {
        print(
          "- \(goal.goal): \(goal.measured): \(goal.met.map { $0 ? "met" : "not met" } ?? "inconclusive")"
        )
      }
      return
    }
    if settings.systemDoublesOnly {
      // The live rows first: before any scope opens (see below).
      printToStandardError("Live system boxes against the system API (no scope opened):")
      let live = SystemDoubleCosts.live(sampler)
      printToStandardError("Each double's cost per test (set-up + tear-down):")
      let perTest = SystemDoubleCosts.perTest(sampler)
      printToStandardError("A stubbed request:")
      let requests = await SystemDoubleCosts.requests(sampler)
      print("### Live boxes against the system API (issue 31)\n")
      print(SystemDoubleCosts.markdownTable(live))
      print("\n### Each double's cost per test: set-up + tear-down (issue 31)\n")
      print(SystemDoubleCosts.markdownTable(perTest))
      print("\n### A stubbed request (issue 31)\n")
      print(SystemDoubleCosts.markdownTable(requests))
      return
    }
    if settings.readCostOnly {
      print(ReadCost.markdownTable(ReadCost.run(quick: settings.isQuick)))
      return
    }
    if settings.accessorOnly {
      let (one, two) = AccessorGoals.run(quick: settings.isQuick)
      let goals = AccessorGoals.goals(one, two) + AccessorGoals.doubles(quick: settings.isQuick)
      print(AccessorGoals.markdownTable(goals))
      let regressed = goals.filter { $0.inconclusive == nil && $0.regressed }
      for goal in regressed {
        printToStandardError("regression far outside noise: \(goal.goal): \(goal.measured)")
      }
      if settings.checksRegressions && !regressed.isEmpty { exit(1) }
      return
    }
    if settings.systemOnly {
      printToStandardError("System boxes against the system API (no isolation scope opened):")
      print(SystemBoxReads.markdownTable(SystemBoxReads.run(sampler)))
      return
    }
    var report = Report()
    var callSites = CallSiteTable()

    // The production rows first: once a scope has been opened, the process-wide "isolation
    // was used" flag stays set and every `Resettable` read takes the slower path.
    printToStandardError("Production reads (no isolation scope opened yet in this process):")
    ProductionReads.run(sampler, into: &report)
    TwoThreadReads.run(threaded, into: &report)
    printToStandardError("System boxes against the system API:")
    let systemRows = SystemBoxReads.run(sampler)
    printToStandardError("The accessor's goals (issue 39):")
    let accessor = AccessorGoals.run(quick: settings.isQuick)
    printToStandardError("Call sites on 1 to \(Machine.cores) threads (M calls/s, all threads):")
    CallSites.runProduction(threaded, into: &callSites)

    printToStandardError("Test isolation (this process now has used isolation):")
    await IsolationBenchmarks.run(sampler, threaded, into: &report)
    CallSites.runIsolated(threaded, into: &callSites)
    await ParallelSuite.run(settings, into: &report)
    printToStandardError("A test's system doubles (issue 39):")
    let doubles = AccessorGoals.doubles(quick: settings.isQuick)

    let elapsed = Date().timeIntervalSince(started)
    let others = usageBefore.flatMap { before in
      CPUUsage.now()?.otherProcessesCores(since: before)
    }
    if let others, others >= 0.1 {
      printToStandardError(
        String(format: "warning: other processes kept %.2f cores busy: timings are noisy", others)
      )
    }
    print(
      header(
        settings,
        loadBefore: loadBefore,
        loadAfter: Machine.loadAverage,
        others: others,
        seconds: elapsed
      )
    )
    print(report.markdownTable())
    print("\n### Call sites: million calls per second, all threads together\n")
    print(callSites.markdownTable())
    print("\n### System boxes against the system API (issue 22)\n")
    print(SystemBoxReads.markdownTable(systemRows))
    print("\n### The accessor's goals (issue 39)\n")
    print(AccessorGoals.markdownTable(AccessorGoals.goals(accessor.one, accessor.two) + doubles))
    print("\n### Goals\n")
    print(Goals.markdownTable(report, callSites: callSites))
  }

  private static func header(
    _ settings: Settings,
    loadBefore: Double?,
    loadAfter: Double?,
    others: Double?,
    seconds: Double
  ) -> String {
    let load = [loadBefore, loadAfter].map { $0.map { String(format: "%.2f", $0) } ?? "?" }
    let busy = others.map { String(format: "%.2f", $0) } ?? "?"
    return """
      ## Results\(settings.isQuick ? " (quick run: rough numbers)" : "")

      \(Date().formatted(.iso8601)) · \(Machine.cpuModel) · \(Machine.cores) cores · \
      \(Machine.compiler) · load average \(load[0]) before, \(load[1]) after; other processes \
      kept \(busy) cores busy during the run · \
      \(settings.repetitions) repetitions of ~\(settings.nanosecondsPerRepetition / 1_000_000) ms \
      per row, median · \(String(format: "%.0f", seconds)) s in all

      """
  }
}
