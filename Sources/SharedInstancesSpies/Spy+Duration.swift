import Foundation
import SharedInstances

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Spy {
  // MARK: - Waiting, with a Duration

  /// Waits until a method has been called, suspending the test.
  ///
  /// Use it where the code under test calls the double later, from a task or a queue. A wait
  /// that times out fails the test at the caller's line and returns false. The timeout is a
  /// `Duration`, as in Swift Testing's own APIs:
  ///
  /// ```swift
  /// await downloader.waitUntilCalled(.downloadImage, timeout: .milliseconds(300))
  /// ```
  ///
  /// - Parameters:
  ///   - method: The method to wait for, such as `.downloadImage`.
  ///   - times: How many calls to wait for. 1 by default.
  ///   - timeout: How long to wait before failing. 5 seconds by default.
  ///   - fileID: Where the test waits, for failures. Leave the default.
  ///   - filePath: Where the test waits, for failures. Leave the default.
  ///   - line: Where the test waits, for failures. Leave the default.
  ///   - column: Where the test waits, for failures. Leave the default.
  /// - Returns: True when the calls arrived in time; false after reporting a failure.
  @discardableResult
  public func waitUntilCalled(
    _ method: Call.Method,
    times: Int = 1,
    timeout: Duration = .seconds(5),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    await waitAsync(
      for: "\(spyName).\(method) to be called",
      matching: { $0.method == method },
      times: times,
      timeout: Self.seconds(timeout),
      at: SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Blocks the current thread until a method has been called.
  ///
  /// The same wait as the `async` one, for XCTest tests that are not `async`:
  ///
  /// ```swift
  /// XCTAssertTrue(downloader.waitUntilCalled(.downloadImage, timeout: .seconds(1)))
  /// ```
  ///
  /// - Parameters:
  ///   - method: The method to wait for, such as `.downloadImage`.
  ///   - times: How many calls to wait for. 1 by default.
  ///   - timeout: How long to wait before failing. 5 seconds by default.
  ///   - fileID: Where the test waits, for failures. Leave the default.
  ///   - filePath: Where the test waits, for failures. Leave the default.
  ///   - line: Where the test waits, for failures. Leave the default.
  ///   - column: Where the test waits, for failures. Leave the default.
  /// - Returns: True when the calls arrived in time; false after reporting a failure.
  @available(*, noasync, message: "Use the async waitUntilCalled, which suspends instead")
  @discardableResult
  public func waitUntilCalled(
    _ method: Call.Method,
    times: Int = 1,
    timeout: Duration = .seconds(5),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    waitBlocking(
      for: "\(spyName).\(method) to be called",
      matching: { $0.method == method },
      times: times,
      timeout: Self.seconds(timeout),
      at: SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Waits until calls whose arguments satisfy a predicate arrive, suspending the test.
  ///
  /// ```swift
  /// await spy.waitUntilCalled(timeout: .seconds(2)) { $0 == .open(id: 4) }
  /// ```
  ///
  /// > Important: The predicate runs while the spy holds its lock: it must not call the spy.
  ///
  /// - Parameters:
  ///   - times: How many matching calls to wait for. 1 by default.
  ///   - timeout: How long to wait before failing. 5 seconds by default.
  ///   - fileID: Where the test waits, for failures. Leave the default.
  ///   - filePath: Where the test waits, for failures. Leave the default.
  ///   - line: Where the test waits, for failures. Leave the default.
  ///   - column: Where the test waits, for failures. Leave the default.
  ///   - predicate: Whether a call counts; take its arguments apart with `if case`.
  /// - Returns: True when the calls arrived in time; false after reporting a failure.
  @discardableResult
  public func waitUntilCalled(
    times: Int = 1,
    timeout: Duration = .seconds(5),
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
      timeout: Self.seconds(timeout),
      at: location
    )
  }

  /// Blocks the current thread until calls whose arguments satisfy a predicate arrive.
  ///
  /// The same wait as the `async` one, for XCTest tests that are not `async`:
  ///
  /// ```swift
  /// XCTAssertTrue(spy.waitUntilCalled(timeout: .seconds(2)) { $0 == .open(id: 4) })
  /// ```
  ///
  /// > Important: The predicate runs while the spy holds its lock: it must not call the spy.
  ///
  /// - Parameters:
  ///   - times: How many matching calls to wait for. 1 by default.
  ///   - timeout: How long to wait before failing. 5 seconds by default.
  ///   - fileID: Where the test waits, for failures. Leave the default.
  ///   - filePath: Where the test waits, for failures. Leave the default.
  ///   - line: Where the test waits, for failures. Leave the default.
  ///   - column: Where the test waits, for failures. Leave the default.
  ///   - predicate: Whether a call counts; take its arguments apart with `if case`.
  /// - Returns: True when the calls arrived in time; false after reporting a failure.
  @available(*, noasync, message: "Use the async waitUntilCalled, which suspends instead")
  @discardableResult
  public func waitUntilCalled(
    times: Int = 1,
    timeout: Duration = .seconds(5),
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
      timeout: Self.seconds(timeout),
      at: location
    )
  }
}
