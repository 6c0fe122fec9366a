import SharedInstances
import _SharedInstancesTestingShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#elseif canImport(WASILibc)
  import WASILibc
#elseif canImport(ucrt)
  import ucrt
#endif

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
  static let scopeName = "exit test child process"

  /// Whether this process is an exit test's child.
  static var isChild: Bool { si_testing_is_exit_test_child() != 0 }

  /// The child's scope, kept for the life of the process.
  private static let session = Protected<IsolationSession?>(nil)

  /// Opens the child's scope and installs the relays. Runs once, at load.
  static func start() {
    TestingProcess.markSwiftTesting()
    TestFailure.installDiagnosticsHandler()
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
      // The variable the child inherits, read here without caching the environment: a child
      // may still change its variables before it touches a box (the map's folder, say).
      isStrict: isTruthy(getenv("SHARED_INSTANCES_STRICT"))
    )
    session.withLock { $0 = opened }
    _ExitTestIsolation.ender.withLock { ender in
      ender = {
        _ScopeObserver.instanceCreated.withLock { $0 = nil }
        _ProcessStop.observer.withLock { $0 = nil }
        session.withLock { $0 }?.end()
      }
    }
  }
}

/// Whether an environment variable says yes, as `SharedInstancesEnvironment` reads it.
private func isTruthy(_ value: UnsafeMutablePointer<CChar>?) -> Bool {
  guard let value else { return false }
  return ["1", "true", "yes"].contains(String(cString: value))
}

/// Called by the load-time constructor of `_SharedInstancesTestingShims` in an exit test's child
/// process; not for use elsewhere.
@_documentation(visibility: private)
@_cdecl("si_testing_exit_test_child_will_start")
public func _sharedInstancesExitTestChildWillStart() {
  ExitTestChild.start()
}
