import Foundation

/// One run of the tests (one `swift test`), as the map's fragments name it: the test processes
/// that share it make one map.
///
/// `swift test` starts every test process itself (one for Swift Testing, one for XCTest, or one
/// per XCTest test with `--parallel`), so a run is the process that started the test process:
/// its id, and on Linux its start time, which tells it from a later process given the same id.
/// A test process started by a process of the same test binary (an exit test) belongs to that
/// process's run.
package struct DependencyMapRun: Hashable, Sendable {
  /// The id of the process that started the run's test processes.
  package let processID: Int32
  /// When that process started (clock ticks since boot, from `/proc`); nil where unknown.
  package let startTime: UInt64?

  package init(processID: Int32, startTime: UInt64?) {
    self.processID = processID
    self.startTime = startTime
  }

  /// The run of this process.
  package static let current: DependencyMapRun = {
    var id = getppid()
    let binary = executable(of: getpid())
    // An exit test's child is the test binary started by the test binary: go up to the run.
    while id > 1, let binary, executable(of: id) == binary, let parent = parent(of: id) {
      id = parent
    }
    return DependencyMapRun(processID: id, startTime: startTime(of: id))
  }()

  /// The prefix of the run's fragment files: `run-<id>-<start time>`.
  package var name: String {
    "run-\(processID)" + (startTime.map { "-\($0)" } ?? "")
  }

  /// The run a fragment file belongs to, from its name (`<run>.<process>.json`); nil for a
  /// file that is not a fragment.
  package init?(fragmentName: String) {
    guard fragmentName.hasPrefix("run-"), fragmentName.hasSuffix(".json"),
      let dot = fragmentName.firstIndex(of: ".")
    else { return nil }
    let parts = fragmentName[..<dot].dropFirst("run-".count).split(separator: "-")
    guard parts.count == 1 || parts.count == 2, let id = Int32(parts[0]) else { return nil }
    if parts.count == 2 {
      guard let start = UInt64(parts[1]) else { return nil }
      self.init(processID: id, startTime: start)
    } else {
      self.init(processID: id, startTime: nil)
    }
  }

  /// Whether the run's process has exited (or its id now belongs to a later process): its
  /// fragments are left over from an earlier run.
  package var isOver: Bool {
    guard kill(processID, 0) == 0 || errno == EPERM else { return true }
    guard let startTime else { return false }
    return Self.startTime(of: processID) != startTime
  }

  // MARK: /proc (Linux); elsewhere these are nil, and a run is its process id alone.

  private static func stat(of id: Int32) -> [Substring]? {
    guard let text = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
      let end = text.lastIndex(of: ")")
    else { return nil }
    // Fields after the command name, which may hold spaces: state (3), ppid (4), …
    return text[text.index(after: end)...].split(separator: " ")
  }

  private static func startTime(of id: Int32) -> UInt64? {
    guard let fields = stat(of: id), fields.count > 19 else { return nil }
    return UInt64(fields[19])  // field 22, starttime
  }

  private static func parent(of id: Int32) -> Int32? {
    guard let fields = stat(of: id), fields.count > 1 else { return nil }
    return Int32(fields[1])  // field 4, ppid
  }

  private static func executable(of id: Int32) -> String? {
    try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(id)/exe")
  }
}
