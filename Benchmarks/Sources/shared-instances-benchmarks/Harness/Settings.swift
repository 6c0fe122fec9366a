/// How long and how often each benchmark runs, from the command line.
struct Settings: Sendable {
  /// Timed repetitions of each benchmark; the table shows their median.
  var repetitions = 11
  /// The length one timed repetition aims for.
  var nanosecondsPerRepetition: UInt64 = 20_000_000
  /// Timed runs of each variant of the parallel-suite benchmark (row 9).
  var suiteRepetitions = 11
  /// Whether this is the fast smoke run.
  var isQuick = false
  /// Whether only the call-site table runs.
  var callSitesOnly = false
  /// Whether only the system boxes' table runs.
  var systemOnly = false
  /// Whether only the system doubles' tables run.
  var systemDoublesOnly = false
  /// Whether only the read-cost table runs.
  var readCostOnly = false
  /// Whether only the accessor's goals run.
  var accessorOnly = false
  /// Whether the run fails (exit 1) when a goal of the accessor's table regressed far outside
  /// noise (twice the goal).
  var checksRegressions = false

  static let usage = """
    USAGE: shared-instances-benchmarks [--quick] [--call-sites] [--system] [--system-doubles]
                                       [--read-cost] [--accessor [--check]]

    Runs every benchmark of SharedInstances, swift-dependencies and Swinject in one process and
    prints a Markdown table (ns per operation, ratio to row 1) and the goals met or not met to
    standard output; progress goes to standard error.

    OPTIONS:
      --quick       A smoke run: 3 short repetitions per benchmark (numbers are rough).
      --call-sites  Only the call-site table: member access and method calls on 1 to all
                    cores, beside a `static let`.
      --system      Only the system boxes' table: `SystemBoxes.date` beside `Date()`, and so on.
      --system-doubles
                    Only the tables of the network, user defaults, notification and file
                    boxes: live boxes beside the system API, each double's per-test cost, a
                    stubbed request.
      --read-cost   Only the read-cost table: `value`, `withValue` and a `static let`, one and
                    two threads, as the fastest of many short batches (robust to a busy machine).
      --accessor    Only the accessor's goals: `value.method()` beside `withValue` and a
                    `static let`, a returned read, 2-thread scaling, the clock box's `now`.
      --check       With --accessor: exit 1 when a goal regressed far outside noise (a ratio
                    twice the goal's), for CI's quick run.
      -h, --help  Shows this help.
    """

  /// Parses the arguments after the program's name, or returns nil after printing usage.
  static func parse(_ arguments: some Sequence<String>) -> Settings? {
    var settings = Settings()
    for argument in arguments {
      switch argument {
      case "--quick":
        settings.repetitions = 3
        settings.nanosecondsPerRepetition = 2_000_000
        settings.suiteRepetitions = 3
        settings.isQuick = true
      case "--call-sites":
        settings.callSitesOnly = true
      case "--system":
        settings.systemOnly = true
      case "--system-doubles":
        settings.systemDoublesOnly = true
      case "--read-cost":
        settings.readCostOnly = true
      case "--accessor":
        settings.accessorOnly = true
      case "--check":
        settings.checksRegressions = true
      case "-h", "--help":
        print(usage)
        return nil
      default:
        printToStandardError("error: unknown argument '\(argument)'\n\n\(usage)")
        return nil
      }
    }
    return settings
  }
}
