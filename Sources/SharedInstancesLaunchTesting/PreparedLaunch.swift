import Foundation
import SharedInstances
import SharedInstancesLaunch
import SharedInstancesSystem
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A test's hand-off, written where the process it launches finds it: the environment and the
/// arguments to launch it with, and what the process did, read back.
///
/// The hand-off lies in a folder only the test's user can open (mode 700; its files 600), named
/// by a random token the launch also carries, and is removed when the test is done with it
/// (``finish(fileID:filePath:line:column:)``, or when the value is released). Pass ``environment`` (or
/// ``arguments``) to any launcher: `XCUIApplication.launchEnvironment`, `Foundation.Process`,
/// swift-subprocess, a shell script. ``run(_:arguments:environment:fileID:filePath:line:column:)`` does it all
/// for an executable: launch, wait, read the output and the report, fail the test for what went
/// wrong in the process.
///
/// ```swift
/// @Test func printsTheFeed() async throws {
///   var handoff = LaunchHandoff()
///   handoff.stub(.get("https://example.com/feed.json"), .text(#"[{"title":"Hello"}]"#))
///   handoff.date = .constant(Date(timeIntervalSince1970: 0))
///   let launch = try PreparedLaunch(handoff)
///   let result = try await launch.run(feedToolURL)
///   #expect(result.standardOutput == "1970-01-01 Hello\n")
///   #expect(result.report.requests.map(\.url) == ["https://example.com/feed.json"])
/// }
/// ```
public final class PreparedLaunch: Sendable {
  /// The name of the variable that carries the hand-off file's path.
  public static let pathVariable = "SHARED_INSTANCES_LAUNCH_HANDOFF"
  /// The name of the variable that carries the launch's token.
  public static let tokenVariable = "SHARED_INSTANCES_LAUNCH_TOKEN"

  /// What the test hands off.
  public let handoff: LaunchHandoff
  /// The private folder that holds the hand-off, the report and the fresh folders.
  public let folder: URL
  /// The hand-off file.
  public let handoffFile: URL
  /// The random token the launch carries, which the file must match.
  public let token: String
  private let reportFile: URL
  private let finished = Protected(false)
  /// The test's end of the clock pipe, held open for the value's lifetime: what the test writes
  /// waits in the pipe until the process reads it, and the process sees the end of the pipe
  /// when the test is done.
  private let clockDescriptor: Protected<Int32?>

  /// Writes `handoff` for processes the test is about to launch.
  ///
  /// - Parameter handoff: What the launched processes serve.
  /// - Throws: The file system's error when the folder or its files cannot be created.
  public init(_ handoff: LaunchHandoff) throws {
    self.handoff = handoff
    token = UUID().uuidString
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shared-instances-launch-\(token)", isDirectory: true)
    handoffFile = folder.appendingPathComponent("handoff.json")
    reportFile = folder.appendingPathComponent("report.jsonl")
    guard mkdir(folder.path, 0o700) == 0 else { throw Self.posixError("mkdir", folder.path) }
    var directories: String?
    if handoff.freshDirectories {
      let root = folder.appendingPathComponent("directories", isDirectory: true)
      for name in ["", "temporary", "documents", "caches"] {
        let path = root.appendingPathComponent(name).path
        guard mkdir(path, 0o700) == 0 else { throw Self.posixError("mkdir", path) }
      }
      directories = root.path
    }
    try Self.createPrivateFile(at: reportFile.path, contents: Data())
    var clockPath: String?
    var clockDescriptor: Int32?
    if case .test? = handoff.clock {
      let path = folder.appendingPathComponent("clock").path
      guard mkfifo(path, 0o600) == 0 else { throw Self.posixError("mkfifo", path) }
      let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else { throw Self.posixError("open", path) }
      clockPath = path
      clockDescriptor = descriptor
    }
    self.clockDescriptor = Protected(clockDescriptor)
    let envelope = HandoffEnvelope(
      token: token,
      owner: HandoffFile.currentUser(),
      reportPath: reportFile.path,
      directories: directories,
      clockPath: clockPath,
      handoff: handoff
    )
    try Self.createPrivateFile(at: handoffFile.path, contents: HandoffFile.encoder.encode(envelope))
  }

