import Foundation
import SharedInstances
import SharedInstancesSystem
import Testing

/// The system boxes' live values are the system's, and the wrappers behave as what they wrap.
@Suite struct SystemBoxesTests {
  @Test func theLiveDateIsTheSystemDate() {
    let before = Date()
    let now = SystemBoxes.date.value.now
    let after = Date()
    #expect(before <= now && now <= after)
  }

  @Test func theLiveUUIDsAreRandom() {
    let uuids = Set((0..<100).map { _ in SystemBoxes.uuid.value() })
    #expect(uuids.count == 100)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func theLiveClocksMoveForward() async throws {
    for clock in [SystemBoxes.continuousClock.value, SystemBoxes.suspendingClock.value] {
      let start = clock.now
      try await clock.sleep(for: .milliseconds(1))
      #expect(start.duration(to: clock.now) >= .milliseconds(1))
      #expect(clock.minimumResolution > .zero)
    }
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func theLiveClocksCountTheTimeOfTheClocksTheyWrap() async throws {
    try await expectCounts(ContinuousClock(), through: SystemBoxes.continuousClock.value)
    try await expectCounts(SuspendingClock(), through: SystemBoxes.suspendingClock.value)
  }

  /// Read inside the wrapped clock's own readings, `clock` measures no more than they do; a
  /// deadline on it is reached when its sleep returns.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  private func expectCounts<Wrapped: Clock>(
    _ wrapped: Wrapped,
    through clock: AnyClock<Duration>
  ) async throws where Wrapped.Duration == Duration {
    let outerStart = wrapped.now
    let start = clock.now
    try await clock.sleep(until: start.advanced(by: .milliseconds(2)))
    let end = clock.now
    let outerEnd = wrapped.now
    #expect(end >= start.advanced(by: .milliseconds(2)))
    #expect(start.duration(to: end) <= outerStart.duration(to: outerEnd))
  }

  @Test func theLiveRandomGeneratorDrawsDifferentNumbers() {
    let draws = Set(
      (0..<20).map { _ in SystemBoxes.random.withRandomNumberGenerator { $0.next() } }
    )
    #expect(draws.count == 20)
  }

  @Test func theLiveCalendarLocaleAndTimeZoneAreTheCurrentOnes() {
    #expect(SystemBoxes.calendar.value == Calendar.autoupdatingCurrent)
    #expect(SystemBoxes.locale.value == Locale.autoupdatingCurrent)
    #expect(SystemBoxes.timeZone.value == TimeZone.autoupdatingCurrent)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func anyClockWrapsOnceAndCountsFromWhenItWasWrapped() async throws {
    let wrapped = AnyClock(ContinuousClock())
    let again = AnyClock(wrapped)
    #expect(wrapped.now.offset < .seconds(1))
    #expect(again.now >= wrapped.now.advanced(by: .seconds(-1)))
    let instant = AnyClock<Duration>.Instant(offset: .seconds(2))
    #expect(instant.advanced(by: .seconds(3)).offset == .seconds(5))
    #expect(instant.duration(to: .init(offset: .seconds(7))) == .seconds(5))
    #expect(instant < instant.advanced(by: .nanoseconds(1)))
  }

  @Test func aWrappedGeneratorKeepsItsSequenceBehindALock() async {
    let generator = AnyRandomNumberGenerator(CountingGenerator())
    let draws = await withTaskGroup(of: [UInt64].self) { group in
      for _ in 0..<4 {
        group.addTask {
          var copy = generator
          return (0..<250).map { _ in copy.next() }
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(Set(draws) == Set(1...1000))
  }

  @Test func aGeneratorFromAClosureAnswersWhatItReturns() {
    var zeros = AnyRandomNumberGenerator { 0 }
    #expect(zeros.next() == 0)
    let date = Date(timeIntervalSince1970: 5)
    #expect(DateGenerator { date }() == date)
  }
}

// MARK: - Fixtures

private struct CountingGenerator: RandomNumberGenerator, Sendable {
  var count: UInt64 = 0
  mutating func next() -> UInt64 {
    count += 1
    return count
  }
}
