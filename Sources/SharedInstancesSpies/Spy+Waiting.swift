import Foundation
import SharedInstances

extension Spy {
  // MARK: - Waiting for calls

  /// Waits until a method has been called, for code under test that calls the double later,
  /// on another thread.
  ///
  /// Returns as soon as the method has received `times` calls since the last reset of the
  /// recording (calls made before the wait began count). Waiting suspends the task; it blocks
  /// no thread. After `timeout` seconds without them, the wait fails the test with a message
  /// that shows what the spy recorded, and returns false.
  ///
  /// ```swift
  /// @Test func showsTheDownloadedImage() async {
  ///   let downloader = ImageDownloaderSpy()
  ///   downloader.stub(.downloadImage, returning: Image.cat)
  ///   let view = ImageView()
  ///   view.downloadImage(from: catURL, imageDownloader: downloader)
  ///
  ///   await downloader.waitUntilCalled(.downloadImage)
  ///   #expect(downloader.calls == [.downloadImage(from: catURL)])
  /// }
  /// ```
  ///
  /// > Note: The wait ends when the double *records* the call, which is usually before it calls
  /// > a completion handler. To wait for the completion's effect, have the test's own
  /// > completion (or a second spy) record it, and wait for that.
  ///
  /// - Parameters:
  ///   - method: The method to wait for, such as `.downloadImage`.
  ///   - times: How many calls to wait for. 1 by default.
  ///   - timeout: How many seconds to wait before failing. 5 by default.
  ///   - fileID: Where the test waits, for failures. Leave the default.
  ///   - filePath: Where the test waits, for failures. Leave the default.
  ///   - line: Where the test waits, for failures. Leave the default.
  ///   - column: Where the test waits, for failures. Leave the default.
  /// - Returns: True when the calls arrived in time; false after reporting a failure.
  @discardableResult
  @available(
    *,
    deprecated,
    message: "write the timeout as a Duration: timeout: .seconds(5), .milliseconds(300)"
  )
  @_disfavoredOverload
  public func waitUntilCalled(
    _ method: Call.Method,
    times: Int = 1,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return await waitAsync(
      for: "\(spyName).\(method) to be called",
      matching: { $0.method == method },
      times: times,
      timeout: timeout,
      at: location
    )
  }

