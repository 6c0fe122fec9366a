import Dispatch
import SharedInstances

/// The reader/writer gate that makes a process-wide test run alone among isolated tests.
///
/// Every outermost isolated scope holds the gate *shared*; a process-wide scope holds it
/// *exclusive*. A thread outside every task cannot be attributed to a test, so while a
/// process-wide scope resolves such threads, no other isolated test may be running: none of their
/// threads can land in it.
///
/// Readers are preferred: a shared request is granted whenever no process-wide scope holds the
/// gate, even if one is waiting. A process-wide test therefore never deadlocks with an isolated
/// test that awaits work opening a scope of its own; it waits until no isolated test runs.
/// Process-wide requests are served first come, first served.
///
/// A scope nested in an isolated (not process-wide) scope that asks to be process-wide
/// *upgrades* its test's hold: the test's shared hold stops counting against the exclusive
/// request while the nested scope waits and runs, so two tests upgrading at once do not wait
/// for each other.
///
/// Swift Testing waits without blocking a thread; XCTest, which runs one test at a time on the
/// main thread, waits by blocking. Synchronous code that runs in a task (a synchronous
/// `withIsolatedShared` in a Swift Testing test body) never waits: blocking a thread of the
/// cooperative pool there could starve the very holders it waits for.
final class ProcessWideGate: Sendable {
  static let shared = ProcessWideGate()

  enum Mode: Sendable {
    case shared
    case exclusive
  }

  /// What one outermost scope holds, shared with the scopes nested in it.
  final class Hold: @unchecked Sendable {
    // @unchecked: `upgrades` is only accessed while the gate's `state` lock is held; `mode` is
    // immutable.
    let mode: Mode
    /// Nested process-wide scopes of this (shared) hold that are waiting or running.
    var upgrades = 0

    init(mode: Mode) { self.mode = mode }
  }

  private enum Wake {
    case task(CheckedContinuation<Void, Never>)
    case thread(DispatchSemaphore)

    func resume() {
      switch self {
      case .task(let continuation): continuation.resume()
      case .thread(let semaphore): semaphore.signal()
      }
    }
  }

  private struct Waiter {
    let mode: Mode
    let wake: Wake
  }

  private struct State {
    /// Shared holds, upgraded ones included.
    var readers = 0
    /// Shared holds with an upgrade waiting or running: they do not block an exclusive grant.
    var parkedReaders = 0
    var hasWriter = false
    var waiters: [Waiter] = []

    func canGrant(_ mode: Mode) -> Bool {
      switch mode {
      case .shared: !hasWriter
      case .exclusive: !hasWriter && readers == parkedReaders
      }
    }

    mutating func grant(_ mode: Mode) {
      switch mode {
      case .shared: readers += 1
      case .exclusive: hasWriter = true
      }
    }

    /// Grants waiters in order while they can be granted; returns whom to wake.
    mutating func grantWaiters() -> [Wake] {
      var woken: [Wake] = []
      var index = 0
      while index < waiters.count {
        let waiter = waiters[index]
        if canGrant(waiter.mode) {
          grant(waiter.mode)
          woken.append(waiter.wake)
          waiters.remove(at: index)
        } else if waiter.mode != .shared {
          // First come, first served among process-wide scopes; readers behind it may pass.
          index += 1
          while index < waiters.count {
            if waiters[index].mode == .shared && canGrant(.shared) {
              grant(.shared)
              woken.append(waiters[index].wake)
              waiters.remove(at: index)
            } else {
              index += 1
            }
          }
        } else {
          index += 1
        }
      }
      return woken
    }
  }

  private let state = Protected(State())

  // MARK: Taking the gate

  /// Takes the gate in `mode`, waiting without blocking a thread.
  func acquire(_ mode: Mode) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      enqueue(mode, wake: .task(continuation))
    }
  }

  /// Takes the gate in `mode`, blocking the calling thread while it waits.
  func acquireBlocking(_ mode: Mode) {
    let semaphore = DispatchSemaphore(value: 0)
    enqueue(mode, wake: .thread(semaphore))
    semaphore.wait()
  }

  /// Takes the gate shared without waiting, even while a process-wide scope holds it: for
  /// synchronous code in a task, which must not block.
  func joinReaders() {
    state.withLock { $0.readers += 1 }
  }

  private func enqueue(_ mode: Mode, wake: Wake) {
    let grantedNow = state.withLock { state -> Bool in
      if state.waiters.isEmpty || mode == .shared, state.canGrant(mode) {
        state.grant(mode)
        return true
      }
      state.waiters.append(Waiter(mode: mode, wake: wake))
      return false
    }
    if grantedNow { wake.resume() }
  }

  /// Parks `hold`'s shared hold for a nested process-wide scope (call before taking exclusive).
  func beginUpgrade(of hold: Hold) {
    let woken = state.withLock { state -> [Wake] in
      hold.upgrades += 1
      guard hold.upgrades == 1 else { return [] }
      state.parkedReaders += 1
      return state.grantWaiters()
    }
    for wake in woken { wake.resume() }
  }

  /// Unparks `hold`'s shared hold once its last nested process-wide scope has ended.
  func endUpgrade(of hold: Hold) {
    state.withLock { state in
      hold.upgrades -= 1
      if hold.upgrades == 0 { state.parkedReaders -= 1 }
    }
  }

  // MARK: Releasing the gate

  /// Releases a hold taken in `mode` and wakes whoever can go now.
  func release(_ mode: Mode) {
    let woken = state.withLock { state -> [Wake] in
      switch mode {
      case .shared: state.readers -= 1
      case .exclusive: state.hasWriter = false
      }
      return state.grantWaiters()
    }
    for wake in woken { wake.resume() }
  }
}
