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
/// gate, even if one is waiting; taking and giving back a shared hold is one compare-and-swap
/// when no process-wide scope waits or runs, so isolated tests share no lock on their way in or
/// out. A process-wide test therefore never deadlocks with an isolated
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

  // The gate's word, changed without a lock on the common path: an isolated test takes and
  // gives back a shared hold with one compare-and-swap, and takes no lock that other tests take.
  // Its attention bit is set while a scope waits or a shared hold is parked for an upgrade, so
  // that shared holds are then given back under `state`'s lock, where waiters are granted.
  private let word = _ReaderWriterWord()

  /// What only the slow path touches, under its lock.
  private struct State {
    /// Shared holds with an upgrade waiting or running: they do not block an exclusive grant.
    var parkedReaders = 0
    var waiters: [Waiter] = []
  }

  private let state = Protected(State())

  // MARK: Taking the gate

  /// Takes the gate in `mode`, waiting without blocking a thread.
  func acquire(_ mode: Mode) async {
    if mode == .shared, tryAcquireShared() { return }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      enqueue(mode, wake: .task(continuation))
    }
  }

  /// Takes the gate in `mode`, blocking the calling thread while it waits.
  func acquireBlocking(_ mode: Mode) {
    if mode == .shared, tryAcquireShared() { return }
    let semaphore = DispatchSemaphore(value: 0)
    enqueue(mode, wake: .thread(semaphore))
    semaphore.wait()
  }

  /// Takes the gate shared without waiting, even while a process-wide scope holds it: for
  /// synchronous code in a task, which must not block.
  func joinReaders() {
    word.joinShared()
  }

  /// A shared hold, if no process-wide scope holds the gate: readers are preferred, so one
  /// merely waiting does not stop it.
  func tryAcquireShared() -> Bool {
    word.tryAcquireShared()
  }

  /// The exclusive hold, if no one holds the gate but parked readers. Call under `state`'s lock.
  private func tryGrantExclusive(_ state: State) -> Bool {
    word.tryAcquireExclusive(parked: state.parkedReaders)
  }

  /// Sets or clears the attention bit to match `state`. Call under `state`'s lock.
  private func updateAttention(_ state: State) {
    word.setAttention(!state.waiters.isEmpty || state.parkedReaders > 0)
  }

  private func enqueue(_ mode: Mode, wake: Wake) {
    let grantedNow = state.withLock { state -> Bool in
      switch mode {
      case .shared:
        if tryAcquireShared() { return true }
      case .exclusive:
        // Attention first: shared holds given back from now on come here, and see this waiter.
        state.waiters.append(Waiter(mode: mode, wake: wake))
        updateAttention(state)
        if state.waiters.count == 1, tryGrantExclusive(state) {
          state.waiters.removeLast()
          updateAttention(state)
          return true
        }
        return false
      }
      state.waiters.append(Waiter(mode: mode, wake: wake))
      updateAttention(state)
      return false
    }
    if grantedNow { wake.resume() }
  }

  /// Grants waiters in order while they can be granted; returns whom to wake. Call under
  /// `state`'s lock.
  private func grantWaiters(_ state: inout State) -> [Wake] {
    var woken: [Wake] = []
    var index = 0
    var exclusiveAhead = false
    while index < state.waiters.count {
      let waiter = state.waiters[index]
      let granted: Bool
      switch waiter.mode {
      case .shared:
        granted = tryAcquireShared()
      case .exclusive:
        // First come, first served among process-wide scopes; readers behind one may pass.
        granted = !exclusiveAhead && tryGrantExclusive(state)
        if !granted { exclusiveAhead = true }
      }
      if granted {
        woken.append(waiter.wake)
        state.waiters.remove(at: index)
      } else {
        index += 1
      }
    }
    updateAttention(state)
    return woken
  }

  /// Parks `hold`'s shared hold for a nested process-wide scope (call before taking exclusive).
  func beginUpgrade(of hold: Hold) {
    let woken = state.withLock { state -> [Wake] in
      hold.upgrades += 1
      guard hold.upgrades == 1 else { return [] }
      state.parkedReaders += 1
      return grantWaiters(&state)
    }
    for wake in woken { wake.resume() }
  }

  /// Unparks `hold`'s shared hold once its last nested process-wide scope has ended.
  func endUpgrade(of hold: Hold) {
    state.withLock { state in
      hold.upgrades -= 1
      if hold.upgrades == 0 { state.parkedReaders -= 1 }
      updateAttention(state)
    }
  }

  // MARK: Releasing the gate

  /// Releases a hold taken in `mode` and wakes whoever can go now.
  func release(_ mode: Mode) {
    if mode == .shared, word.releaseSharedUnlessAttention() { return }  // no one waits
    let woken = state.withLock { state -> [Wake] in
      switch mode {
      case .shared: word.releaseShared()
      case .exclusive: word.releaseExclusive()
      }
      return grantWaiters(&state)
    }
    for wake in woken { wake.resume() }
  }
}
