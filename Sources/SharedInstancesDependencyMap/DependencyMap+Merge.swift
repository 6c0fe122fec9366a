import Foundation

extension DependencyMap {
  /// Writes `dependencies.md`, `dependencies.json` and `dependencies.html` of this map alone
  /// into `directory` (created if needed), each atomically.
  package func write(to directory: String) throws {
    try Self.writeFiles(snapshot, to: URL(fileURLWithPath: directory))
  }

  private static func writeFiles(_ tests: Tests, to folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let files = [
      ("dependencies.md", markdown(tests)),
      ("dependencies.json", json(tests)),
      ("dependencies.html", html(tests)),
    ]
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name), options: .atomic)
    }
  }

  /// Adds this process's tests to the map of `run` in `directory`, and returns warnings for
  /// standard error.
  ///
  /// Every test process of a run calls it as it exits, possibly at the same moment as others:
  ///
  /// 1. It writes its tests to a fragment of its own, `.fragments/<run>.<process>.json`
  ///    (a temporary file renamed, so no process ever reads half a fragment).
  /// 2. Under an exclusive `flock` of `.fragments/lock`, it reads every fragment of the run
  ///    and writes the three files from all of them.
  ///
  /// A process's fragment exists before it takes the lock, so whichever process takes the lock
  /// last writes every process's tests: no order of exits loses one. Fragments of an earlier
  /// run (its `swift test` has exited) are deleted, so a new run replaces the map; those of a
  /// run still going on (another `swift test` writing to the same folder) are left alone and
  /// reported. A fragment that cannot be read is left in place, out of the map, and reported.
  @discardableResult
  package func merge(into directory: String, run: DependencyMapRun) throws -> [String] {
    let folder = URL(fileURLWithPath: directory)
    let fragments = folder.appendingPathComponent(".fragments")
    try FileManager.default.createDirectory(at: fragments, withIntermediateDirectories: true)
    let unique = UUID().uuidString.prefix(8)
    let own = fragments.appendingPathComponent("\(run.name).\(getpid())-\(unique).json")
    let temporary = fragments.appendingPathComponent("tmp-\(getpid())-\(unique)")
    try Data(json().utf8).write(to: temporary)
    guard rename(temporary.path, own.path) == 0 else {
      throw FileError(errno, "could not rename \(temporary.path) to \(own.path)")
    }
    return try Self.withLock(fragments.appendingPathComponent("lock")) {
      var merged: Tests = [:]
      var warnings: [String] = []
      var otherRuns: Set<String> = []
      for name in try FileManager.default.contentsOfDirectory(atPath: fragments.path).sorted() {
        let path = fragments.appendingPathComponent(name).path
        guard let fragmentRun = DependencyMapRun(fragmentName: name) else {
          if Self.isAbandoned(temporary: name) { try? FileManager.default.removeItem(atPath: path) }
          continue
        }
        guard fragmentRun == run else {
          if fragmentRun.isOver {
            try? FileManager.default.removeItem(atPath: path)  // left by an earlier run
          } else {
            otherRuns.insert(fragmentRun.name)
          }
          continue
        }
        do {
          let text = try String(contentsOfFile: path, encoding: .utf8)
          for (test, boxes) in try Self.tests(json: text) {
            for (box, kinds) in boxes {
              merged[test, default: [:]][box, default: []].formUnion(kinds)
            }
          }
        } catch {
          warnings.append(
            """
            the dependency map fragment \(path) cannot be read: \(error). Its tests are not in \
            the map; the file is left in place. Delete it, or run the tests again with a fresh \
            SHARED_INSTANCES_MAP folder.
            """
          )
        }
      }
      if !otherRuns.isEmpty {
        warnings.append(
          """
          another test run (\(otherRuns.sorted().joined(separator: ", "))) is writing a \
          dependency map into \(directory) at the same time; each run's files replace the \
          other's. Give each run a folder of its own.
          """
        )
      }
      try Self.writeFiles(merged, to: folder)
      return warnings
    }
  }

  /// Whether `name` is the temporary file of a process that exited before renaming it.
  static func isAbandoned(temporary name: String) -> Bool {
    let parts = name.split(separator: "-")
    guard parts.count == 3, parts[0] == "tmp", let id = Int32(parts[1]) else { return false }
    return kill(id, 0) != 0 && errno == ESRCH
  }

  /// Runs `body` holding an exclusive `flock` on `path` (created if needed), which other
  /// processes (and other open descriptions in this one) wait for.
  private static func withLock<R>(_ path: URL, _ body: () throws -> R) throws -> R {
    let descriptor = open(path.path, O_RDWR | O_CREAT, 0o644)
    guard descriptor >= 0 else { throw FileError(errno, "could not open \(path.path)") }
    defer { close(descriptor) }  // closing releases the lock, as does the process's exit
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw FileError(errno, "could not lock \(path.path)") }
    }
    return try body()
  }

  /// A system call on the map's files failed.
  struct FileError: Error, CustomStringConvertible {
    let description: String

    /// `what`, and the reason `code` (the call's `errno`, read before anything else runs)
    /// gives.
    init(_ code: Int32, _ what: @autoclosure () -> String) {
      description = "\(what()): \(String(cString: strerror(code)))"
    }
  }
}
