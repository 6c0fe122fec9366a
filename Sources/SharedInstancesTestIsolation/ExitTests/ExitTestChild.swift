import Foundation
import SharedInstances
import SharedInstancesDependencyMap
import _SharedInstancesIsolation
import _SharedInstancesTestReporting
import _SharedInstancesTestingShims

/// SharedInstances in the child process of an exit test (`#expect(processExitsWith:)`).
///
/// Swift Testing runs an exit test's body in the test binary started again, where traits do not
/// run and `Test.current` is nil. Left alone, every box there would resolve to its process-wide
/// state: a `.required` box's real factory would run, test defaults and strict mode would be
/// ignored. So when the process loads as such a child (`ExitTestChild.c`), the whole process
/// becomes one isolated test: a process-wide isolated scope, opened before `main` and never
/// ended, which every thread of the child resolves in. What the child reads is told to the
/// parent test as it happens (``ExitTestRelay``), since the child may stop at any point.
enum ExitTestChild {
  /// The name the child's scope carries in messages; the parent test replaces it with its own
  /// name when the message reaches it.
  static var scopeName: String { _Scope.exitTestChildName }

  /// Whether this process is an exit test's child.
  static var isChild: Bool { si_testing_is_exit_test_child() != 0 }

  /// The child's scope, kept for the life of the process.
  private static let session = Protected<IsolationSession?>(nil)

  /// Ends the child's isolated scope; set when the scope opens, taken by the first ``end()``.
  private static let ender = Protected<(@Sendable () -> Void)?>(nil)

  /// In an exit test's child, ends the isolation the child started in, so that the rest of the
  /// body runs as a plain process would; does nothing elsewhere.
  ///
  /// - Returns: Whether the isolation was ended here.
  @discardableResult
  static func end() -> Bool {
    let end = ender.withLock { ender in
      defer { ender = nil }
      return ender
    }
    end?()
    return end != nil
  }

  /// Opens the child's scope and installs the relays. Runs once, at load.
  static func start() {
    TestingProcess.markSwiftTesting()
    TestFailure.installDiagnosticsHandler()
    _ = SharedTestDefaults.installed
    _ScopeObserver.instanceCreated.withLock { observer in
      observer = { scope, identity, creation in
        ExitTestRelay.childCreated(identity, creation, childIsStrict: scope.isStrict)
      }
    }
    _ProcessStop.observer.withLock { observer in
      observer = { message in ExitTestRelay.childWillStop(message) }
    }
    let opened = IsolationSession.openSynchronously(
      name: scopeName,
      options: [.processWide],
      capturesEveryBox: true,
      testModule: SharedTestDefaults.exitTestChildModule,
      // The variable the child inherits, parsed as everywhere but not cached: a child
      // may still change its variables before it touches a box (the map's folder, say).
      isStrict: SharedInstancesEnvironment(ProcessInfo.processInfo.environment).isStrict
    )
    session.withLock { $0 = opened }
    ender.withLock { ender in
      ender = {
        // The stop observer stays: the library's stops still mark standard error, so that
        // `sharedInstancesStopMessage` finds them once the body runs as the program.
        _ScopeObserver.instanceCreated.withLock { $0 = nil }
        session.withLock { $0 }?.end()
      }
    }
  }
}

// MARK: Test targets, for the child's test defaults

extension ExitTestChild {
  /// Where a test process lists the test targets whose defaults it has read, for its exit
  /// tests' children (which cannot tell which target's test started them).
  static func modulesFile(ofProcess pid: Int32) -> String {
    let folder = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    return "\(folder)/shared-instances-\(pid)-test-modules.txt"
  }

  private static let removesFileAtExit: Void = {
    atexit {
      unlink(ExitTestChild.modulesFile(ofProcess: getpid()))
    }
  }()

  /// Notes that the tests of `module` read their target's defaults (in the parent process).
  static func noteTestModule(_ module: String) {
    guard !isChild else { return }
    _ = removesFileAtExit
    let path = modulesFile(ofProcess: getpid())
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let line = Array("\(module)\n".utf8)
    _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }

  /// The test targets the parent process had met when it started this child, in order.
  static func parentTestModules() -> [String] {
    let path = modulesFile(ofProcess: getppid())
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    var seen: Set<String> = []
    return text.split(separator: "\n").map(String.init).filter { seen.insert($0).inserted }
  }
}

/// Called by the load-time constructor of `_SharedInstancesTestingShims` in an exit test's child
/// process; not for use elsewhere.
@_documentation(visibility: private)
@_cdecl("si_testing_exit_test_child_will_start")
public func _sharedInstancesExitTestChildWillStart() {
  ExitTestChild.start()
}
