import Foundation
import TestSupport
import _SharedInstancesShims

/// Holds one thread at the points of the protocol that `si_test_event` marks (right after it
/// stored a hazard word, right after it took a creation lock, …), as preemption can hold it,
/// while the test changes boxes on its own thread: the interleavings the tests name, every time,
/// also under ThreadSanitizer (no signals, no timing).
///
/// The hook exists in unoptimized builds only (`si_test_hooks_compiled()`): tests that need it
/// are disabled in a release build of the tests. One session at a time in the process (the hook
/// is process-wide; other threads pass through it untouched).
final class HeldThread: @unchecked Sendable {
  // @unchecked: the mutable state is only touched while `lock` is held; the semaphores are
  // thread-safe.

  /// Where the held thread stopped, or that it finished.
  enum Stop: Equatable {
    case at(si_test_point)
    case finished
  }

  private static let sessions = NSLock()
  private static let current = Current()

  private final class Current: @unchecked Sendable {
    // @unchecked: `holder` is only touched while `lock` is held.
    let lock = NSLock()
    var holder: HeldThread?
  }

  private let lock = NSLock()
  private var target: UInt = 0
  private var points: Set<UInt32> = []
  private var stops: [Stop] = []
  private var inWindow: (@Sendable (si_test_point, UnsafeRawPointer?) -> Void)?
  private let arrived = DispatchSemaphore(value: 0)
  private let resumed = DispatchSemaphore(value: 0)

  /// Whether the hook is compiled into this build.
  static var isAvailable: Bool { si_test_hooks_compiled() }

  /// Runs `body` with the hook installed, alone among the sessions of the process.
  static func session<R>(_ body: (HeldThread) throws -> R) rethrows -> R {
    sessions.lock()
    defer { sessions.unlock() }
    let holder = HeldThread()
    current.lock.lock()
    current.holder = holder
    current.lock.unlock()
    si_test_set_hook { point, place in HeldThread.arrive(point, place) }
    defer {
      si_test_set_hook(nil)
      current.lock.lock()
      current.holder = nil
      current.lock.unlock()
    }
    return try body(holder)
  }

  private static func arrive(_ point: si_test_point, _ place: UnsafeRawPointer?) {
    current.lock.lock()
    let holder = current.holder
    current.lock.unlock()
    holder?.arrive(point, place)
  }

  private func arrive(_ point: si_test_point, _ place: UnsafeRawPointer?) {
    lock.lock()
    guard target == si_current_thread(), points.contains(point.rawValue) else {
      lock.unlock()
      return
    }
    if let inWindow {
      // Runs on the held thread, once, instead of stopping it; the thread is held nowhere after.
      self.inWindow = nil
      points = []
      lock.unlock()
      inWindow(point, place)
      return
    }
    stops.append(.at(point))
    lock.unlock()
    arrived.signal()
    resumed.waitOrFail("the test to resume the held thread")
  }

  /// Starts `body` on a new thread that stops at every one of `points` it reaches, until the
  /// test calls `resume()`.
  func start(holdingAt points: [si_test_point], _ body: @escaping @Sendable () -> Void) {
    let ready = DispatchSemaphore(value: 0)
    let thread = Thread { [self] in
      lock.lock()
      target = si_current_thread()
      self.points = Set(points.map(\.rawValue))
      lock.unlock()
      ready.signal()
      body()
      lock.lock()
      target = 0
      stops.append(.finished)
      lock.unlock()
      arrived.signal()
    }
    thread.stackSize = 1 << 20
    thread.start()
    ready.waitOrFail("the held thread to start")
  }

  /// Runs `body` on a new thread, and `inWindow` on that thread the first time it reaches one
  /// of `points` (as user code that the window runs would), then waits until it finishes.
  func run(
    reaching points: [si_test_point],
    inWindow: @escaping @Sendable (si_test_point, UnsafeRawPointer?) -> Void,
    _ body: @escaping @Sendable () -> Void
  ) -> Bool {
    lock.lock()
    self.inWindow = inWindow
    lock.unlock()
    start(holdingAt: points, body)
    // Not `runToEnd()`: releasing the points before the thread reached one would skip the window.
    while let stop = next() {
      if stop == .finished { return true }
      resume()
    }
    return false
  }

  /// Stops holding the thread at any point from now on (it still has to be resumed from where
  /// it stands).
  func release() {
    lock.lock()
    points = []
    lock.unlock()
  }

  /// Where the thread stands now: stopped at a point, or finished; nil after `seconds`.
  func next(seconds: Double = 10) -> Stop? {
    guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
    lock.lock()
    defer { lock.unlock() }
    return stops.removeFirst()
  }

  /// Lets the stopped thread go on.
  func resume() { resumed.signal() }

  /// Resumes the thread at every stop until it finishes; false if it does not within `seconds`.
  func runToEnd(seconds: Double = 10) -> Bool {
    release()
    while let stop = next(seconds: seconds) {
      if stop == .finished { return true }
      resume()
    }
    return false
  }
}
