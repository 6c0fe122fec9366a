import SharedInstances
import SharedInstancesSystem

/// A clock that fails the test when it is used: for tests that must not depend on time, and as
/// a test default.
///
/// Reading ``now`` fails the test and returns the clock's origin; a sleep fails the test and
/// throws `CancellationError`, so that sleeping code stops instead of looping. The failure names
/// the clock and where the test created it. One call is one failure: a `sleep(for:)` made through
/// `AnyClock` or `Task.sleep(for:clock:)` reads `now` and then sleeps until a deadline, and the
/// sleep that follows the failed read in the same task is not reported again.
///
/// ```swift
/// enum SharedTestDefaults: SharedTestDefaultsProviding {
///   static var defaults: [SharedTestDefault] {
///     [SharedTestDefault(SystemBoxes.continuousClock) { AnyClock(UnimplementedClock()) }]
///   }
/// }
/// ```
///
/// A test that needs time overrides the box with a ``TestClock`` or an ``ImmediateClock``.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct UnimplementedClock<Duration: DurationProtocol & Hashable>: Clock {
  /// An instant of the clock: the time elapsed since its origin.
  public typealias Instant = AnyClock<Duration>.Instant

  private let name: String
  private let location: _SourceLocation
  /// The task whose read of `now` was just reported: its `sleep(until:)` that follows is part of
  /// the same `sleep(for:)` and is not reported again.
  private let reportedNowRead = Protected<Int?>(nil)

  /// Creates a clock that fails the test when it is used.
  ///
  /// ```swift
  /// SystemBoxes.suspendingClock.override(with: UnimplementedClock<Duration>("suspendingClock"))
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name failures give the clock.
  ///   - fileID: Where the clock is created, for failures. Leave the default.
  ///   - filePath: Where the clock is created, for failures. Leave the default.
  ///   - line: Where the clock is created, for failures. Leave the default.
  ///   - column: Where the clock is created, for failures. Leave the default.
  public init(
    _ name: String = "UnimplementedClock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.name = name
    self.location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Fails the test, and returns the clock's origin.
  ///
  /// ```swift
  /// _ = UnimplementedClock().now   // fails the test
  /// ```
  public var now: Instant {
    Unimplemented.fail("\(name).now", "was read", at: location)
    if let task = Self.currentTask { reportedNowRead.withLock { $0 = task } }
    return Instant(offset: .zero)
  }

  /// Zero.
  ///
  /// ```swift
  /// #expect(UnimplementedClock().minimumResolution == .zero)
  /// ```
  public var minimumResolution: Duration { .zero }

  /// Fails the test, and throws `CancellationError`.
  ///
  /// ```swift
  /// try await UnimplementedClock().sleep(for: .seconds(1))   // fails the test, throws
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: Ignored.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError`, always.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let task = Self.currentTask
    let alreadyReported = reportedNowRead.withLock { reported in
      defer { reported = nil }
      return task != nil && reported == task
    }
    if !alreadyReported {
      Unimplemented.fail("\(name).sleep(until: \(deadline.offset))", at: location)
    }
    throw CancellationError()
  }

  /// Fails the test once, and throws `CancellationError`.
  ///
  /// ```swift
  /// try await UnimplementedClock("retryClock").sleep(for: .seconds(1))
  /// // fails the test once: "retryClock.sleep(for: 1.0 seconds) was called"
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long the code meant to sleep, for the failure's message.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError`, always.
  public func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
    Unimplemented.fail("\(name).sleep(for: \(duration))", at: location)
    throw CancellationError()
  }

  private static var currentTask: Int? { withUnsafeCurrentTask { $0?.hashValue } }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension UnimplementedClock where Duration == Swift.Duration {
  /// Creates a clock whose durations are `Duration` that fails the test when it is used.
  ///
  /// ```swift
  /// SystemBoxes.continuousClock.override(with: UnimplementedClock())
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name failures give the clock.
  ///   - fileID: Where the clock is created, for failures. Leave the default.
  ///   - filePath: Where the clock is created, for failures. Leave the default.
  ///   - line: Where the clock is created, for failures. Leave the default.
  ///   - column: Where the clock is created, for failures. Leave the default.
  public init(
    _ name: String = "UnimplementedClock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.name = name
    self.location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
