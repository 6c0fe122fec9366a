import SharedInstances
import SharedInstancesSystem
import SharedInstancesTesting
import Testing

/// The system's clocks are `ClockBox`es: every member a `Resettable` has reads and changes the
/// box it refers to, isolated per test, and every API that takes a box takes a clock box.
@Suite struct ClockBoxTests {
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared, arguments: ClockBoxCase.allCases)
  func anOverrideIsReadThroughEveryMember(_ box: ClockBoxCase) async throws {
    let clock = TestClock()
    #expect(!box.clock.isOverridden)
    box.clock.override(with: clock)
    #expect(box.clock.isOverridden)
    #expect(box.clock.resettable.isOverridden)
    #expect(box.clock.value.now == clock.now)
    #expect(box.clock.withValue { $0.now } == clock.now)
    #expect(box.clock.resettable.value.now == clock.now)
    #expect(box.clock.currentValue?.now == clock.now)
    #expect(try box.clock.require().now == clock.now)
    await clock.advance(by: .seconds(5))
    #expect(box.clock.value.now == clock.now)
    box.clock.reset()
    #expect(!box.clock.isOverridden)
    #expect(box.clock.value.now != clock.now)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared, arguments: ClockBoxCase.allCases)
  func anOverrideThroughTheResettableIsReadThroughTheClockBox(_ box: ClockBoxCase) {
    let clock = TestClock()
    box.clock.resettable.override(with: AnyClock(clock))
    #expect(box.clock.isOverridden)
    #expect(box.clock.value.now == clock.now)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared) func aResettableOfAClockTakesAClockAsTheClockBoxesDo() {
    let box = Resettable<AnyClock<Duration>>(name: "ClockBoxTests.box") {
      AnyClock(ContinuousClock())
    }
    let clock = TestClock()
    box.override(with: clock)
    #expect(box.isOverridden)
    #expect(box.value.now == clock.now)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared) func withOverrideRestoresTheClockItReplaced() async throws {
    let outer = TestClock()
    let inner = TestClock()
    await inner.advance(by: .seconds(60))
    SystemBoxes.continuousClock.override(with: outer)
    SystemBoxes.continuousClock.withOverride(AnyClock(inner)) {
      #expect(SystemBoxes.continuousClock.value.now == inner.now)
    }
    #expect(SystemBoxes.continuousClock.value.now == outer.now)
    struct Failed: Error {}
    await #expect(throws: Failed.self) {
      try await SystemBoxes.continuousClock.withOverride(AnyClock(inner)) {
        await Task.yield()
        #expect(SystemBoxes.continuousClock.value.now == inner.now)
        throw Failed()
      }
    }
    #expect(SystemBoxes.continuousClock.value.now == outer.now)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared) func withValueRethrowsWhatItsBodyThrows() {
    struct Failed: Error {}
    SystemBoxes.continuousClock.override(with: TestClock())
    #expect(throws: Failed.self) {
      try SystemBoxes.continuousClock.withValue { _ throws(Failed) in throw Failed() }
    }
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared) func awaitingThroughTheClockBoxSleepsOnTheTestsClock() async throws {
    let clock = TestClock()
    SystemBoxes.suspendingClock.override(with: clock)
    let sleeper = Task { try await SystemBoxes.suspendingClock.value.sleep(for: .seconds(30)) }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(30))
    try await sleeper.value
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func theClockBoxesNameAndDescribeTheirResettables() {
    #expect(SystemBoxes.continuousClock.name == "SystemBoxes.continuousClock")
    #expect(SystemBoxes.suspendingClock.name == "SystemBoxes.suspendingClock")
    #expect(SystemBoxes.continuousClock.resettable === SystemBoxes.continuousClock.resettable)
    #expect(SystemBoxes.continuousClock.resettable !== SystemBoxes.suspendingClock.resettable)
    #expect(
      SystemBoxes.continuousClock.description == SystemBoxes.continuousClock.resettable.description
    )
    #expect("\(SystemBoxes.suspendingClock)".contains("SystemBoxes.suspendingClock"))
    #expect(!SystemBoxes.continuousClock.hasTestDefault)
    #expect(SystemBoxes.continuousClock.overrideInTests == .optional)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(
    .isolatedShared(.strict).exempting(SystemBoxes.continuousClock, SystemBoxes.suspendingClock)
  )
  func aStrictTestMayReadExemptClocks() {
    _ = SystemBoxes.continuousClock.value.now
    _ = SystemBoxes.suspendingClock.withValue { $0.now }
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared(.strict).exempting(SystemBoxes.continuousClock.resettable, Counter.shared))
  func aStrictTestMayExemptAClockBesideOtherBoxes() {
    _ = SystemBoxes.continuousClock.value.now
    _ = Counter.shared.value
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared(.strict).exempting(SystemBoxes.continuousClock, Counter.shared))
  func aStrictTestMayExemptAClockBoxAndAResettableInOneCall() {
    _ = SystemBoxes.continuousClock.value.now
    _ = Counter.shared.value
    withKnownIssue {
      _ = SystemBoxes.suspendingClock.value.now  // not exempt
    } matching: { issue in
      issue.comments.description.contains("SystemBoxes.suspendingClock")
    }
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aTestDefaultIsDeclaredForAClockBoxAsForItsResettable() {
    let defaults = [
      SharedTestDefault(SystemBoxes.continuousClock) { AnyClock(UnimplementedClock()) },
      SharedTestDefault(SystemBoxes.continuousClock.resettable) { AnyClock(TestClock()) },
    ]
    #expect(defaults.count == 2)
  }
}

// MARK: - Fixtures

enum ClockBoxCase: String, CaseIterable, Sendable {
  case continuousClock, suspendingClock

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  var clock: ClockBox<Duration> {
    switch self {
    case .continuousClock: SystemBoxes.continuousClock
    case .suspendingClock: SystemBoxes.suspendingClock
    }
  }
}

private enum Counter {
  static let shared = Resettable { 0 }
}
