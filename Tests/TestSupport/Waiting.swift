import Dispatch
import Testing

extension TimeLimits {
  /// How long a test waits for another thread (a semaphore, a group, a latch) before it fails:
  /// generous, so that only a hang reaches it, never a slow machine.
  package static let waitSeconds: Double = 120
}

/// Something a test waits for, with a limit: a semaphore's signal, a group's tasks, a latch.
package protocol BoundedWaiting {
  /// Waits at most `seconds`; returns whether what it waits for came in time.
  func wait(atMost seconds: Double) -> Bool
}

extension BoundedWaiting {
  /// Waits at most ``TimeLimits/waitSeconds``; fails the running test when what it waits for
  /// does not come, naming `what` it waited for.
  ///
  /// In a Swift Testing test the failure is a recorded issue, and the test goes on. Anywhere
  /// else (a thread of the test's own, an XCTest test) nothing can report it to the test, so it
  /// stops the run with the message instead of letting it hang.
  ///
  /// ```swift
  /// let started = DispatchSemaphore(value: 0)
  /// Thread { started.signal(); work() }.start()
  /// started.waitOrFail("the worker to start")
  /// ```
  ///
  /// - Parameters:
  ///   - what: What the wait is for, for the failure's message ("the factory to start").
  ///   - seconds: The limit; leave the default.
  ///   - fileID: The caller's location (for the failure; a builtin, not Swift Testing's macro,
  ///     so that XCTest files call it too). Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  /// - Returns: Whether what it waited for came in time.
  @discardableResult
  package func waitOrFail(
    _ what: String,
    seconds: Double = TimeLimits.waitSeconds,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Bool {
    if wait(atMost: seconds) { return true }
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let message = "Waited \(Int(seconds)) s for \(what), in vain"
    if Test.current != nil {
      Issue.record(Comment(rawValue: message), sourceLocation: location)
    } else {
      fatalError("\(location): \(message)")
    }
    return false
  }
}

extension DispatchSemaphore: BoundedWaiting {
  /// Waits for a signal, at most `seconds`.
  package func wait(atMost seconds: Double) -> Bool {
    wait(timeout: .now() + seconds) == .success
  }
}

extension DispatchGroup: BoundedWaiting {
  /// Waits until every entered task has left, at most `seconds`.
  package func wait(atMost seconds: Double) -> Bool {
    wait(timeout: .now() + seconds) == .success
  }
}

extension Latch: BoundedWaiting {
  /// Waits until the latch is open, at most `seconds`.
  package func wait(atMost seconds: Double) -> Bool { wait(seconds: seconds) }
}
