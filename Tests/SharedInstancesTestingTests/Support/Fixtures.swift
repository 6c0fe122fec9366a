import Foundation
import SharedInstances
import TestSupport

/// A value a test can tell apart from every other.
final class Tagged: Sendable, CustomStringConvertible {
  let tag: String
  init(_ tag: String) { self.tag = tag }
  var description: String { "Tagged(\(tag))" }
}

/// Shared instances used by the isolation tests (each test suite uses its own boxes).
enum Boxes {
  static let crossTalk = Resettable { Tagged("real") }
  static let nested = Resettable { Tagged("real") }
  static let suiteSetUp = Resettable { Tagged("real") }
  static let escaping = Resettable { Tagged("real") }
  static let processWide = Resettable { Tagged("real") }
  static let strict = Resettable { Tagged("real") }
  static let strictOther = Resettable { Tagged("real") }
  static let record = Resettable { Tagged("real") }
  static let recordOther = Resettable { Tagged("real") }
  static let misuse = Resettable { Tagged("real") }
  static let lifetime = Resettable { Tagged("real") }
  static let xcTest = Resettable { Tagged("real") }
  static let xcTestHelpers = Resettable { Tagged("real") }
  static let session = Resettable<Tagged>.empty()
}

/// Runs `read` on a new thread, outside every task, and returns what it read: what code that
/// escaped the test sees.
func readOnThread<T: Sendable>(_ read: @escaping @Sendable () -> T) -> T {
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
actor AsyncLatch {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }
}
