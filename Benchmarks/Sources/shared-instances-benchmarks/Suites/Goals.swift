/// The read path's goals (cost per read, scaling on threads, flatness in the number of boxes,
/// isolation's cost), checked against a report.
enum Goals {
  /// Row 8 counts as flat when 10,000 boxes cost at most this much more than none.
  static let flatnessTolerance = 1.25
  /// Two threads of `static let` reads must reach this speed-up for row 7 to say anything: on
  /// a busy machine the second thread has no core of its own.
  static let controlScaling = 1.3

  enum Verdict {
    case met
    case notMet
    case inconclusive(String)

    init(_ met: Bool) { self = met ? .met : .notMet }

    var text: String {
      switch self {
      case .met: "met"
      case .notMet: "**not met**"
      case .inconclusive(let reason): "inconclusive: \(reason)"
      }
    }
  }

  static func markdownTable(_ report: Report, callSites: CallSiteTable) -> String {
    var lines = ["| Goal (issue) | Measured | Verdict |", "|---|---|---|"]
    func add(_ goal: String, _ measured: String, _ verdict: Verdict) {
      lines.append("| \(goal) | \(measured) | \(verdict.text) |")
    }
    func ns(_ id: String) -> String { "\(id) = \(Report.format(report.median(id))) ns" }
    func ratio(_ id: String, to other: String) -> Double {
      report.median(id) / report.median(other)
    }

    let created = ratio("3a", to: "1")
    add(
      "Row 3, created, no test running: ≤ 2× row 1 (2, 7)",
      "\(ns("3a")) is \(Report.ratio(created)) row 1 (\(ns("1"))); "
        + "\(Report.ratio(ratio("3a", to: "1b"))) row 1b (\(ns("1b")))",
      Verdict(created <= 2)
    )

    let ours = ["3a", "3b", "6a", "6b"].max { report.median($0) < report.median($1) }!
    let theirs = ["4a", "4b", "5a", "5b", "5c", "5d"].min {
      report.median($0) < report.median($1)
    }!
    let lead = ratio(theirs, to: ours)
    add(
      "Rows 3 and 6 ≥ 10× faster than rows 4 and 5 (7)",
      "the slowest of 3a/3b/6a/6b (\(ns(ours))) is \(Report.ratio(lead)) faster than the "
        + "fastest of 4a–5d (\(ns(theirs)))",
      Verdict(lead >= 10)
    )

    let scopedRead = report.median("3c") > report.median("3d") ? "3c" : "3d"
    let inTests = ratio("4b", to: scopedRead)
    add(
      "… and in tests: row 3 in a scope ≥ 10× faster than row 4 in `withDependencies` (7)",
      "\(ns(scopedRead)) is \(Report.ratio(inTests)) faster than \(ns("4b"))",
      Verdict(inTests >= 10)
    )

    let growth = max(ratio("8b", to: "8a"), ratio("8c", to: "8a"))
    add(
      "Row 8 flat in the number of boxes (3, 7)",
      "\(ns("8a")), \(ns("8b")), \(ns("8c")): at most \(Report.ratio(growth)) 8a "
        + "(counted flat up to \(Report.ratio(flatnessTolerance)))",
      Verdict(growth <= flatnessTolerance)
    )

    let suite = report.figures["9b.ratio"]!
    add(
      "Row 9: 200 parallel async tests, wall time with/without isolation ≤ 1.1 (3, 7)",
      "\(Report.ratio(suite)) (9b/9a); with no work at all between awaits "
        + "\(Report.ratio(report.figures["9d.ratio"]!)) (9d/9c)",
      Verdict(suite <= 1.1)
    )

    add(
      "A read inside an isolated test < 100 ns (3)",
      "\(ns("3c")), \(ns("3d"))",
      Verdict(report.median(scopedRead) < 100)
    )

    add(
      "`ServiceLocator.get` ≤ 3× `Resettable.value` (5)",
      "\(ns("6a")), \(ns("6b")): at most "
        + "\(Report.ratio(max(ratio("6a", to: "3a"), ratio("6b", to: "3a")))) 3a",
      Verdict(max(ratio("6a", to: "3a"), ratio("6b", to: "3a")) <= 3)
    )

    let control = report.figures["7a.scaling"]!
    let ownBoxes = report.figures["7f.scaling"]!
    let measured =
      "two threads reading their own boxes: \(Report.ratio(ownBoxes)) one thread's rate (7f); "
      + "the same box: \(Report.ratio(report.figures["7e.scaling"]!)) (7e), like a `static let` "
      + "created at run time, \(Report.ratio(report.figures["7b.scaling"]!)) (7b): the "
      + "instance's reference count is shared; control \(Report.ratio(control)) (7a)"
    if control < controlScaling {
      add(
        "Reads from two threads do not serialize behind a lock (2)",
        measured,
        .inconclusive("the control did not scale; the machine was busy")
      )
    } else {
      add(
        "Reads from two threads do not serialize behind a lock (2)",
        measured,
        Verdict(ownBoxes >= 0.8 * control)
      )
    }
    for goal in callSites.goals() {
      add(
        goal.goal,
        goal.measured,
        goal.met.map(Verdict.init)
          ?? .inconclusive("the `static let` did not scale; the machine was busy")
      )
    }
    return lines.joined(separator: "\n")
  }
}
