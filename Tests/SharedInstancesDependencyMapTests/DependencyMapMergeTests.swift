import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// How the processes of a run merge their fragments into one map, and what is done with
/// fragments of other runs and with fragments that cannot be read.
@Suite(TimeLimits.waiting) struct DependencyMapMergeTests {
  private static let clock = DependencyMap.Box(type: "Resettable<Clock>", declaredAt: "A.swift:1")
  private static let config = DependencyMap.Box(type: "Resettable<Config>", declaredAt: "A.swift:2")

  private static func map(_ name: String, _ box: DependencyMap.Box, _ kinds: Set<DependencyKind>)
    -> DependencyMap
  {
    let map = DependencyMap()
    map.add(.init(suite: "Suite", name: name), [(box, kinds)])
    return map
  }

  private static func freshFolder() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("si-merge-\(UUID().uuidString)")
      .path
  }

  private static func makeFolder(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  private static func fragments(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/.fragments")) ?? [])
      .filter { $0.hasSuffix(".json") }.sorted()
  }

  private static func testsInMap(_ folder: String) throws -> DependencyMap.Tests {
    try DependencyMap.tests(
      json: String(contentsOfFile: folder + "/dependencies.json", encoding: .utf8)
    )
  }

  /// This test process's parent is alive: a run still going on.
  private let run = DependencyMapRun.current

  @Test func theProcessesOfOneRunMakeOneMapAndATestInTwoAddsUp() throws {
    let folder = Self.freshFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(try Self.map("first()", Self.clock, [.overrides]).merge(into: folder, run: run) == [])
    #expect(try Self.map("second()", Self.config, [.sets]).merge(into: folder, run: run) == [])
    #expect(
      try Self.map("first()", Self.config, [.readsRealInstance]).merge(into: folder, run: run) == []
    )
    let tests = try Self.testsInMap(folder)
    #expect(
      tests == [
        .init(suite: "Suite", name: "first()"): [
          Self.clock: [.overrides], Self.config: [.readsRealInstance],
        ],
        .init(suite: "Suite", name: "second()"): [Self.config: [.sets]],
      ]
    )
    #expect(Self.fragments(folder).count == 3)
    for file in ["dependencies.md", "dependencies.html"] {
      #expect(FileManager.default.fileExists(atPath: folder + "/" + file))
    }
  }

  /// Fragments whose `swift test` has exited are an earlier run's: a new run deletes them and
  /// replaces the map, so the folder need not be fresh.
  @Test func aNewRunReplacesTheMapOfAnEarlierRun() throws {
    let folder = Self.freshFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The same process id as this run's, started at another time: a run whose id was reused.
    let earlier = DependencyMapRun(processID: run.processID, startTime: (run.startTime ?? 0) + 1)
    #expect(earlier.isOver)
    try Self.map("old()", Self.clock, [.readsRealInstance]).merge(into: folder, run: earlier)
    #expect(try Self.testsInMap(folder).keys.map(\.name) == ["old()"])
    try Self.map("new()", Self.clock, [.overrides]).merge(into: folder, run: run)
    #expect(try Self.testsInMap(folder).keys.map(\.name) == ["new()"])
    #expect(Self.fragments(folder).allSatisfy { $0.hasPrefix(run.name + ".") })
  }

  /// Another run going on at the same time, into the same folder: its fragment is neither
  /// merged nor deleted, and the clash is reported.
  @Test func aRunStillGoingOnIsLeftAloneAndReported() throws {
    let folder = Self.freshFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // This test process is alive, and is not the run's process: another run.
    let other = DependencyMapRun(
      processID: getpid(),
      startTime: DependencyMapRun.current.startTime == nil ? nil : Self.startTime(getpid())
    )
    #expect(!other.isOver)
    try Self.map("other()", Self.clock, [.readsRealInstance]).merge(into: folder, run: other)
    let warnings = try Self.map("mine()", Self.clock, [.overrides]).merge(into: folder, run: run)
    #expect(try Self.testsInMap(folder).keys.map(\.name) == ["mine()"])
    #expect(Self.fragments(folder).contains { $0.hasPrefix(other.name + ".") })
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("another test run (\(other.name)) is writing") == true)
    #expect(warnings.first?.contains("Give each run a folder of its own.") == true)
  }

  /// A fragment that cannot be read is reported by name and kept; the others are merged.
  @Test func anUnreadableFragmentIsReportedAndKept() throws {
    let folder = Self.freshFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.makeFolder(folder + "/.fragments")
    let broken = folder + "/.fragments/\(run.name).1-broken.json"
    try Data("{\"schemaVersion\": 1, \"tests\": [{\"suite\": 3}]}".utf8)
      .write(to: URL(fileURLWithPath: broken))
    let warnings = try Self.map("fine()", Self.clock, [.overrides]).merge(into: folder, run: run)
    #expect(try Self.testsInMap(folder).keys.map(\.name) == ["fine()"])
    #expect(FileManager.default.fileExists(atPath: broken))
    #expect(
      warnings == [
        """
        the dependency map fragment \(broken) cannot be read: test 1 has no "suite" and "name" \
        strings. Its tests are not in the map; the file is left in place. Delete it, or run \
        the tests again with a fresh SHARED_INSTANCES_MAP folder.
        """
      ]
    )
  }

  @Test(arguments: [
    ("", "it is not JSON (the file is empty)"),
    ("[]", "it has no \"tests\" array"),
    (
      "{\"schemaVersion\": 2, \"tests\": []}",
      "its schemaVersion is 2, not 1 (written by another version of SharedInstances)"
    ),
    (
      "{\"tests\": []}",
      "its schemaVersion is missing, not 1 (written by another version of SharedInstances)"
    ),
    (
      "{\"schemaVersion\": 1, \"tests\": [{\"suite\": \"S\", \"name\": \"t()\"}]}",
      "test 1 (\"S/t()\") has no \"dependencies\" array"
    ),
    (
      "{\"schemaVersion\": 1, \"tests\": [{\"suite\": \"S\", \"name\": \"t()\", \"dependencies\": [{\"box\": \"B\"}]}]}",
      "test 1 (\"S/t()\"): dependency 1 has no \"box\", \"declaredAt\" and \"kinds\""
    ),
    (
      "{\"schemaVersion\": 1, \"tests\": [{\"suite\": \"\", \"name\": \"t()\", \"dependencies\": [{\"box\": \"B\", \"declaredAt\": \"B.swift:1\", \"kinds\": [\"reads\"]}]}]}",
      "test 1 (\"t()\"): dependency 1 has the unknown kind \"reads\" (known: \"reads the real instance\", \"overrides\", \"reads the override\", \"reads the test default\", \"sets\", \"resets\")"
    ),
  ])
  func aMapThatCannotBeReadSaysWhatIsWrong(json: String, problem: String) {
    #expect(throws: DependencyMap.ReadError(problem: problem)) {
      try DependencyMap.tests(json: json)
    }
  }

  /// A process that exits between writing its fragment and renaming it leaves a temporary
  /// file: the next merge deletes it, and leaves alone those of live processes.
  @Test func temporaryFilesOfExitedProcessesAreDeleted() throws {
    let folder = Self.freshFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.makeFolder(folder + "/.fragments")
    let exited = Int32.max - 1  // above any pid_max
    for name in ["tmp-\(exited)-0A1B2C3D", "tmp-\(getpid())-0A1B2C3D", "notes.txt"] {
      #expect(
        FileManager.default.createFile(atPath: folder + "/.fragments/" + name, contents: Data())
      )
    }
    try Self.map("t()", Self.clock, [.sets]).merge(into: folder, run: run)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder + "/.fragments")
    #expect(!left.contains("tmp-\(exited)-0A1B2C3D"))
    #expect(left.contains("tmp-\(getpid())-0A1B2C3D"))
    #expect(left.contains("notes.txt"))
  }

  /// A folder where the lock cannot be taken: the error names the file and the reason, and
  /// the process's fragment is kept for the next process to merge.
  @Test func aFailureToLockNamesTheFileAndKeepsTheFragment() throws {
    let folder = Self.freshFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.makeFolder(folder + "/.fragments/lock")  // a folder where the lock file belongs
    let error = #expect(throws: (any Error).self) {
      try Self.map("t()", Self.clock, [.sets]).merge(into: folder, run: run)
    }
    #expect(
      "\(error.map { "\($0)" } ?? "")" == "could not open \(folder)/.fragments/lock: Is a directory"
    )
    #expect(Self.fragments(folder).count == 1)
  }

  @Test func aFragmentNameNamesItsRun() {
    let run = DependencyMapRun(processID: 4242, startTime: 987)
    #expect(run.name == "run-4242-987")
    #expect(DependencyMapRun(fragmentName: "run-4242-987.77-abcd1234.json") == run)
    #expect(
      DependencyMapRun(fragmentName: "run-4242.77-abcd1234.json")
        == DependencyMapRun(processID: 4242, startTime: nil)
    )
    for name in ["lock", "tmp-77-abcd1234", "run-x.77.json", "run-1-2-3.7.json", "other.json"] {
      #expect(DependencyMapRun(fragmentName: name) == nil)
    }
  }

  /// An exit test's child is started by the test process, but belongs to the same run as it.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func anExitTestBelongsToTheRunOfItsTestProcess() async throws {
      let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
        print("run:", DependencyMapRun.current.name)
        exit(0)
      }
      let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
      #expect(output.contains("run: \(DependencyMapRun.current.name)\n"))
      #expect(DependencyMapRun.current.processID == getppid())
    }
  #endif

  private static func startTime(_ id: Int32) -> UInt64? {
    guard let text = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
      let end = text.lastIndex(of: ")")
    else { return nil }
    let fields = text[text.index(after: end)...].split(separator: " ")
    return fields.count > 19 ? UInt64(fields[19]) : nil
  }
}
