import Foundation
import SharedInstances

extension Spy {
  // MARK: - Waiting for calls with given arguments

  /// Waits until calls whose arguments satisfy a predicate arrive, for code under test that
  /// calls the double later, on another thread.
  ///
  /// Returns as soon as `times` calls since the last reset of the recording match (calls made
  /// before the wait began count). Waiting suspends the task. After `timeout` seconds without
  /// them, the wait fails the test with a message that shows what the spy recorded, and
  /// returns false.
  ///
  /// ```swift
  /// await spy.waitUntilCalled { call in
  ///   if case .open(let id) = call { id > 3 } else { false }
  /// }
  /// ```
  ///
  /// > Important: The predicate runs while the spy holds its lock: it must not call the spy.
  ///
  /// - Parameters:
  ///   - times: How many matching calls to wait for. 1 by default.
  ///   - timeout: How many seconds to wait before failing. 5 by default.
  ///   - fileID: Where the test waits, for failures. Leave the default.
  ///   - filePath: Where the test waits, for failures. Leave the default.
  ///   - line: Where the test waits, for failures. Leave the default.
  ///   - column: Where the test waits, for failures. Leave the default.
  ///   - predicate: Whether a call counts; take its arguments apart with `if case`.
  /// - Returns: True when the calls arrived in time; false after reporting a failure.
  @discardableResult
  @available(
    *,
    deprecated,
    message: "write the timeout as a Duration: timeout: .seconds(5), .milliseconds(300)"
  )
  @_disfavoredOverload
  public func waitUntilCalled(
    times: Int = 1,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    where predicate: @escaping @Sendable (Call) -> Bool
  ) async -> Bool {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return await waitAsync(
      for: "a call to \(spyName) matching the predicate at \(location.short)",
      matching: predicate,
      times: times,
      timeout: timeout,
      at: location
    )
  }

  /// Blocks the current thread until calls whose arguments satisfy a predicate arrive, for
  /// XCTest tests that are not `async`.
  ///
  /// Returns as soon as `times` calls since the last reset of the recording match (calls made
  /// before the wait began count). After `timeout` seconds without them, the wait fails the
  /// test and returns false.
  ///
  /// ```swift
  /// XCTAssertTrue(spy.waitUntilCalled(timeout: 1) { $0 == .open(id: 4) })
  /// ```
  ///
  /// > Important: The thread is blocked while it waits, and the predicate runs while the spy
  /// > holds its lock: it must not call the spy.
  ///
  /// - Parameters:
  ///   - times: How many matching calls to wait for. 1 by default.
  ///   - timeout: How many seconds to wait before failing. 5 by default.
  ///   - fileID: Where the test waits, for failures. Leave the default.
  ///   - filePath: Where the test waits, for failures. Leave the default.
  ///   - line: Where the test waits, for failures. Leave the default.
  ///   - column: Where the test waits, for failures. Leave the default.
  ///   - predicate: Whether a call counts; take its arguments apart with `if case`.
  /// - Returns: True when the calls arrived in time; false after reporting a failure.
  @available(*, noasync, message: "Use the async waitUntilCalled, which suspends instead")
  @discardableResult
  @available(
    *,
    deprecated,
    message: "write the timeout as a Duration: timeout: .seconds(5), .milliseconds(300)"
  )
  @_disfavoredOverload
  public func waitUntilCalled(
    times: Int = 1,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    where predicate: @escaping @Sendable (Call) -> Bool
  ) -> Bool {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return waitBlocking(
      for: "a call to \(spyName) matching the predicate at \(location.short)",
      matching: predicate,
      times: times,
      timeout: timeout,
      at: location
    )
  }
}
