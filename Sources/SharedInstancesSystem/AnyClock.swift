import SharedInstances

/// A clock of any kind whose durations are `Duration`: the value of the clock boxes.
///
/// ``SystemBoxes/continuousClock`` and ``SystemBoxes/suspendingClock`` hold an `AnyClock`, so
/// that a test can put any clock in their place: a test clock that moves only when the test
/// says, an immediate clock, or one that fails the test when used (all in
/// `SharedInstancesTesting`). Production code uses it as the clock it wraps:
///
/// ```swift
/// let clock = SystemBoxes.continuousClock.value
/// let start = clock.now
/// try await clock.sleep(for: .seconds(1))
/// try await Task.sleep(for: .milliseconds(10), clock: clock)
/// let elapsed = start.duration(to: clock.now)
/// ```
///
/// An instant of an `AnyClock` is the time elapsed since the clock was wrapped: instants of one
/// `AnyClock` (and of its copies) compare with each other, not with those of another one, nor
/// with the wrapped clock's own instants. The test clocks of `SharedInstancesTesting` use the same
/// ``Instant`` type, counted from their own origin.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct AnyClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A moment of an ``AnyClock``: the time elapsed since the clock was wrapped (for the test
  /// clocks, which share this type, since their origin).
  ///
  /// ```swift
  /// let deadline = clock.now.advanced(by: .seconds(5))
  /// ```
  public struct Instant: InstantProtocol {
    /// The time elapsed between the clock's origin (the moment it was wrapped) and this instant.
    public var offset: Duration

    /// Creates the instant `offset` after the moment the clock was wrapped.
    ///
    /// ```swift
    /// let start = AnyClock<Duration>.Instant(offset: .zero)
    /// ```
    ///
    /// - Parameter offset: The time elapsed since the clock was wrapped.
    public init(offset: Duration) { self.offset = offset }

    /// Returns the instant `duration` later (earlier, when negative).
    ///
    /// ```swift
    /// let deadline = clock.now.advanced(by: .seconds(5))
    /// ```
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: The moved instant.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// Returns the time from this instant to `other` (negative when `other` is earlier).
    ///
    /// ```swift
    /// let elapsed = start.duration(to: clock.now)
    /// ```
    ///
    /// - Parameter other: The later instant.
    /// - Returns: The time between the two.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Whether `lhs` comes before `rhs`.
    ///
    /// ```swift
    /// let isLate = deadline < clock.now
    /// ```
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  /// What the clock wraps: the system's clocks inline, as the system time they were wrapped at
  /// (`SystemTime`), with no reference to count and no value of a type hidden by library
  /// evolution, so that a copy is a plain copy; any other clock behind one reference.
  @usableFromInline enum Storage: Sendable {
    /// A `ContinuousClock`, counted from `origin`, nanoseconds of `SystemTime.continuous()`
    /// (`Duration` is `Swift.Duration`).
    case continuous(origin: Int64)
    /// A `SuspendingClock`, counted from `origin`, nanoseconds of `SystemTime.suspending()`
    /// (`Duration` is `Swift.Duration`).
    case suspending(origin: Int64)
    /// Any other clock.
    case erased(Erased)
  }

  /// Any other clock's time and sleep, behind one reference.
  @usableFromInline final class Erased: Sendable {
    @usableFromInline let elapsed: @Sendable () -> Duration
    let sleeper: @Sendable (Duration, Duration?) async throws -> Void

    init(
      elapsed: @escaping @Sendable () -> Duration,
      sleeper: @escaping @Sendable (Duration, Duration?) async throws -> Void
    ) {
      self.elapsed = elapsed
      self.sleeper = sleeper
    }
  }

  @usableFromInline let storage: Storage

  /// The smallest interval the wrapped clock can measure.
  ///
  /// ```swift
  /// let resolution = SystemBoxes.continuousClock.value.minimumResolution
  /// ```
  public let minimumResolution: Duration

  /// Wraps `clock`.
  ///
  /// ```swift
  /// SystemBoxes.continuousClock.set(AnyClock(ContinuousClock()))
  /// ```
  ///
  /// Wrapping an `AnyClock` returns it as it is. A clock whose instants are already
  /// ``Instant`` (the test clocks of `SharedInstancesTesting`) keeps its own offsets, and is
  /// not read until it is used; any other clock is read once, now, for the origin.
  ///
  /// - Parameter clock: The clock whose time and sleeps this one tells.
  public init<Wrapped: Clock>(_ clock: Wrapped) where Wrapped.Duration == Duration {
    if let erased = clock as? AnyClock<Duration> {
      self = erased
      return
    }
    minimumResolution = clock.minimumResolution
    if Wrapped.self == ContinuousClock.self {
      storage = .continuous(origin: SystemTime.continuous())
      return
    }
    if Wrapped.self == SuspendingClock.self {
      storage = .suspending(origin: SystemTime.suspending())
      return
    }
    if Wrapped.Instant.self == Instant.self {
      // The test clocks count in this very type: no origin to read (reading `now` could fail
      // a test, for a clock that fails when used), and the offsets stay the clock's own.
      storage = .erased(
        Erased(
          elapsed: { (clock.now as Any as! Instant).offset },
          sleeper: { offset, tolerance in
            let deadline = Instant(offset: offset) as Any as! Wrapped.Instant
            try await clock.sleep(until: deadline, tolerance: tolerance)
          }
        )
      )
      return
    }
    let origin = clock.now
    storage = .erased(
      Erased(
        elapsed: { origin.duration(to: clock.now) },
        sleeper: { offset, tolerance in
          try await clock.sleep(until: origin.advanced(by: offset), tolerance: tolerance)
        }
      )
    )
  }

  /// The current instant of the wrapped clock.
  ///
  /// ```swift
  /// let start = SystemBoxes.continuousClock.value.now
  /// ```
  @inlinable public var now: Instant {
    switch storage {
    case .continuous(let origin):
      // `Duration` is `Swift.Duration` in this case (see `init(_:)`): a no-op once specialized.
      return Instant(offset: Self.wrapped(Self.elapsed(since: origin, SystemTime.continuous())))
    case .suspending(let origin):
      return Instant(offset: Self.wrapped(Self.elapsed(since: origin, SystemTime.suspending())))
    case .erased(let erased):
      return Instant(offset: erased.elapsed())
    }
  }

  /// The time from `origin` to `time`, both nanoseconds of one system clock.
  @inlinable
  static func elapsed(since origin: Int64, _ time: Int64) -> Swift.Duration {
    .nanoseconds(time &- origin)
  }

  /// `duration` as this clock's `Duration`, which is `Swift.Duration` for the system clocks.
  @inlinable
  static func wrapped(_ duration: Swift.Duration) -> Duration {
    unsafeBitCast(duration, to: Duration.self)
  }

  /// Suspends until `deadline`, as the wrapped clock sleeps.
  ///
  /// ```swift
  /// let clock = SystemBoxes.continuousClock.value
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: nil)
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: How late the wake may be, or nil for the wrapped clock's default.
  /// - Throws: `CancellationError` when the task is cancelled while it sleeps (as the wrapped
  ///   clock throws).
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    // The system clocks sleep for what is left until the deadline, from the time of the clock
    // the instants count (the same one as theirs), so no instant of theirs is stored.
    switch storage {
    case .continuous(let origin):
      let left =
        unsafeBitCast(deadline.offset, to: Swift.Duration.self)
        - Self.elapsed(since: origin, SystemTime.continuous())
      try await ContinuousClock().sleep(
        until: .now.advanced(by: left),
        tolerance: tolerance.map { unsafeBitCast($0, to: Swift.Duration.self) }
      )
    case .suspending(let origin):
      let left =
        unsafeBitCast(deadline.offset, to: Swift.Duration.self)
        - Self.elapsed(since: origin, SystemTime.suspending())
      try await SuspendingClock().sleep(
        until: .now.advanced(by: left),
        tolerance: tolerance.map { unsafeBitCast($0, to: Swift.Duration.self) }
      )
    case .erased(let erased):
      try await erased.sleeper(deadline.offset, tolerance)
    }
  }
}
