#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The time of the system clocks that `ContinuousClock` and `SuspendingClock` read, in
/// nanoseconds since the clock's zero: what ``AnyClock`` stores and subtracts for the system
/// clocks.
///
/// Not the standard library's instants: their layout is hidden by library evolution, so a value
/// holding one is copied and destroyed through its type's metadata, which made a read of a clock
/// box cost more than the clock. The clocks are the ones the concurrency runtime reads
/// (`swift_get_time`); elsewhere, the time since a process-wide instant of the standard library's
/// clock.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@usableFromInline
enum SystemTime {
  /// The continuous clock's time: it keeps counting while the system sleeps.
  @inlinable
  static func continuous() -> Int64 {
    #if os(Linux) || os(Android)
      nanoseconds(of: CLOCK_BOOTTIME)
    #elseif canImport(Darwin)
      nanoseconds(of: CLOCK_MONOTONIC_RAW)
    #else
      nanoseconds(in: Epochs.continuous.duration(to: .now))
    #endif
  }

  /// The suspending clock's time: it stops while the system sleeps.
  @inlinable
  static func suspending() -> Int64 {
    #if os(Linux) || os(Android)
      nanoseconds(of: CLOCK_MONOTONIC)
    #elseif canImport(Darwin)
      nanoseconds(of: CLOCK_UPTIME_RAW)
    #else
      nanoseconds(in: Epochs.suspending.duration(to: .now))
    #endif
  }

  #if os(Linux) || os(Android) || canImport(Darwin)
    @inlinable
    static func nanoseconds(of clock: clockid_t) -> Int64 {
      var time = timespec()
      clock_gettime(clock, &time)
      // Time since boot: far from overflowing.
      return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
  #else
    @usableFromInline
    enum Epochs {
      @usableFromInline static let continuous = ContinuousClock.now
      @usableFromInline static let suspending = SuspendingClock.now
    }

    @inlinable
    static func nanoseconds(in duration: Swift.Duration) -> Int64 {
      let (seconds, attoseconds) = duration.components
      return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }
  #endif
}
