import Foundation
import SharedInstances

/// The suite-wide map of which isolated tests touched which shared instances, written as
/// `dependencies.md` and `dependencies.json` when the test process exits, if
/// `SHARED_INSTANCES_MAP` names a folder.
///
/// Collecting costs nothing when the variable is unset (the process's map is nil); when set,
/// each test's end adds its boxes under a lock. Writing never fails a run: an error goes to
/// standard error.
package final class DependencyMap: Sendable {
  /// One test: its suites (joined by dots) and its name.
  package struct TestID: Hashable, Comparable, Sendable {
    package let suite: String
    package let name: String

    package init(suite: String, name: String) {
      self.suite = suite
      self.name = name
    }

    var path: String { suite.isEmpty ? name : "\(suite)/\(name)" }

    package static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.suite, lhs.name) < (rhs.suite, rhs.name)
    }
  }

  /// A box as the map names it.
  package struct Box: Hashable, Comparable, Sendable {
    package let type: String
    package let declaredAt: String

    package init(type: String, declaredAt: String) {
      self.type = type
      self.declaredAt = declaredAt
    }

    init(_ identity: _BoxIdentity) {
      self.init(
        type: identity.typeDescription,
        declaredAt: "\(identity.location.fileID):\(identity.location.line)"
      )
    }

    package static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.type, lhs.declaredAt) < (rhs.type, rhs.declaredAt)
    }
  }

  private let tests = Protected<[TestID: [Box: Set<DependencyKind>]]>([:])

  package init() {}

  /// Adds one scope's dependencies to a test (a test with several scopes adds up).
  func add(_ test: TestID, _ dependencies: [_Scope.Dependency]) {
    let boxes = dependencies.map { (Box($0.identity), DependencyKind.of($0)) }
    tests.withLock { tests in
      for (box, kinds) in boxes { tests[test, default: [:]][box, default: []].formUnion(kinds) }
    }
  }

  /// Adds a test's boxes by name (for tests of the map itself).
  package func add(_ test: TestID, _ boxes: [(Box, readsReal: Bool, overrides: Bool)]) {
    tests.withLock { tests in
      var entry = tests[test] ?? [:]
      for (box, real, overrides) in boxes {
        if real { entry[box, default: []].insert(.readsRealInstance) }
        if overrides { entry[box, default: []].insert(.overrides) }
      }
      tests[test] = entry
    }
  }

  // MARK: Rendering

  private struct Row {
    let box: Box
    var readForRealBy: [TestID] = []
    var overriddenBy: [TestID] = []
    var otherwiseTouchedBy: [TestID] = []
  }

  /// One row per box, the boxes most tests read for real first.
  private func rows() -> (tests: [TestID: [Box: Set<DependencyKind>]], rows: [Row]) {
    let tests = self.tests.withLock { $0 }
    var rows: [Box: Row] = [:]
    for test in tests.keys.sorted() {
      for (box, kinds) in tests[test]! {
        // Mutated in place: copying a row out and back would copy its arrays every time.
        if rows[box] == nil { rows[box] = Row(box: box) }
        if kinds.contains(.readsRealInstance) { rows[box]!.readForRealBy.append(test) }
        if kinds.contains(.overrides) || kinds.contains(.readsOverride) {
          rows[box]!.overriddenBy.append(test)
        } else if !kinds.contains(.readsRealInstance) {
          rows[box]!.otherwiseTouchedBy.append(test)
        }
      }
    }
    let sorted = rows.values.sorted {
      ($1.readForRealBy.count, $0.overriddenBy.count, $1.box) < (
        $0.readForRealBy.count, $1.overriddenBy.count, $0.box
      )
    }
    return (tests, sorted)
  }

  /// `dependencies.md`: a table box → tests, and a Mermaid graph tests → boxes.
  package func markdown() -> String {
    let (tests, rows) = rows()
    func names(_ tests: [TestID]) -> String {
      tests.isEmpty
        ? "–" : "\(tests.count): " + tests.map { "`\($0.path)`" }.joined(separator: ", ")
    }
    var text = """
      # Shared instances in tests

      \(tests.count) isolated tests touched \(rows.count) shared instances. A test that reads \
      a box's **real** instance depends on it without saying so: the top rows are the hidden \
      dependencies to fix first (override the box in those tests).

      | Shared instance | Declared at | Read for real by | Overridden by |
      | --- | --- | --- | --- |

      """
    for row in rows {
      text += "| `\(row.box.type)` | \(row.box.declaredAt) | \(names(row.readForRealBy)) | "
      text += "\(names(row.overriddenBy)) |\n"
    }
    text += "\n```mermaid\nflowchart LR\n"
    let boxIndex = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.box, $0) })
    let boxIDs = boxIndex.mapValues { "b\($0)" }
    // Tests that touched nothing are counted above but left out of the graph.
    let suites = Dictionary(grouping: tests.keys.filter { !tests[$0]!.isEmpty }, by: \.suite)
    var testIDs: [TestID: String] = [:]
    for (suiteIndex, suite) in suites.keys.sorted().enumerated() {
      let members = suites[suite]!.sorted()
      if !suite.isEmpty { text += "  subgraph s\(suiteIndex) [\"\(Self.label(suite))\"]\n" }
      for test in members {
        let id = "t\(testIDs.count)"
        testIDs[test] = id
        text += "\(suite.isEmpty ? "  " : "    ")\(id)[\"\(Self.label(test.name))\"]\n"
      }
      if !suite.isEmpty { text += "  end\n" }
    }
    for row in rows {
      text += "  \(boxIDs[row.box]!)[(\"\(Self.label(row.box.type))\")]\n"
    }
    for test in tests.keys.sorted() {
      let edges = tests[test]!.sorted { boxIndex[$0.key]! < boxIndex[$1.key]! }
      for (box, kinds) in edges {
        let edge =
          kinds.contains(.readsRealInstance)
          ? "==>|real|"
          : kinds.contains(.overrides) || kinds.contains(.readsOverride)
            ? "-.->|override|" : "-->|\(kinds.sorted().map(\.rawValue).joined(separator: ", "))|"
        text += "  \(testIDs[test]!) \(edge) \(boxIDs[box]!)\n"
      }
    }
    let real = rows.filter { !$0.readForRealBy.isEmpty }.map { boxIDs[$0.box]! }
    text += "  classDef real stroke:#d1242f,stroke-width:3px\n"
    if !real.isEmpty { text += "  class \(real.joined(separator: ",")) real\n" }
    text += "```\n"
    return text
  }

  /// Mermaid label text: `<` and `>` as entity codes, quotes dropped.
  private static func label(_ text: String) -> String {
    // A loop, not `replacingOccurrences`: Foundation's is slow on Linux, once per test adds up.
    guard text.utf8.contains(where: { $0 == 0x22 || $0 == 0x3C || $0 == 0x3E }) else {
      return text
    }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "'"
      case "<": out += "#lt;"
      case ">": out += "#gt;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `dependencies.json`: the same data for tools (schema in <doc:FindingHiddenDependencies>).
  ///
  /// Written by hand rather than with `JSONEncoder`, which is an order of magnitude slower on
  /// Linux: keys in a fixed order, two-space indentation, one array element per line.
  package func json() -> String {
    let (tests, rows) = rows()
    var out = "{\n  \"schemaVersion\": 1,\n  \"tests\": ["
    for (index, test) in tests.keys.sorted().enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += "    {\n      \"suite\": \(Self.quoted(test.suite)),\n"
      out += "      \"name\": \(Self.quoted(test.name)),\n      \"dependencies\": ["
      let dependencies = tests[test]!.sorted { $0.key < $1.key }
      for (position, (box, kinds)) in dependencies.enumerated() {
        out += position == 0 ? "\n" : ",\n"
        out += "        {\"box\": \(Self.quoted(box.type)), "
        out += "\"declaredAt\": \(Self.quoted(box.declaredAt)), \"kinds\": "
        out += Self.array(kinds.sorted().map(\.rawValue)) + "}"
      }
      out += dependencies.isEmpty ? "]\n    }" : "\n      ]\n    }"
    }
    out += tests.isEmpty ? "],\n  \"boxes\": [" : "\n  ],\n  \"boxes\": ["
    for (index, row) in rows.enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += "    {\n      \"box\": \(Self.quoted(row.box.type)),\n"
      out += "      \"declaredAt\": \(Self.quoted(row.box.declaredAt)),\n"
      out += "      \"readForRealBy\": \(Self.array(row.readForRealBy.map(\.path))),\n"
      out += "      \"overriddenBy\": \(Self.array(row.overriddenBy.map(\.path)))\n    }"
    }
    out += rows.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return out
  }

  private static func array(_ strings: [String]) -> String {
    "[" + strings.map(quoted).joined(separator: ", ") + "]"
  }

  /// A JSON string literal.
  private static func quoted(_ string: String) -> String {
    guard string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
      return "\"" + string + "\""
    }
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _ where scalar.value < 0x20:
        out +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// The tests of a `dependencies.json` written earlier into the same folder (by the other
  /// test process of the same `swift test`: XCTest and Swift Testing run in two), so that the
  /// map covers both. Point the variable at a fresh folder for each run.
  func merge(json text: String) {
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let tests = object["tests"] as? [[String: Any]]
    else { return }
    for test in tests {
      guard let suite = test["suite"] as? String, let name = test["name"] as? String,
        let dependencies = test["dependencies"] as? [[String: Any]]
      else { continue }
      let id = TestID(suite: suite, name: name)
      var entry: [Box: Set<DependencyKind>] = [:]
      for dependency in dependencies {
        guard let type = dependency["box"] as? String,
          let declaredAt = dependency["declaredAt"] as? String,
          let kinds = dependency["kinds"] as? [String]
        else { continue }
        entry[Box(type: type, declaredAt: declaredAt)] = Set(kinds.compactMap(DependencyKind.init))
      }
      self.tests.withLock { tests in
        if tests[id] == nil { tests[id] = entry }  // this process's own results win
      }
    }
  }

  /// Writes `dependencies.md` and `dependencies.json` into `directory` (created if needed),
  /// adding the tests of a `dependencies.json` already there that this map does not have.
  package func write(to directory: String) throws {
    let folder = URL(fileURLWithPath: directory)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let earlier = folder.appendingPathComponent("dependencies.json")
    if let text = try? String(contentsOf: earlier, encoding: .utf8) { merge(json: text) }
    try Data(markdown().utf8).write(
      to: folder.appendingPathComponent("dependencies.md"),
      options: .atomic
    )
    try Data(json().utf8).write(
      to: folder.appendingPathComponent("dependencies.json"),
      options: .atomic
    )
  }

  // MARK: The process's map

  /// The map of this process if `SHARED_INSTANCES_MAP` is set, written at exit; else nil.
  package static let process: DependencyMap? = make(environment: .process, registersAtExit: true)

  /// A map for `environment`: nil when it has no `SHARED_INSTANCES_MAP`.
  package static func make(
    environment: SharedInstancesEnvironment,
    registersAtExit: Bool = false
  ) -> DependencyMap? {
    guard environment.mapDirectory != nil else { return nil }
    if registersAtExit { atexit { DependencyMap.writeProcessMap() } }
    return DependencyMap()
  }

  /// Writes the process's map; called at exit. Never fails the run.
  private static func writeProcessMap() {
    guard let map = process, let directory = SharedInstancesEnvironment.process.mapDirectory
    else { return }
    do {
      try map.write(to: directory)
    } catch {
      printToStandardError("SharedInstances: could not write the dependency map: \(error)")
    }
  }
}