  deinit {
    closeClock()
    try? FileManager.default.removeItem(at: folder)
  }

  private func closeClock() {
    clockDescriptor.withLock { descriptor in
      if let open = descriptor { close(open) }
      descriptor = nil
    }
  }

  /// Advances the launched process's test clock by `duration`, while it runs: its sleeps whose
  /// deadline the clock reaches return, as a `TestClock`'s do in the test's own process.
  ///
  /// The hand-off's clock must be `.test(startingAt:)`. The process advances its clock as soon
  /// as it reads the request, in the background; what it then does shows in its report and its
  /// answers. Wait until the program sleeps before advancing (``LaunchReport/clockSleeps``):
  /// a sleep that starts after the advance counts from the advanced time.
  ///
  /// ```swift
  /// handoff.clock = .test(startingAt: 0)
  /// let launch = try PreparedLaunch(handoff)
  /// let server = try startServer(environment: launch.environment)
  /// try await launch.waitForReport { $0.clockSleeps.count == 1 }   // the job sleeps
  /// try launch.advanceClock(by: .seconds(60))
  /// try await launch.waitForReport { $0.requests.count == 2 }      // and ran again
  /// ```
  ///
  /// - Parameter duration: How far to move the clock; not negative.
  /// - Throws: ``LaunchControlError`` when the hand-off has no test clock, the launch is
  ///   finished, or `duration` is negative.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  public func advanceClock(by duration: Duration) throws {
    guard duration >= .zero else {
      throw LaunchControlError("a clock moves forward only: advanceClock(by: \(duration))")
    }
    let line = Array("\(Int64(duration / .nanoseconds(1)))\n".utf8)
    try clockDescriptor.withLock { descriptor in
      guard let descriptor else {
        throw LaunchControlError(
          !Self.hasTestClock(handoff)
            ? "the hand-off's clock is not a test clock: set handoff.clock = .test(startingAt:)"
            : "the launch is finished: its clock can no longer be advanced"
        )
      }
      // A line is shorter than PIPE_BUF, so it is written whole or not at all.
      let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
      guard written == line.count else {
        throw LaunchControlError(
          "the clock pipe is full: the launched process does not read it (has it exited?)"
        )
      }
    }
  }

  private static func hasTestClock(_ handoff: LaunchHandoff) -> Bool {
    if case .test? = handoff.clock { return true }
    return false
  }

  /// Waits until what the launched processes reported satisfies `condition`, reading the
  /// report again every few milliseconds: for a server, whose work the test sees only through
  /// its report and its answers.
  ///
  /// ```swift
  /// let report = try await launch.waitForReport { $0.requests.count == 2 }
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait before giving up; generous, for a loaded machine.
  ///   - condition: What the report must show.
  /// - Returns: The first report that satisfies `condition`.
  /// - Throws: ``LaunchControlError`` naming the last report when `timeout` passes first;
  ///   `CancellationError` when the task is cancelled.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @discardableResult
  public func waitForReport(
    timeout: Duration = .seconds(60),
    until condition: (LaunchReport) -> Bool
  ) async throws -> LaunchReport {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
      let report = report()
      if condition(report) { return report }
      guard clock.now < deadline else {
        throw LaunchControlError(
          """
          the launched processes' report did not show what the test waits for within \(timeout) \
          (\(report.requests.count) requests, \(report.clockSleeps.count) clock sleeps, \
          stopped: \(report.stopMessage ?? "no"))
          """
        )
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// The variables to launch the process with.
  public var environment: [String: String] {
    [Self.pathVariable: handoffFile.path, Self.tokenVariable: token]
  }

  /// The arguments to launch the process with, for launchers that pass no environment.
  public var arguments: [String] { ["--shared-instances-launch-handoff", handoffFile.path, token] }

  /// The fresh folders the process serves, when the hand-off asks for them.
  public var directories: AppDirectories? {
    guard handoff.freshDirectories else { return nil }
    let root = folder.appendingPathComponent("directories", isDirectory: true)
    return AppDirectories(
      temporary: root.appendingPathComponent("temporary", isDirectory: true),
      documents: root.appendingPathComponent("documents", isDirectory: true),
      caches: root.appendingPathComponent("caches", isDirectory: true)
    )
  }

  /// What the launched processes reported so far: for a server, while it runs.
  ///
  /// ```swift
  /// let server = try launchServer(environment: launch.environment)
  /// _ = try await URLSession.shared.data(from: server.url("/feed"))
  /// #expect(launch.report().requests.map(\.url) == ["https://upstream.example.com/feed"])
  /// ```
  public func report() -> LaunchReport {
    guard let data = FileManager.default.contents(atPath: reportFile.path) else {
      return LaunchReport(events: [])
    }
    // A line still being written has no newline yet, and does not decode: it is left for later.
    let events = data.split(separator: 0x0A).compactMap {
      try? HandoffFile.decoder.decode(LaunchEvent.self, from: Data($0))
    }
    return LaunchReport(events: events)
  }

  /// Fails the running test for what went wrong in the launched processes, and removes the
  /// hand-off.
  ///
  /// A request no stub answered fails the test, naming the request and the stubs tried; so do
  /// a real read of a strict hand-off, a misuse the library stopped the process for, and a
  /// scenario or box name the program does not declare. Later launches with this value are
  /// refused.
  ///
  /// ```swift
  /// let launch = try PreparedLaunch(handoff)
  /// app.launchEnvironment = launch.environment
  /// app.launch()
  /// // …
  /// app.terminate()
  /// let report = launch.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where failures are reported. Leave the default.
  ///   - filePath: Where failures are reported. Leave the default.
  ///   - line: Where failures are reported. Leave the default.
  ///   - column: Where failures are reported. Leave the default.
  /// - Returns: What the processes reported.
  @discardableResult
  public func finish(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> LaunchReport {
    let sourceLocation = SourceLocation(
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
    let report = report()
    let first = finished.withLock { done in
      defer { done = true }
      return !done
    }
    guard first else { return report }
    Self.recordReads(report)
    for message in Self.failures(in: report) {
      LaunchFailure.record(message, at: sourceLocation)
    }
    closeClock()
    try? FileManager.default.removeItem(at: folder)
    return report
  }

  /// The failures a report holds, as messages.
  static func failures(in report: LaunchReport) -> [String] {
    var failures: [String] = []
    for request in report.unansweredRequests {
      let tried =
        request.stubsTried.isEmpty
        ? "the hand-off has no stubs"
        : "stubs tried, newest first: \(request.stubsTried.joined(separator: "; "))"
      failures.append(
        """
        The launched process sent \(request), which no stub of the test's hand-off answers \
        (\(tried)). It failed in the process and never reached the network.
        """
      )
    }
    for diagnostic in report.diagnostics {
      failures.append("In the launched process: \(diagnostic)")
    }
    for refusal in report.refusals {
      failures.append("The launched process refused its hand-off: \(refusal)")
    }
    if let stop = report.stopMessage {
      failures.append("SharedInstances stopped the launched process: \(stop)")
    }
    return failures
  }

  // `Process` exists on macOS and Linux only; on iOS, tvOS, watchOS and visionOS a UI test's
  // launcher passes ``environment``.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    /// Launches the executable at `url` with the hand-off, waits for it to exit, and fails the
    /// test for what went wrong in it (as ``finish(fileID:filePath:line:column:)`` does, and when it did not
    /// take the hand-off). The hand-off stays until ``finish(fileID:filePath:line:column:)`` or the value's
    /// release, so a test may launch several processes with it.
    ///
    /// ```swift
    /// let result = try await PreparedLaunch(handoff).run(toolURL, arguments: ["--limit", "2"])
    /// #expect(result.status == 0)
    /// ```
    ///
    /// - Parameters:
    ///   - url: The executable.
    ///   - arguments: Its arguments.
    ///   - environment: Its variables, to which the hand-off's are added; this process's by
    ///     default.
    ///   - fileID: Where failures are reported. Leave the default.
    ///   - filePath: Where failures are reported. Leave the default.
    ///   - line: Where failures are reported. Leave the default.
    ///   - column: Where failures are reported. Leave the default.
    /// - Returns: Its exit status, output and report.
    /// - Throws: The error launching the process.
    public func run(
      _ url: URL,
      arguments: [String] = [],
      environment: [String: String] = ProcessInfo.processInfo.environment,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column
    ) async throws -> LaunchResult {
      let sourceLocation = SourceLocation(
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      )
      let result = try await Self.launch(
        url,
        arguments: arguments,
        environment: environment.merging(self.environment) { $1 },
        report: { self.report() }
      )
      Self.recordReads(result.report)
      var failures = Self.failures(in: result.report)
      if !result.report.accepted && result.report.refusals.isEmpty {
        failures.append(
          """
          The launched process \(url.lastPathComponent) did not take the test's hand-off (exit \
          status \(result.status)). A debug build that links SharedInstancesLaunch takes it before \
          main; a release build only with the trait LaunchHandoffInRelease. Its standard error:
          \(result.standardError)
          """
        )
      }
      for message in failures {
        LaunchFailure.record(message, at: sourceLocation)
      }
      return result
    }

    /// Launches `url` and waits for it, reading its output; reports no failure.
    static func launch(
      _ url: URL,
      arguments: [String],
      environment: [String: String],
      report: @escaping @Sendable () -> LaunchReport
    ) async throws -> LaunchResult {
      let process = Process()
      process.executableURL = url
      process.arguments = arguments
      process.environment = environment
      let output = Pipe()
      let error = Pipe()
      process.standardOutput = output
      process.standardError = error
      process.standardInput = FileHandle.nullDevice
      let collected = Protected((output: Data(), error: Data()))
      let reading = DispatchGroup()
      return try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { process in
          reading.notify(queue: .global()) {
            let (out, err) = collected.load()
            continuation.resume(
              returning: LaunchResult(
                status: process.terminationStatus,
                endedBySignal: process.terminationReason == .uncaughtSignal,
                standardOutput: String(decoding: out, as: UTF8.self),
                standardError: String(decoding: err, as: UTF8.self),
                report: report()
              )
            )
          }
        }
        // Entered before the launch: the process may exit before the readers start.
        reading.enter()
        reading.enter()
        do {
          try process.run()
        } catch {
          reading.leave()
          reading.leave()
          continuation.resume(throwing: error)
          return
        }
        let outputHandle = output.fileHandleForReading
        let errorHandle = error.fileHandleForReading
        DispatchQueue.global().async {
          let data = outputHandle.readDataToEndOfFile()
          collected.withLock { $0.output = data }
          reading.leave()
        }
        DispatchQueue.global().async {
          let data = errorHandle.readDataToEndOfFile()
          collected.withLock { $0.error = data }
          reading.leave()
        }
      }
    }
  #endif

  private static func createPrivateFile(at path: String, contents: Data) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw posixError("open", path) }
    defer { close(descriptor) }
    try contents.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        guard written > 0 else { throw posixError("write", path) }
        offset += written
      }
    }
  }

  private static func posixError(_ call: String, _ path: String) -> any Error {
    let code = POSIXErrorCode(rawValue: errno) ?? .EIO
    return POSIXError(code, userInfo: [NSLocalizedDescriptionKey: "\(call) \(path)"])
  }
}
