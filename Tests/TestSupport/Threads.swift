import Foundation

/// Runs `body` on `count` new threads at once (after a common start line) and waits for all.
package func onThreads(_ count: Int, _ body: @escaping @Sendable (_ index: Int) -> Void) {
  let start = DispatchSemaphore(value: 0)
  let done = DispatchGroup()
  for index in 0..<count {
    done.enter()
    let thread = Thread {
      start.waitOrFail("the common start line")
      body(index)
      done.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  for _ in 0..<count { start.signal() }
  // Bounded: threads that never finish stop the run with this message instead of hanging it.
  guard done.wait(timeout: .now() + 600) == .success else {
    fatalError("onThreads: \(count) threads did not all finish within 600 s")
  }
}

/// A counter many threads can bump.
package final class Counter: @unchecked Sendable {
  package init() {}

  // @unchecked: `count` is only touched while `lock` is held.
  private let lock = NSLock()
  private var count = 0

  package func increment() {
    lock.lock()
    count += 1
    lock.unlock()
  }

  package var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

/// A one-shot signal a test can wait on from another thread, with a timeout.
package final class Latch: @unchecked Sendable {
  package init() {}

  // @unchecked: `opened` is only touched while `lock` is held.
  private let semaphore = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var opened = false

  package func open() {
    lock.lock()
    let first = !opened
    opened = true
    lock.unlock()
    if first { semaphore.signal() }
  }

  package var isOpen: Bool {
    lock.lock()
    defer { lock.unlock() }
    return opened
  }

  /// Returns false if the latch was not opened within `seconds`.
  package func wait(seconds: Double = TimeLimits.waitSeconds) -> Bool {
    guard semaphore.wait(timeout: .now() + seconds) == .success else { return false }
    semaphore.signal()  // stays open for every later waiter
    return true
  }
}
