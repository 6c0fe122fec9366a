extension DependencyMap {
  /// The most suite → box links the Mermaid graph draws; past it, only the links with a real
  /// read (GitHub stops rendering a Mermaid graph at 500 edges, and people long before).
  package static let mermaidEdgeLimit = 100

  /// `dependencies.md`: a table box → tests by view, and a Mermaid graph suites → boxes.
  package func markdown() -> String {
    Self.markdown(snapshot)
  }

  static func markdown(_ tests: Tests) -> String {
    let rows = rows(tests)
    let suiteCount = Set(tests.keys.map(\.suite)).count
    var text = """
      # Shared instances in tests

      \(count(tests.count, "isolated test")) in \(count(suiteCount, "suite")) touched \
      \(count(rows.count, "shared instance")). A test that reads a box's **real** instance \
      depends on it without saying so: the top rows are the hidden dependencies to fix first \
      (provide the box in those tests: override it, or bootstrap a bootstrap-once box). *Set \
      by* lists the tests that installed a value with `set`, `setIfEmpty`, `update` or \
      `bootstrap`. `dependencies.html` shows every test.

      | Shared instance | Declared at | Read for real by | Set by | Overridden by |
      | --- | --- | --- | --- | --- |

      """
    for row in rows {
      text += "| `\(row.box.type)` | \(row.box.declaredAt) | \(cell(row.readForRealBy)) | "
      text += "\(cell(row.setBy)) | \(cell(row.overriddenBy)) |\n"
    }
    text += mermaid(tests, rows)
    return text
  }

  /// `3 tests`, `1 test`.
  private static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// A table cell: up to three tests by name, more by suite (`20: 12 in \`ProfileTests\`, …`).
  private static func cell(_ tests: [TestID]) -> String {
    if tests.isEmpty { return "–" }
    if tests.count <= 3 {
      return "\(tests.count): " + tests.map { "`\($0.path)`" }.joined(separator: ", ")
    }
    let bySuite = Dictionary(grouping: tests, by: \.suite).map { ($0.key, $0.value.count) }
      .sorted { ($1.1, $0.0) < ($0.1, $1.0) }
    if bySuite.count == 1, let suite = bySuite.first?.0 {
      return "\(tests.count): all " + (suite.isEmpty ? "top-level" : "in `\(suite)`")
    }
    var parts = bySuite.prefix(3).map { suite, count in
      suite.isEmpty ? "\(count) top-level" : "\(count) in `\(suite)`"
    }
    if bySuite.count > 3 {
      let rest = bySuite.dropFirst(3)
      parts.append("\(rest.map(\.1).reduce(0, +)) in \(Self.count(rest.count, "other suite"))")
    }
    return "\(tests.count): " + parts.joined(separator: ", ")
  }

  /// How many tests of a suite touched a box, by view.
  private struct Link {
    var real = 0
    var overridden = 0
    var set = 0
    var reset = 0
    /// Tests of the suite that touched the box at all.
    var tests = 0

    var label: String {
      [(real, "real"), (overridden, "override"), (set, "set"), (reset, "reset")]
        .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }

    /// A thick arrow for a real read, a dotted one for an override, a plain one otherwise.
    var arrow: String { real > 0 ? "==>" : overridden > 0 ? "-.->" : "-->" }
  }

  /// The graph, one node per suite (the tests of a suite are aggregated into it).
  private static func mermaid(_ tests: Tests, _ rows: [Row]) -> String {
    let boxIndex = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.box, $0) })
    let suites = Dictionary(grouping: tests.keys, by: \.suite)
    let suiteNames = suites.keys.sorted()
    var links: [Int: [Int: Link]] = [:]  // suite index → box index → link
    for (suiteIndex, suite) in suiteNames.enumerated() {
      for test in suites[suite]! {
        for (box, kinds) in tests[test]! {
          var link = links[suiteIndex, default: [:]][boxIndex[box]!, default: Link()]
          if kinds.contains(.readsRealInstance) { link.real += 1 }
          if !kinds.isDisjoint(with: [.overrides, .readsOverride, .readsTestDefault]) {
            link.overridden += 1
          }
          if kinds.contains(.sets) { link.set += 1 }
          if kinds.contains(.resets) { link.reset += 1 }
          link.tests += 1
          links[suiteIndex, default: [:]][boxIndex[box]!] = link
        }
      }
    }
    var edges = links.flatMap { suite, boxes in
      boxes.map { (suite: suite, box: $0.key, link: $0.value) }
    }
    .sorted { ($0.suite, $0.box) < ($1.suite, $1.box) }
    let allEdges = edges.count
    var text =
      "\nThe graph draws each suite as one node, with how many of its tests touched each box.\n"
    if edges.count > mermaidEdgeLimit {
      // The hidden dependencies first, those read for real by most tests first; then the
      // links of most tests.
      edges = edges.sorted {
        ($0.link.real > 0 ? 0 : 1, -$0.link.real, -$0.link.tests, $0.box, $0.suite) < (
          $1.link.real > 0 ? 0 : 1, -$1.link.real, -$1.link.tests, $1.box, $1.suite
        )
      }
      edges = Array(edges.prefix(mermaidEdgeLimit)).sorted {
        ($0.suite, $0.box) < ($1.suite, $1.box)
      }
      text += """
        With \(allEdges) suite–box links, it shows the \(mermaidEdgeLimit) with the most real \
        reads, then the most tests; `dependencies.html` shows them all.

        """
    }
    text += "\n```mermaid\nflowchart LR\n"
    let shownSuites = Set(edges.map(\.suite))
    let shownBoxes = Set(edges.map(\.box))
    for (index, suite) in suiteNames.enumerated() where shownSuites.contains(index) {
      let name = suite.isEmpty ? "top-level tests" : suite
      text += "  s\(index)[\"\(label(name)) (\(count(suites[suite]!.count, "test")))\"]\n"
    }
    for (index, row) in rows.enumerated() where shownBoxes.contains(index) {
      text += "  b\(index)[(\"\(label(row.box.type))\")]\n"
    }
    for edge in edges {
      text += "  s\(edge.suite) \(edge.link.arrow)|\(edge.link.label)| b\(edge.box)\n"
    }
    let real = rows.indices.filter { shownBoxes.contains($0) && !rows[$0].readForRealBy.isEmpty }
    text += "  classDef real stroke:#d1242f,stroke-width:3px\n"
    if !real.isEmpty { text += "  class \(real.map { "b\($0)" }.joined(separator: ",")) real\n" }
    text += "```\n"
    return text
  }

  /// Mermaid label text: `<` and `>` as entity codes, quotes as apostrophes.
  private static func label(_ text: String) -> String {
    escaped(text, if: { $0 == 0x22 || $0 == 0x3C || $0 == 0x3E }) { scalar in
      switch scalar {
      case "\"": "'"
      case "<": "#lt;"
      case ">": "#gt;"
      default: nil
      }
    }
  }
}
