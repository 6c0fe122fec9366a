import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The builds `--apply` starts to verify a migration, each stopped as a whole, the build and
/// every process under it, when the tool is stopped.
///
/// `swift build` starts each compiler in a process group of its own, so a signal to the build,
/// or to the build's group, leaves the compilers running. A stop goes through the process tree
/// instead: every process under the build is frozen (`SIGSTOP`: a frozen process starts nothing
/// more, and its children stay its children), then killed.
///
/// ```swift
/// VerificationBuild.stopOnTermination()  // first thing in the tool's main
/// let (status, log) = VerificationBuild.run(["swift", "build", "--build-tests"])
/// ```
public enum VerificationBuild {
  /// Runs `arguments` through `/usr/bin/env` (so `swift` is the one on `PATH`) in a process group
  /// of its own, and returns its exit status (128 + the signal's number when a signal ended it)
  /// and what it wrote to its standard output and error.
  ///
  /// A build that ends leaves nothing running: what is left in its group is killed. Once the tool is terminating (``stopOnTermination(_:)``)
  /// no build starts, and a build that ends does not return to its caller, so that nothing the
  /// caller would do next, writing the migration included, runs.
  ///
  /// ```swift
  /// let (status, log) = VerificationBuild.run(["swift", "build", "--package-path", copy.path])
  /// ```
  ///
  /// - Parameters:
  ///   - arguments: The command and its arguments.
  ///   - environment: The command's environment; by default the tool's.
  /// - Returns: The exit status and the output.
  public static func run(
    _ arguments: [String],
    environment: [String: String]? = nil
  ) -> (status: Int32, output: String) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return (127, "could not run swift: no pipe (errno \(errno))") }
    // Only the child's standard output and error keep the pipe open: dup2 clears the flag.
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    let started: Result<pid_t, SpawnError> = registry.withLock { state in
      if state.terminating { return .failure(SpawnError(errno: 0)) }
      let spawned = spawn(arguments, environment: environment, output: ends[1])
      if case .success(let pid) = spawned { state.running.insert(pid) }
      return spawned
    }
    close(ends[1])
    let pid: pid_t
    switch started {
    case .success(let spawned): pid = spawned
    case .failure(let error):
      close(ends[0])
      if error.errno == 0 { parkWhileTerminating() }
      return (127, "could not run swift: \(String(cString: strerror(error.errno)))")
    }
    let output = readToEnd(ends[0])
    close(ends[0])
    // Wait for the end without reaping: until the build is reaped its pid, and so its group's
    // id, cannot name another process, so that a stop in the meantime, or the sweep below of
    // what the build left in its group, cannot reach an unrelated process.
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    // A build that ended leaves nothing running: not what is left in its group, nor, in the
    // tool, what it started elsewhere (handed to the tool, its subreaper, when its parent ended).
    let leftovers: [pid_t] = registry.withLock { state in
      state.running.remove(pid)
      _ = kill(-pid, SIGKILL)
      guard state.ownsProcessTree && state.running.isEmpty else { return [] }
      return stopTree(at: getpid(), includingRoot: false).filter { $0 != pid }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    for leftover in leftovers {
      while waitpid(leftover, nil, 0) == -1 && errno == EINTR {}
    }
    if registry.withLock({ $0.terminating }) { parkWhileTerminating() }
    let signal = status & 0x7f
    return (
      signal == 0 ? (status >> 8) & 0xff : 128 + signal, String(decoding: output, as: UTF8.self)
    )
  }

  /// Stops the build `pid` if it is running, and every process under it; its
  /// ``run(_:environment:)`` returns, with the status of a killed process.
  ///
  /// ```swift
  /// VerificationBuild.stop(pid)
  /// ```
  ///
  /// - Parameter pid: The build's process, the one ``run(_:environment:)`` started.
  package static func stop(_ pid: pid_t) {
    registry.withLock { state in
      if state.running.contains(pid) { stopTree(at: pid) }
    }
  }

  /// Makes the signals `signals` stop every build first, then end the tool as the signal would
  /// have: `swift build` sits in a process group of its own, so without this, an interrupted or
  /// terminated tool left its build running.
  ///
  /// `SIGINT` and `SIGTERM` always stop the tool; `SIGHUP` does unless the tool was started with
  /// it ignored (`nohup`).
  ///
  /// ```swift
  /// VerificationBuild.stopOnTermination()
  /// ```
  ///
  /// - Parameter signals: The signals that stop the tool.
  public static func stopOnTermination(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
    becomeSubreaper()
    registry.withLock { $0.ownsProcessTree = true }
    for number in signals {
      let previous = signal(number, SIG_IGN)
      if number == SIGHUP && isIgnore(previous) {
        _ = signal(number, SIG_IGN)
        continue
      }
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { terminate(by: number) }
      source.resume()
      registry.withLock { $0.signalSources.append(source) }
    }
  }

  /// Stops every build and ends the tool when the process that started it ends (its parent
  /// changes): the plugin passes this, so that a tool whose plugin SwiftPM killed outright does
  /// not build, or write, on its own.
  ///
  /// ```swift
  /// VerificationBuild.stopWhenParentEnds()
  /// ```
  public static func stopWhenParentEnds() {
    let parent = getppid()
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200))
    timer.setEventHandler {
      if getppid() != parent { terminate(by: SIGHUP) }
    }
    timer.resume()
    registry.withLock { $0.signalSources.append(timer) }
  }

  /// Whether a handler `signal` returned is `SIG_IGN`: C function pointers are not Equatable,
  /// and one platform imports them as optionals, another not; both are one address.
  private static func isIgnore<Handler>(_ handler: Handler) -> Bool {
    MemoryLayout<Handler>.size == MemoryLayout<Int>.size
      && unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  /// Stops the builds and everything under the tool, reaps them, then ends the process by
  /// `number` with its default action.
  static func terminate(by number: Int32) -> Never {
    registry.withLock { state in
      state.terminating = true
      // The tool starts nothing but its builds; what a build left behind (an orphan of a
      // compiler that ended) hangs under the tool too where the tool is its subreaper.
      stopTree(at: getpid(), includingRoot: false)
      for pid in state.running { _ = kill(-pid, SIGKILL) }
    }
    // Reaped, they are gone, not zombies waiting for an init that may not reap them.
    while waitpid(-1, nil, 0) != -1 || errno == EINTR {}
    // Raised on this thread with the signal unblocked: the dispatch threads block it.
    _ = signal(number, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
    _ = raise(number)
    // Should the signal not end it, the status a shell gives a process it ended.
    exit(128 + number)
  }

  /// Makes the tool the subreaper of what it starts (Linux): a process whose parent ends is
  /// handed to the tool instead of to init, so that a stop finds it under the tool, and the
  /// tool reaps it.
  private static func becomeSubreaper() {
    #if os(Linux)
      // `prctl` is variadic, which Swift does not import; its arguments are all integers here.
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      let setChildSubreaper: Int32 = 36  // PR_SET_CHILD_SUBREAPER
      if let symbol = dlsym(nil, "prctl") {
        _ = unsafeBitCast(symbol, to: Prctl.self)(setChildSubreaper, 1, 0, 0, 0)
      }
    #endif
  }

  /// Waits for the process to end: it is being terminated, on another thread.
  private static func parkWhileTerminating() -> Never {
    while true { _ = pause() }
  }

  /// Freezes `root` (unless `includingRoot` is false) and every process under it, then kills
  /// them all, and whatever is left of `root`'s process group; returns the processes killed.
  @discardableResult
  static func stopTree(at root: pid_t, includingRoot: Bool = true) -> [pid_t] {
    var frozen: [pid_t] = []
    var seen: Set<pid_t> = []
    // Each round freezes what the last one had not seen; a process started in between hangs
    // under a frozen one, so the next round finds it. The rounds end when one finds nothing new.
    for _ in 0..<100 {
      let new = processTree(at: root, in: processTable()).filter {
        !seen.contains($0) && (includingRoot || $0 != root)
      }
      if new.isEmpty { break }
      for pid in new {
        _ = kill(pid, SIGSTOP)
        seen.insert(pid)
        frozen.append(pid)
      }
    }
    for pid in frozen { _ = kill(pid, SIGKILL) }
    if includingRoot { _ = kill(-root, SIGKILL) }
    return frozen
  }

  /// `root` and the processes under it, parents before their children.
  package static func processTree(at root: pid_t, in table: [(pid: pid_t, parent: pid_t)])
    -> [pid_t]
  {
    var children: [pid_t: [pid_t]] = [:]
    for entry in table { children[entry.parent, default: []].append(entry.pid) }
    var tree = [root]
    var index = 0
    while index < tree.count {
      tree += children[tree[index]] ?? []
      index += 1
    }
    return tree
  }

  /// Every process and its parent: from `/proc` where there is one, else from `ps`.
  package static func processTable() -> [(pid: pid_t, parent: pid_t)] {
    if let table = procTable() { return table }
    return psTable()
  }

  /// The process table from `/proc/<pid>/stat` (Linux), or nil without `/proc`.
  package static func procTable() -> [(pid: pid_t, parent: pid_t)]? {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc"),
      FileManager.default.fileExists(atPath: "/proc/self/stat")
    else { return nil }
    var table: [(pid: pid_t, parent: pid_t)] = []
    for name in names {
      guard let pid = pid_t(name) else { continue }
      let descriptor = open("/proc/\(name)/stat", O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      let text = String(decoding: readToEnd(descriptor), as: UTF8.self)
      close(descriptor)
      if let parent = parentInProcStat(text) { table.append((pid, parent)) }
    }
    return table
  }

  /// The parent's pid in a `/proc/<pid>/stat` line, `pid (name) state ppid …`: the name may
  /// hold spaces and parentheses, so the fields after it are read from its last `)`.
  package static func parentInProcStat(_ line: String) -> pid_t? {
    guard let close = line.lastIndex(of: ")") else { return nil }
    let fields = line[line.index(after: close)...].split(separator: " ")
    return fields.count > 1 ? pid_t(fields[1]) : nil
  }

  /// The process table from `ps -A -o pid= -o ppid=` (POSIX), where there is no `/proc`.
  package static func psTable() -> [(pid: pid_t, parent: pid_t)] {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return [] }
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    let spawned = spawn(
      ["ps", "-A", "-o", "pid=", "-o", "ppid="],
      environment: nil,
      output: ends[1]
    )
    close(ends[1])
    let output = readToEnd(ends[0])
    close(ends[0])
    guard case .success(let ps) = spawned else { return [] }
    var status: Int32 = 0
    while waitpid(ps, &status, 0) == -1 && errno == EINTR {}
    // Not `ps` itself: it is reaped, and its pid free for another process.
    return String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      guard fields.count == 2, let pid = pid_t(fields[0]), let parent = pid_t(fields[1]),
        pid != ps
      else { return nil }
      return (pid, parent)
    }
  }

  private struct SpawnError: Error {
    let errno: Int32
  }

  /// Starts `arguments` through `/usr/bin/env` in a new process group, its standard output and
  /// error going to `output`, the signals the tool handles at their default actions.
  private static func spawn(
    _ arguments: [String],
    environment: [String: String]?,
    output: Int32
  ) -> Result<pid_t, SpawnError> {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_adddup2(&actions, output, 2)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] { sigaddset(&defaults, number) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes,
      Int16(
        truncatingIfNeeded: POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
      )
    )
    let environment = (environment ?? ProcessInfo.processInfo.environment).map { "\($0)=\($1)" }
    let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
    return result == 0 ? .success(pid) : .failure(SpawnError(errno: result))
  }

  /// Everything `descriptor` yields until its end.
  private static func readToEnd(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += buffer[..<count]
      } else if count == 0 || errno != EINTR {
        return bytes
      }
    }
  }

  /// The running builds, and whether the tool is terminating.
  private struct State {
    var running: Set<pid_t> = []
    var terminating = false
    /// Whether every process under this one is a build's (the tool, not a test process).
    var ownsProcessTree = false
    var signalSources: [any DispatchSourceProtocol] = []
  }

  private static let registry = Registry()

  // All state is guarded by `lock`.
  private final class Registry: @unchecked Sendable {
    private let lock = NSLock()
    private var state = State()

    func withLock<T>(_ body: (inout State) -> T) -> T {
      lock.lock()
      defer { lock.unlock() }
      return body(&state)
    }
  }
}
