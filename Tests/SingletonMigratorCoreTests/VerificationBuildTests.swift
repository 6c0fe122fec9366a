import Foundation
import TestSupport
import Testing
import _SingletonMigratorCore

/// `--apply`'s verification build is stopped with the tool, and leaves nothing behind: a fake
/// `swift` on `PATH` that starts a child in its own group and one in a session of its own (as
/// `swift build` starts its compilers), writes their pids, and waits.
@Suite(TimeLimits.waiting) struct VerificationBuildTests {
  // A hang-up stops the tool unless the tool was started with it ignored (`nohup`), as it is
  // when this test process ignores it.
  @Test(arguments: [SIGTERM, SIGINT] + (Fixture.ignoresHangUp ? [] : [SIGHUP]))
  func stoppingTheToolStopsItsBuildAndEverythingTheBuildStarted(signal: Int32) throws {
    let fixture = try Fixture(swift: Fixture.waitingBuild)
    defer { fixture.remove() }
    let tool = try fixture.startTool()
    let pids = fixture.waitForPids(["build", "child", "session"])
    try #require(pids.count == 3, "the fake build did not start")
    #expect(tool.isRunning)
    kill(tool.processIdentifier, signal)
    #expect(waitUntil("the tool to end") { !tool.isRunning })
    #expect(tool.terminationReason == .uncaughtSignal)
    #expect(tool.terminationStatus == signal)
    for (name, pid) in pids {
      #expect(waitUntil("the build's \(name) to end") { !Fixture.isRunning(pid) })
    }
    #expect(try fixture.source() == Fixture.singleton, "the tool wrote the migration")
  }

  // What a build started in a session of its own and left when it ended is handed to the tool
  // only where the tool can be its subreaper (Linux).
  @Test(.enabled(if: Fixture.isLinux))
  func aBuildThatEndedLeavesNothingRunning() throws {
    let fixture = try Fixture(swift: Fixture.buildLeavingAProcess)
    defer { fixture.remove() }
    let tool = try fixture.startTool()
    #expect(waitUntil("the tool to end") { !tool.isRunning })
    #expect(tool.terminationStatus == 0)
    let pids = fixture.waitForPids(["session"])
    for (name, pid) in pids {
      #expect(waitUntil("the build's \(name) to end") { !Fixture.isRunning(pid) })
    }
    #expect(try fixture.source() != Fixture.singleton, "the tool did not write the migration")
  }

  @Test func stoppingOneBuildStopsItsTreeAndItsRunReturns() throws {
    let fixture = try Fixture(swift: Fixture.waitingBuild)
    defer { fixture.remove() }
    let finished = DispatchSemaphore(value: 0)
    let result = Locked<(status: Int32, output: String)?>(nil)
    let environment = fixture.environment
    Thread {
      result.set(VerificationBuild.run(["swift", "build"], environment: environment))
      finished.signal()
    }.start()
    let pids = fixture.waitForPids(["build", "child", "session"])
    try #require(pids.count == 3, "the fake build did not start")
    VerificationBuild.stop(pids["build"]!)
    finished.waitOrFail("the stopped build's run to return")
    #expect(result.get()?.status == 128 + SIGKILL)
    for (name, pid) in pids {
      #expect(waitUntil("the build's \(name) to end") { !Fixture.isRunning(pid) })
    }
  }

  @Test func aProcessTreeListsParentsBeforeTheirChildren() {
    let table: [(pid: pid_t, parent: pid_t)] = [(12, 10), (10, 1), (11, 10), (13, 12), (20, 1)]
    #expect(VerificationBuild.processTree(at: 10, in: table) == [10, 12, 11, 13])
    #expect(VerificationBuild.processTree(at: 13, in: table) == [13])
  }

  @Test func theParentIsReadAfterTheNameWhateverTheNameHolds() {
    #expect(VerificationBuild.parentInProcStat("42 (swift-build) S 7 42 42 0") == 7)
    #expect(VerificationBuild.parentInProcStat("42 (a) b (c) R 9 1 1") == 9)
    #expect(VerificationBuild.parentInProcStat("42 (broken") == nil)
  }

  @Test func bothProcessTablesFindThisProcessUnderItsParent() {
    // `ps` is the table where there is no `/proc`; a minimal Linux image may not install it.
    let hasPs = ["/bin/ps", "/usr/bin/ps"].contains(where: FileManager.default.isExecutableFile)
    let tables = [VerificationBuild.procTable(), hasPs ? VerificationBuild.psTable() : nil]
    for table in tables.compactMap({ $0 }) {
      #expect(table.contains { $0.pid == getpid() && $0.parent == getppid() })
    }
  }

  // MARK: - Fixtures

  /// A package with one singleton, and a folder holding a fake `swift` for `PATH`.
  private struct Fixture {
    static let singleton = """
      final class Manager {
        static let shared = Manager()
        func start() {}
      }

      """

