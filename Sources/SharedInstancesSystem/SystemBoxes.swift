import SharedInstances

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Ready boxes for what nearly every app reads from the system: the current date, new UUIDs,
/// clocks, random numbers, and the user's calendar, locale and time zone.
///
/// Code that calls `Date()`, `UUID()`, `ContinuousClock()`, `Task.sleep(for:)` or
/// `Int.random(in:)` directly gives a different answer on every run, and sleeps for real in a
/// test. Read these boxes instead: their live values are the system's, so the app behaves
/// exactly as before, and a test overrides them like any box, isolated per test.
///
/// ```swift
/// struct Order: Sendable {
///   let id: UUID
///   let placedAt: Date
/// }
///
/// func placeOrder() -> Order {
///   Order(id: SystemBoxes.uuid.value(), placedAt: SystemBoxes.date.value.now)
/// }
///
/// func retryLater() async throws {
///   try await SystemBoxes.continuousClock.value.sleep(for: .seconds(1))
/// }
///
/// func rollDie() -> Int {
///   SystemBoxes.random.withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
/// }
/// ```
///
/// Every box is a `Resettable` (the clocks are ``ClockBox``es, which read and change the same
/// way at the cost of the clock's own read): `override(with:)`
/// replaces its value in an isolated test, `withValue(_:)` borrows it on hot
/// paths, and strict tests fail when they read the real one, naming the box
/// (`SystemBoxes.date`). The module `SharedInstancesTesting` has the doubles: a test clock whose
/// time moves only when the test says, an immediate clock, constant and incrementing dates and
/// UUIDs, a seeded random number generator, and doubles that fail the test when used.
///
/// See <doc:ControllingTimeDatesAndRandomness>. The app's URL session, user defaults,
/// notification center and folders have boxes here too (``urlSession``, ``userDefaults``,
/// ``notificationCenter``, ``directories``), which isolated tests replace with their own.
public enum SystemBoxes {
  /// The current date: `Date()` unless a test overrides it.
  ///
  /// ```swift
  /// let placedAt = SystemBoxes.date.value.now
  /// ```
  public static let date = Resettable<DateGenerator>(name: "SystemBoxes.date") { .system }

  /// New UUIDs: `UUID()` unless a test overrides it.
  ///
  /// ```swift
  /// let orderID = SystemBoxes.uuid.value()
  /// ```
  public static let uuid = Resettable<UUIDGenerator>(name: "SystemBoxes.uuid") { .system }

  /// A clock that keeps counting while the system sleeps: a `ContinuousClock` unless a test
  /// overrides it.
  ///
  /// Use it for timeouts, back-off and debouncing measured in real elapsed time.
  ///
  /// ```swift
  /// try await SystemBoxes.continuousClock.value.sleep(for: .milliseconds(300))
  /// ```
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  public static let continuousClock = ClockBox(continuousClockBox)

  // The boxes the clock boxes refer to, kept here for the whole process.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  private static let continuousClockBox = Resettable<AnyClock<Duration>>(
    name: "SystemBoxes.continuousClock"
  ) { AnyClock(ContinuousClock()) }

  /// A clock that stops while the system sleeps: a `SuspendingClock` unless a test overrides it.
  ///
  /// ```swift
  /// let clock = SystemBoxes.suspendingClock.value
  /// let elapsed = try await clock.measure { try await render() }
  /// ```
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  public static let suspendingClock = ClockBox(suspendingClockBox)

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  private static let suspendingClockBox = Resettable<AnyClock<Duration>>(
    name: "SystemBoxes.suspendingClock"
  ) { AnyClock(SuspendingClock()) }

  /// Random numbers: the `SystemRandomNumberGenerator` unless a test overrides it.
  ///
  /// ```swift
  /// let jitter = SystemBoxes.random.withRandomNumberGenerator {
  ///   Double.random(in: 0..<0.1, using: &$0)
  /// }
  /// ```
  public static let random = Resettable<AnyRandomNumberGenerator>(name: "SystemBoxes.random") {
    .system
  }

  /// The user's calendar: `Calendar.autoupdatingCurrent` unless a test overrides it.
  ///
  /// ```swift
  /// let weekday = SystemBoxes.calendar.value.component(.weekday, from: SystemBoxes.date.value.now)
  /// ```
  public static let calendar = Resettable<Calendar>(name: "SystemBoxes.calendar") {
    .autoupdatingCurrent
  }

  /// The user's locale: `Locale.autoupdatingCurrent` unless a test overrides it.
  ///
  /// ```swift
  /// let identifier = SystemBoxes.locale.value.identifier
  /// ```
  public static let locale = Resettable<Locale>(name: "SystemBoxes.locale") {
    .autoupdatingCurrent
  }

  /// The user's time zone: `TimeZone.autoupdatingCurrent` unless a test overrides it.
  ///
  /// ```swift
  /// let offset = SystemBoxes.timeZone.value.secondsFromGMT()
  /// ```
  public static let timeZone = Resettable<TimeZone>(name: "SystemBoxes.timeZone") {
    .autoupdatingCurrent
  }
}
