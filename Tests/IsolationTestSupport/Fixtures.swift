import Foundation
import SharedInstances
import TestSupport
import Testing

/// A value a test can tell apart from every other.
package final class Tagged: Sendable, CustomStringConvertible {
  package let tag: String
  package init(_ tag: String) { self.tag = tag }
  package var description: String { "Tagged(\(tag))" }
}

/// Shared instances used by the isolation tests (each test suite uses its own boxes).
package enum Boxes {
  package static let crossTalk = Resettable { Tagged("real") }
  package static let nested = Resettable { Tagged("real") }
  package static let suiteSetUp = Resettable { Tagged("real") }
  package static let escaping = Resettable { Tagged("real") }
  package static let processWide = Resettable { Tagged("real") }
  package static let strict = Resettable { Tagged("real") }
  package static let strictOther = Resettable { Tagged("real") }
  package static let record = Resettable { Tagged("real") }
  package static let recordOther = Resettable { Tagged("real") }
  package static let misuse = Resettable { Tagged("real") }
  package static let lifetime = Resettable { Tagged("real") }
  package static let xcTest = Resettable { Tagged("real") }
  package static let xcTestHelpers = Resettable { Tagged("real") }
  package static let session = Resettable<Tagged>.empty()
}

/// Runs `read` on a new thread, outside every task, and returns what it read: the process-wide
/// state (or an open process-wide test's), as a thread no test started sees it.
///
/// The thread runs in the scope it captures there (`SharedScope.current`), so the read is a
/// deliberate look at the process-wide instance, not a read that escaped a test (which would fail
/// a test providing the box): see ``escapeOnThread(_:)`` for that.
package func readOnThread<T: Sendable>(_ read: @escaping @Sendable () -> T) -> T {
  onThread {
    let outside = SharedScope.current
    return outside.run { read() }
  }
}

/// Runs `read` on a new thread, outside every task, and returns what it read: what code that
/// escaped the test sees. A read of a box an isolated test provides fails that test.
package func escapeOnThread<T: Sendable>(_ read: @escaping @Sendable () -> T) -> T {
  onThread(read)
}

private func onThread<T: Sendable>(_ read: @escaping @Sendable () -> T) -> T {
  let result = Locked<T?>(nil)
  let done = DispatchSemaphore(value: 0)
  Thread {
    result.set(read())
    done.signal()
  }.start()
  // Bounded: a thread that never finishes stops the run with this message instead of hanging it.
  guard done.wait(timeout: .now() + 120) == .success else {
    fatalError("a test's thread did not finish within 120 s")
  }
  return result.get()!
}

/// A one-shot signal for async code. A wait is bounded: a latch nobody opens fails the waiting
/// test after the limit, instead of hanging the run.
package actor AsyncLatch {
  package init() {}

  private var isOpen = false
  private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
  private var nextWaiter = 0

  package func open() {
    isOpen = true
    for waiter in waiters.values { waiter.resume(returning: true) }
    waiters = [:]
  }

  /// Waits until the latch is open, at most `seconds`: returns false, and records an issue on
  /// the running test, if the limit passed first.
  @discardableResult
  package func wait(
    upTo seconds: Double = 120,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> Bool {
    if isOpen { return true }
    let id = nextWaiter
    nextWaiter += 1
    let timer = Task.detached { [self] in
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      await timeOut(id)
    }
    let opened = await withCheckedContinuation { waiters[id] = $0 }
    timer.cancel()
    if !opened {
      Issue.record("The latch was not opened within \(seconds) s", sourceLocation: sourceLocation)
    }
    return opened
  }

  private func timeOut(_ waiter: Int) {
    waiters.removeValue(forKey: waiter)?.resume(returning: false)
  }
}