    /// A build that starts a child in its group and one in a session of its own, then waits.
    static let waitingBuild = """
      #!/bin/sh
      sleep 600 &
      echo $! > "$FAKE_PIDS/child.tmp" && mv "$FAKE_PIDS/child.tmp" "$FAKE_PIDS/child"
      if command -v setsid >/dev/null; then setsid sleep 600 & else sleep 600 & fi
      echo $! > "$FAKE_PIDS/session.tmp" && mv "$FAKE_PIDS/session.tmp" "$FAKE_PIDS/session"
      echo $$ > "$FAKE_PIDS/build.tmp" && mv "$FAKE_PIDS/build.tmp" "$FAKE_PIDS/build"
      wait

      """

    /// A build that succeeds at once, leaving a process in a session of its own.
    static let buildLeavingAProcess = """
      #!/bin/sh
      setsid sleep 600 >/dev/null 2>&1 &
      echo $! > "$FAKE_PIDS/session.tmp" && mv "$FAKE_PIDS/session.tmp" "$FAKE_PIDS/session"
      exit 0

      """

    let root: URL
    var package: URL { root.appendingPathComponent("Package") }
    var pids: URL { root.appendingPathComponent("pids") }
    var bin: URL { root.appendingPathComponent("bin") }

    init(swift script: String) throws {
      root = FileManager.default.temporaryDirectory
        .appendingPathComponent("verification-build-\(UUID().uuidString)")
      let files = [
        "Package/Package.swift": """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(name: "Stopped", targets: [.target(name: "App")])

        """,
        "Package/Sources/App/Manager.swift": Self.singleton,
        "bin/swift": script,
      ]
      for (path, contents) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(),
          withIntermediateDirectories: true
        )
        try Data(contents.utf8).write(to: url)
      }
      try FileManager.default.createDirectory(at: pids, withIntermediateDirectories: true)
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755],
        ofItemAtPath: bin.appendingPathComponent("swift").path
      )
    }

    var environment: [String: String] {
      var environment = ProcessInfo.processInfo.environment
      environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
      environment["FAKE_PIDS"] = pids.path
      return environment
    }

    /// `migrate-singletons --apply` on the package, started; the binary sits beside the tests'.
    func startTool() throws -> Process {
      var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent()
      // On Apple platforms the tests run inside a bundle: …/debug/X.xctest/Contents/MacOS/X.
      while folder.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
        folder = folder.deletingLastPathComponent()
      }
      let tool = Process()
      tool.executableURL = folder.appendingPathComponent("migrate-singletons")
      tool.arguments = [
        "--package", package.path, "--sources", package.appendingPathComponent("Sources/App").path,
        "--apply",
      ]
      tool.environment = environment
      tool.standardOutput = FileHandle.nullDevice
      tool.standardError = FileHandle.nullDevice
      try tool.run()
      return tool
    }

    /// The pids the fake build wrote, by name; those it did not write in time are missing.
    func waitForPids(_ names: [String]) -> [String: pid_t] {
      var found: [String: pid_t] = [:]
      _ = waitUntil("the fake build to write its pids") {
        for name in names where found[name] == nil {
          let text = try? String(
            contentsOf: pids.appendingPathComponent(name),
            encoding: .utf8
          )
          if let pid = text.flatMap({ pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
            found[name] = pid
          }
        }
        return found.count == names.count
      }
      return found
    }

    func source() throws -> String {
      try String(
        contentsOf: package.appendingPathComponent("Sources/App/Manager.swift"),
        encoding: .utf8
      )
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    static var isLinux: Bool {
      #if os(Linux)
        return true
      #else
        return false
      #endif
    }

    /// Whether this process ignores `SIGHUP` (from `/proc`; elsewhere, taken as not).
    static var ignoresHangUp: Bool {
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigIgn:") }),
        let mask = UInt64(
          line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces),
          radix: 16
        )
      else { return false }
      return mask & (1 << (UInt64(SIGHUP) - 1)) != 0
    }

    /// Whether `pid` runs: a zombie has ended (an init that does not reap keeps it listed).
    static func isRunning(_ pid: pid_t) -> Bool {
      if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      {
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
      }
      if FileManager.default.fileExists(atPath: "/proc/self/stat") { return false }
      return kill(pid, 0) == 0
    }
  }
}

/// Polls `condition` until it holds, at most ``TimeLimits/waitSeconds``; records an issue
/// naming `what` when it never does.
private func waitUntil(_ what: String, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(TimeLimits.waitSeconds)
  while Date() < deadline {
    if condition() { return true }
    usleep(20_000)
  }
  Issue.record("Waited \(Int(TimeLimits.waitSeconds)) s for \(what), in vain")
  return false
}
