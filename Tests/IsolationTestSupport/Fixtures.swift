import Foundation
import SharedInstances
import TestSupport

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

/// Runs `read` on a new thread, outside every task, and returns what it read: what code that
/// escaped the test sees.
package func readOnThread<T: Sendable>(_ read: @escaping @Sendable () -> T) -> T {
  let result = Locked<T?>(nil)
  let done = DispatchSemaphore(value: 0)
  Thread {
    result.set(read())
    done.signal()
  }.start()
  done.wait()
  return result.get()!
}

/// A one-shot signal for async code.
package actor AsyncLatch {
  package init() {}

  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  package func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }

  package func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }
}
