import Dispatch
import SharedInstances

/// The lock that runs process-wide tests one at a time, first come first served.
///
/// Swift Testing waits on it without blocking a thread; XCTest, which runs tests on one thread,
/// waits by blocking.
final class ProcessWideGate: Sendable {
  static let shared = ProcessWideGate()

  private enum Waiter {
    case task(CheckedContinuation<Void, Never>)
    case thread(DispatchSemaphore)
  }

  private struct State {
    var isHeld = false
    var waiters: [Waiter] = []
  }

  private let state = Protected(State())

  func acquire() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let acquired = state.withLock { state in
        if state.isHeld {
          state.waiters.append(.task(continuation))
          return false
        }
        state.isHeld = true
        return true
      }
      if acquired { continuation.resume() }
    }
  }

  func acquireBlocking() {
    let semaphore = DispatchSemaphore(value: 0)
    let acquired = state.withLock { state in
      if state.isHeld {
        state.waiters.append(.thread(semaphore))
        return false
      }
      state.isHeld = true
      return true
    }
    if !acquired { semaphore.wait() }
  }

  /// Hands the gate to the next waiter, or opens it.
  func release() {
    let next: Waiter? = state.withLock { state in
      if state.waiters.isEmpty {
        state.isHeld = false
        return nil
      }
      return state.waiters.removeFirst()
    }
    switch next {
    case .task(let continuation): continuation.resume()
    case .thread(let semaphore): semaphore.signal()
    case nil: break
    }
  }
}
