import Dispatch
import Testing

extension TimeLimits {
  /// How long a test waits for another thread (a semaphore, a group, a latch) before it fails:
  /// generous, so that only a hang reaches it, never a slow machine.
  package static let waitSeconds: Double = 120
}

extension DispatchSemaphore {
  /// Waits for a signal, at most ``TimeLimits/waitSeconds``; fails the running test when none
  /// comes, naming `what` it waited for.
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
  /// - Returns: Whether the signal came in time.
  @discardableResult
  package func waitOrFail(
    _ what: String,
    seconds: Double = TimeLimits.waitSeconds,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Bool {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard wait(timeout: .now() + seconds) == .success else {
      waitTimedOut(what, seconds, location)
      return false
    }
    return true
  }
}

extension DispatchGroup {
  /// Waits until every entered task has left, at most ``TimeLimits/waitSeconds``; fails the
  /// running test when they have not, naming `what` it waited for. See
  /// `DispatchSemaphore.waitOrFail(_:seconds:fileID:filePath:line:column:)`.
  ///
  /// ```swift
  /// let done = DispatchGroup()
  /// for _ in 0..<4 { done.enter(); Thread { work(); done.leave() }.start() }
  /// done.waitOrFail("the four workers")
  /// ```
  ///
  /// - Parameters:
  ///   - what: What the wait is for, for the failure's message.
  ///   - seconds: The limit; leave the default.
  ///   - fileID: The caller's location (for the failure; a builtin, not Swift Testing's macro,
  ///     so that XCTest files call it too). Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  /// - Returns: Whether every task left in time.
  @discardableResult
  package func waitOrFail(
    _ what: String,
    seconds: Double = TimeLimits.waitSeconds,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Bool {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard wait(timeout: .now() + seconds) == .success else {
      waitTimedOut(what, seconds, location)
      return false
    }
    return true
  }
}

extension Latch {
  /// Waits until the latch is open, at most ``TimeLimits/waitSeconds``; fails the running test
  /// when it is not, naming `what` it waited for. See
  /// `DispatchSemaphore.waitOrFail(_:seconds:fileID:filePath:line:column:)`.
  ///
  /// ```swift
  /// let proceed = Latch()
  /// Thread { proceed.waitOrFail("the test to let the factory go on"); finish() }.start()
  /// ```
  ///
  /// - Parameters:
  ///   - what: What the wait is for, for the failure's message.
  ///   - seconds: The limit; leave the default.
  ///   - fileID: The caller's location (for the failure; a builtin, not Swift Testing's macro,
  ///     so that XCTest files call it too). Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  /// - Returns: Whether the latch opened in time.
  @discardableResult
  package func waitOrFail(
    _ what: String,
    seconds: Double = TimeLimits.waitSeconds,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
  ) -> Bool {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard wait(seconds: seconds) else {
      waitTimedOut(what, seconds, location)
      return false
    }
    return true
  }
}

private func waitTimedOut(_ what: String, _ seconds: Double, _ location: SourceLocation) {
  let message = "Waited \(Int(seconds)) s for \(what), in vain"
  if Test.current != nil {
    Issue.record(Comment(rawValue: message), sourceLocation: location)
  } else {
    fatalError("\(location): \(message)")
  }
}
