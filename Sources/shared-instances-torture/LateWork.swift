import Dispatch
import Foundation
import SharedInstances
import TestSupport

/// Work that outlives the scope it was started in: scopes carried to another thread, used there
/// while or after the test that opened them ends.
final class LateWork: @unchecked Sendable {
  // @unchecked: `queue` and `finished` are only touched while `lock` is held.
  private let lock = NSCondition()
  private var queue: [SharedScope] = []
  private var finished = false
  private let drained = DispatchSemaphore(value: 0)

  func add(_ scope: SharedScope) {
    lock.lock()
    queue.append(scope)
    lock.signal()
    lock.unlock()
  }

  func finish() {
    lock.lock()
    finished = true
    lock.signal()
    lock.unlock()
  }

  /// Runs on its own thread: uses each carried scope until `finish()` and an empty queue.
  func drain() {
    var random = SplitMix(seed: 99)
    while true {
      lock.lock()
      while queue.isEmpty && !finished { lock.wait() }
      if queue.isEmpty {
        lock.unlock()
        drained.signal()
        return
      }
      let scope = queue.removeFirst()
      lock.unlock()
      scope.run {
        for _ in 0..<20 { randomOperation(&random) }
      }
      Ledger.shared.operations.add(20)
    }
  }

  func waitUntilDrained(seconds: Double) -> Bool {
    drained.wait(timeout: .now() + seconds) == .success
  }
}