  /// Blocks the current thread until a method has been called, for XCTest tests that are not
  /// `async`.
  ///
  /// Returns as soon as the method has received `times` calls since the last reset of the
  /// recording (calls made before the wait began count). After `timeout` seconds without them,
  /// the wait fails the test with a message that shows what the spy recorded, and returns
  /// false.
  ///
  /// ```swift
  /// func testShowsTheDownloadedImage() {
  ///   let downloader = ImageDownloaderSpy()
  ///   downloader.stub(.downloadImage, returning: Image.cat)
  ///   imageView.downloadImage(from: catURL, imageDownloader: downloader)
  ///
  ///   XCTAssertTrue(downloader.waitUntilCalled(.downloadImage, timeout: 1))
  /// }
  /// ```
  ///
  /// > Important: The thread is blocked while it waits. Code under test that needs this thread
  /// > to make the call, such as work sent to `DispatchQueue.main` while the test runs on the
  /// > main thread, cannot run: the wait times out. In `async` tests the compiler picks the
  /// > `async` overload, which suspends instead.
  ///
  /// - Parameters:
  ///   - method: The method to wait for, such as `.downloadImage`.
  ///   - times: How many calls to wait for. 1 by default.
  ///   - timeout: How many seconds to wait before failing. 5 by default.
  ///   - fileID: Where the test waits, for failures. Leave the default.
  ///   - filePath: Where the test waits, for failures. Leave the default.
  ///   - line: Where the test waits, for failures. Leave the default.
  ///   - column: Where the test waits, for failures. Leave the default.
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
    _ method: Call.Method,
    times: Int = 1,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    let location = SpyLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return waitBlocking(
      for: "\(spyName).\(method) to be called",
      matching: { $0.method == method },
      times: times,
      timeout: timeout,
      at: location
    )
  }

  // MARK: - Machinery

  /// Suspends until `times` matching calls arrived or `timeout` passed; reports a timeout.
  func waitAsync(
    for what: String,
    matching matches: @escaping @Sendable (Call) -> Bool,
    times: Int,
    timeout: TimeInterval,
    at location: SpyLocation
  ) async -> Bool {
    deliverUndeliveredFailures()
    var arrived = await withTaskGroup(of: Bool.self) { group in
      group.addTask { await self.suspendUntilCalled(matching: matches, times: times) }
      group.addTask {
        try? await Task.sleep(nanoseconds: Self.nanoseconds(timeout))
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    // A call that arrived as the timer fired counts.
    if !arrived { arrived = matchingCount(matches) >= times }
    if !arrived {
      reportTimeout(
        what,
        matching: matches,
        times: times,
        timeout: timeout,
        cancelled: Task.isCancelled,
        at: location
      )
    }
    return arrived
  }

  /// Blocks until `times` matching calls arrived or `timeout` passed; reports a timeout.
  func waitBlocking(
    for what: String,
    matching matches: @escaping @Sendable (Call) -> Bool,
    times: Int,
    timeout: TimeInterval,
    at location: SpyLocation
  ) -> Bool {
    deliverUndeliveredFailures()
    let semaphore = DispatchSemaphore(value: 0)
    let waiter = SpyWaiter(matches: matches, times: times) { _ in semaphore.signal() }
    let registered = state.withLock { state -> (id: Int, added: Bool) in
      let id = state.reserveWaiterID()
      return (id, state.addWaiter(waiter, id: id))
    }
    var arrived = !registered.added
    if !arrived {
      let deadline = DispatchTime.now() + .nanoseconds(Int(Self.nanoseconds(timeout)))
      if semaphore.wait(timeout: deadline) == .success {
        arrived = true
      } else {
        // Still registered means no call took it: a real timeout.
        let removed = state.withLock { $0.waiters.removeValue(forKey: registered.id) }
        arrived = removed == nil
      }
    }
    if !arrived {
      reportTimeout(
        what,
        matching: matches,
        times: times,
        timeout: timeout,
        cancelled: false,
        at: location
      )
    }
    return arrived
  }

  /// Suspends until `times` matching calls arrived, or until the task is cancelled (false).
  private func suspendUntilCalled(
    matching matches: @escaping @Sendable (Call) -> Bool,
    times: Int
  ) async -> Bool {
    let id = state.withLock { $0.reserveWaiterID() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let waiter = SpyWaiter(matches: matches, times: times) { arrived in
          continuation.resume(returning: arrived)
        }
        guard state.withLock({ $0.addWaiter(waiter, id: id) }) else {
          continuation.resume(returning: true)
          return
        }
        // Cancelled before the wait was registered: the handler found nothing to end.
        if Task.isCancelled { endWait(id) }
      }
    } onCancel: {
      endWait(id)
    }
  }

  /// Ends a registered wait with false, unless a call already ended it.
  private func endWait(_ id: Int) {
    let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
    waiter?.resume(false)
  }

  private func matchingCount(_ matches: (Call) -> Bool) -> Int {
    state.withLock { state in state.calls.reduce(0) { $0 + (matches($1) ? 1 : 0) } }
  }

  private static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
    // Capped at about 30 years, so that the conversion cannot overflow.
    UInt64(min(max(seconds, 0), 1e9) * 1e9)
  }

  /// A `Duration` in seconds, for the waits that take one.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  static func seconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }

  private func reportTimeout(
    _ what: String,
    matching matches: (Call) -> Bool,
    times: Int,
    timeout: TimeInterval,
    cancelled: Bool,
    at location: SpyLocation
  ) {
    let count = matchingCount(matches)
    let expected = times == 1 ? "1 time" : "\(times) times"
    let actual = count == 1 ? "once" : "\(count) times"
    let why = cancelled ? "The wait was cancelled" : "Timed out after \(timeout) seconds"
    report(
      """
      \(why) waiting for \(what) \(expected); it was called \(actual). \(recordedSummary)
      """,
      at: location
    )
  }
}
