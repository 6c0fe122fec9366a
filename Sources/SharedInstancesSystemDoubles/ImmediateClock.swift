import SharedInstances
import SharedInstancesSystem

/// A clock whose sleeps return at once, moving its time forward by what they asked for.
///
/// Use it where a test does not care *when* the code under test wakes, only that it goes on:
/// a retry loop, a poll, an animation. Time still advances, so code that measures elapsed time
/// sees the durations it slept.
///
/// ```swift
/// @Test(.isolatedShared) func givesUpAfterThreeAttempts() async {
///   let clock = ImmediateClock()
///   SystemBoxes.continuousClock.override(with: clock)
///   await #expect(throws: UploadError.self) { try await Uploader().uploadRetrying() }
///   #expect(clock.now.offset == .seconds(7))   // 1 s + 2 s + 4 s of back-off
/// }
/// ```
///
/// A cancelled task's sleep throws `CancellationError`, as on the system's clocks. Each sleep
/// yields once, so that a loop that sleeps lets other tasks run.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class ImmediateClock<Duration: DurationProtocol & Hashable>: Clock {
  /// An instant of the immediate clock: the time elapsed since its origin.
  public typealias Instant = AnyClock<Duration>.Instant

  private let current: Protected<Instant>

  /// Creates an immediate clock that starts at `now`.
  ///
  /// ```swift
  /// let clock = ImmediateClock<Duration>(now: .init(offset: .seconds(10)))
  /// ```
  ///
  /// - Parameter now: The clock's first instant.
  public init(now: Instant) {
    current = Protected(now)
  }

  /// The clock's current instant: its origin plus every sleep so far.
  ///
  /// ```swift
  /// try await clock.sleep(for: .seconds(2))
  /// #expect(clock.now.offset == .seconds(2))
  /// ```
  public var now: Instant { current.load() }

  /// Zero.
  ///
  /// ```swift
  /// #expect(ImmediateClock().minimumResolution == .zero)
  /// ```
  public var minimumResolution: Duration { .zero }

  /// Moves the clock's time to `deadline` (if it is later) and returns at once.
  ///
  /// ```swift
  /// try await SystemBoxes.continuousClock.value.sleep(for: .seconds(30))   // returns at once
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant the sleep would end at.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { now in now = max(now, deadline) }
    await Task.yield()
    try Task.checkCancellation()
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ImmediateClock where Duration == Swift.Duration {
  /// Creates an immediate clock whose durations are `Duration`, starting at its origin.
  ///
  /// ```swift
  /// SystemBoxes.continuousClock.override(with: ImmediateClock())
  /// ```
  public convenience init() {
    self.init(now: Instant(offset: .zero))
  }
}
