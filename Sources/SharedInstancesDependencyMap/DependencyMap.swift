// `SharedInstancesDependencyMap`: depends on the core, the isolation layer and
// `_SharedInstancesTestReporting`; the trait's module records into it and `SharedInstancesTesting`
// re-exports it.

import Foundation
import SharedInstances
import _SharedInstancesIsolation

/// The suite-wide map of which isolated tests touched which shared instances, written as
/// `dependencies.md`, `dependencies.json` and `dependencies.html` when the test process exits,
/// if `SHARED_INSTANCES_MAP` names a folder.
///
/// Collecting costs nothing when the variable is unset (the process's map is nil); when set,
/// each test's end adds its boxes under a lock. At exit every process of the run writes its
/// own fragment and merges all the run's fragments into the three files
/// (`DependencyMap+Merge.swift`), so `swift test --parallel`, which runs XCTest tests in
/// processes of their own, makes one map. Writing never fails a run: an error goes to standard
/// error.
package final class DependencyMap: Sendable {
  /// One test: its suites (joined by dots) and its name.
  package struct TestID: Hashable, Comparable, Sendable {
    package let suite: String
    package let name: String

    package init(suite: String, name: String) {
      self.suite = suite
      self.name = name
    }

    /// An XCTest test, from its name (`Class.method` on Linux, `-[Class method]` on Apple
    /// platforms).
    package init(xcTestName: String) {
      let components = DependencyRecorder.xcTestNameComponents(xcTestName)
      guard components.count > 1 else {
        self.init(suite: "", name: xcTestName)
        return
      }
      self.init(suite: components.dropLast().joined(separator: "."), name: components.last!)
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

    /// The box as the map shows it: its type, or for a named box its name and type.
    package init(_ identity: _BoxIdentity) {
      self.init(
        type: identity.label,
        declaredAt: "\(identity.location.fileID):\(identity.location.line)"
      )
    }

    package static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.type, lhs.declaredAt) < (rhs.type, rhs.declaredAt)
    }
  }

  /// Every test and how it touched each box.
  package typealias Tests = [TestID: [Box: Set<DependencyKind>]]

  private let tests = Protected<Tests>([:])

  package init() {}

  /// Adds one scope's dependencies to a test (a test with several scopes adds up).
  func add(_ test: TestID, _ dependencies: [_Scope.Dependency]) {
    add(test, dependencies.map { (Box($0.identity), DependencyKind.of($0)) })
  }

  /// Adds how a test touched boxes, by name: kinds add up with what the test already has.
  ///
  /// ```swift
  /// map.add(.init(suite: "ProfileTests", name: "showsName()"), [(clock, [.sets])])
  /// ```
  package func add(_ test: TestID, _ boxes: [(Box, Set<DependencyKind>)]) {
    tests.withLock { tests in
      for (box, kinds) in boxes { tests[test, default: [:]][box, default: []].formUnion(kinds) }
    }
  }

  /// Adds every test of `other`, kinds adding up.
  func add(_ other: Tests) {
    tests.withLock { tests in
      for (test, boxes) in other {
        for (box, kinds) in boxes { tests[test, default: [:]][box, default: []].formUnion(kinds) }
      }
    }
  }

  /// The tests collected so far.
  package var snapshot: Tests { tests.withLock { $0 } }

  // MARK: Views

  /// One box and the tests of each view of it, every list sorted by suite and name.
  struct Row {
    let box: Box
    /// Tests that read the box's real instance: hidden dependencies.
    var readForRealBy: [TestID] = []
    /// Tests that installed a value with `set`, `setIfEmpty` or `update`.
    var setBy: [TestID] = []
    /// Tests that overrode the box, or read an override (their suite's).
    var overriddenBy: [TestID] = []
    /// Tests that reset the box.
    var resetBy: [TestID] = []
  }

  /// One row per box: the boxes most tests read for real first, then the most overridden, the
  /// most set, then by name.
  static func rows(_ tests: Tests) -> [Row] {
    var rows: [Box: Row] = [:]
    for test in tests.keys.sorted() {
      for (box, kinds) in tests[test]! {
        // Mutated in place: copying a row out and back would copy its arrays every time.
        if rows[box] == nil { rows[box] = Row(box: box) }
        if kinds.contains(.readsRealInstance) { rows[box]!.readForRealBy.append(test) }
        if kinds.contains(.sets) { rows[box]!.setBy.append(test) }
        if kinds.contains(.overrides) || kinds.contains(.readsOverride)
          || kinds.contains(.readsTestDefault)
        {
          rows[box]!.overriddenBy.append(test)
        }
        if kinds.contains(.resets) { rows[box]!.resetBy.append(test) }
      }
    }
    return rows.values.sorted {
      ($1.readForRealBy.count, $1.overriddenBy.count, $1.setBy.count, $0.box) < (
        $0.readForRealBy.count, $0.overriddenBy.count, $0.setBy.count, $1.box
      )
    }
  }

  /// `text` with each scalar `replacement` gives a replacement for replaced. `needsEscaping`
  /// tells from the UTF-8 bytes whether any may: most names need nothing, and skip the loop.
  static func escaped(
    _ text: String,
    if needsEscaping: (UInt8) -> Bool,
    _ replacement: (Unicode.Scalar) -> String?
  ) -> String {
    // A loop, not `replacingOccurrences`: Foundation's is slow on Linux, once per test adds up.
    guard text.utf8.contains(where: needsEscaping) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if let replaced = replacement(scalar) {
        out += replaced
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
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

  /// Adds the process's map to its run's map; called at exit. Never fails the run.
  private static func writeProcessMap() {
    guard let map = process, let directory = SharedInstancesEnvironment.process.mapDirectory
    else { return }
    do {
      for warning in try map.merge(into: directory, run: .current) {
        printToStandardError("SharedInstances: \(warning)")
      }
    } catch {
      printToStandardError("SharedInstances: could not write the dependency map: \(error)")
    }
  }
}
