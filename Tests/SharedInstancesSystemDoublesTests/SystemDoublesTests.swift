import Foundation
import SharedInstances
import SharedInstancesSystem
import SharedInstancesTesting
import TestSupport
import Testing

/// The doubles of the system boxes: constant and incrementing dates and UUIDs, the immediate
/// clock, the unimplemented doubles, and the seeded generator against reference outputs.
@Suite struct SystemDoublesTests {
  // MARK: Dates and UUIDs

  @Test(.isolatedShared) func aConstantDateAnswersTheSameDate() {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    SystemBoxes.date.override(with: .constant(date))
    #expect(SystemBoxes.date.value.now == date)
    #expect(SystemBoxes.date.value() == date)
  }

  @Test(.isolatedShared) func anIncrementingDateCountsFromItsStart() {
    let start = Date(timeIntervalSince1970: 0)
    SystemBoxes.date.override(with: .incrementing(from: start, by: 60))
    #expect(SystemBoxes.date.value.now == start)
    #expect(SystemBoxes.date.value.now == start.addingTimeInterval(60))
    #expect(SystemBoxes.date.value() == start.addingTimeInterval(120))
  }

  @Test(.isolatedShared) func incrementingUUIDsCountFromZero() {
    SystemBoxes.uuid.override(with: .incrementing)
    #expect(SystemBoxes.uuid.value().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(SystemBoxes.uuid.value().uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(SystemBoxes.uuid.value() == UUID(counter: 2))
    // Each use of `.incrementing` counts on its own.
    SystemBoxes.uuid.override(with: .incrementing)
    #expect(SystemBoxes.uuid.value() == UUID(counter: 0))
  }

  @Test func uuidsFromCountersSpellTheCounterInHexadecimal() {
    #expect(UUID(counter: 0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(counter: 10).uuidString == "00000000-0000-0000-0000-00000000000A")
    #expect(UUID(counter: 255).uuidString == "00000000-0000-0000-0000-0000000000FF")
    #expect(UUID(counter: 1 << 48).uuidString == "00000000-0000-0000-0001-000000000000")
    #expect(UUID(counter: Int.max).uuidString == "00000000-0000-0000-7FFF-FFFFFFFFFFFF")
  }

  @Test func incrementingUUIDsAreUniqueAcrossThreads() async {
    let generator = UUIDGenerator.incrementing
    let made = await withTaskGroup(of: [UUID].self) { group in
      for _ in 0..<4 { group.addTask { (0..<250).map { _ in generator() } } }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(Set(made) == Set((0..<1000).map { UUID(counter: $0) }))
  }

  @Test(.isolatedShared) func aConstantUUIDAnswersTheSameUUID() {
    SystemBoxes.uuid.override(with: .constant(UUID(counter: 42)))
    #expect(SystemBoxes.uuid.value() == UUID(counter: 42))
    #expect(SystemBoxes.uuid.value() == UUID(counter: 42))
  }

  // MARK: The immediate clock

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func anImmediateClockReturnsAtOnceAndMovesItsTime() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(30))
    try await Task.sleep(for: .seconds(2), clock: clock)
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-5)), tolerance: nil)
    #expect(clock.now.offset == .seconds(32))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func anImmediateClockThrowsWhenTheTaskIsCancelled() async {
    let clock = ImmediateClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.now.offset == .zero)
  }

  // MARK: Unimplemented doubles

  @Test func anUnimplementedDateFailsAtItsCreationAndAnswersTheReferenceDate() {
    let line = #line + 1
    let generator = DateGenerator.unimplemented()
    withKnownIssue {
      #expect(generator.now == Date(timeIntervalSinceReferenceDate: 0))
    } matching: { issue in
      issue.comments.description.contains("Unimplemented: DateGenerator.unimplemented was called")
        && issue.sourceLocation?.fileName == "SystemDoublesTests.swift"
        && issue.sourceLocation?.line == line
    }
  }

  @Test func anUnimplementedUUIDFailsAndAnswersZero() {
    let generator = UUIDGenerator.unimplemented()
    withKnownIssue {
      #expect(generator() == UUID(counter: 0))
    } matching: { issue in
      issue.comments.description.contains("Unimplemented: UUIDGenerator.unimplemented was called")
    }
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func anUnimplementedClockFailsOnNowAndOnSleep() async {
    let clock = UnimplementedClock("paymentClock")
    withKnownIssue {
      #expect(clock.now.offset == .zero)
    } matching: { issue in
      issue.comments.description.contains("Unimplemented: paymentClock.now was read")
    }
    // A fresh clock: a sleep right after a reported read of `now` in the same task is taken
    // for the second half of a `sleep(for:)` (see the tests below) and not reported again.
    let sleepingClock = UnimplementedClock("paymentClock")
    let messages = Locked<[String]>([])
    await withKnownIssue {
      await #expect(throws: CancellationError.self) {
        try await sleepingClock.sleep(until: .init(offset: .seconds(1)))
      }
    } matching: { issue in
      messages.mutate { $0.append(issue.comments.description) }
      return issue.sourceLocation?.fileName == "SystemDoublesTests.swift"
    }
    #expect(messages.get().count == 1)
    #expect(
      messages.get().last?.contains("paymentClock.sleep(until: 1.0 seconds) was called") == true
    )
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func anUnimplementedClockReportsOneFailureForOneSleepForCall() async {
    let clock = UnimplementedClock("paymentClock")
    let messages = Locked<[String]>([])
    await withKnownIssue {
      await #expect(throws: CancellationError.self) { try await clock.sleep(for: .seconds(1)) }
    } matching: { issue in
      messages.mutate { $0.append(issue.comments.description) }
      return true
    }
    #expect(messages.get().count == 1)
    #expect(
      messages.get().first?.contains("paymentClock.sleep(for: 1.0 seconds) was called") == true
    )
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(arguments: [SleepPath.anyClock, .taskSleep])
  func anUnimplementedClockReportsOneFailureForOneSleepThroughAnotherPath(
    _ path: SleepPath
  ) async {
    let clock = UnimplementedClock("paymentClock")
    let messages = Locked<[String]>([])
    await withKnownIssue {
      await #expect(throws: CancellationError.self) {
        switch path {
        case .anyClock: try await AnyClock(clock).sleep(for: .seconds(1))
        case .taskSleep: try await Task.sleep(for: .seconds(1), clock: clock)
        }
      }
    } matching: { issue in
      messages.mutate { $0.append(issue.comments.description) }
      return issue.comments.description.contains("paymentClock")
    }
    #expect(messages.get().count == 1)
  }

  @Test func anUnimplementedRandomGeneratorFailsOnceAndStillTerminates() {
    var generator = AnyRandomNumberGenerator.unimplemented()
    let issues = Locked(0)
    withKnownIssue {
      // Rejection sampling draws again on some values: a constant would loop forever here.
      for _ in 0..<100 { _ = Int.random(in: 0..<7, using: &generator) }
    } matching: { issue in
      issues.mutate { $0 += 1 }
      return issue.comments.description.contains("AnyRandomNumberGenerator.unimplemented")
    }
    #expect(issues.get() == 1)
  }

  @Test func anUnimplementedDoubleAsATestDefaultFailsTheTestThatForgotItsOverride() {
    // What a SharedTestDefault of `.unimplemented()` gives a test: the double, created per test.
    withKnownIssue {
      withIsolatedShared {
        SystemBoxes.date.override(with: .unimplemented())
        _ = SystemBoxes.date.value.now
      }
    } matching: { issue in
      issue.comments.description.contains("DateGenerator.unimplemented")
    }
  }

  enum SleepPath: Sendable, CustomTestStringConvertible {
    case anyClock, taskSleep
    var testDescription: String {
      self == .anyClock ? "AnyClock.sleep(for:)" : "Task.sleep(for:clock:)"
    }
  }

  // MARK: The seeded generator

  /// Reference outputs computed independently of this code, with Python:
  ///
  /// ```python
  /// M = (1 << 64) - 1
  /// def splitmix64(seed):
  ///     s = seed
  ///     while True:
  ///         s = (s + 0x9E3779B97F4A7C15) & M
  ///         z = s
  ///         z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
  ///         z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
  ///         yield z ^ (z >> 31)
  /// def rotl(x, k): return ((x << k) | (x >> (64 - k))) & M
  /// def xoshiro256starstar(seed):
  ///     g = splitmix64(seed); s = [next(g) for _ in range(4)]
  ///     while True:
  ///         r = (rotl((s[1] * 5) & M, 7) * 9) & M
  ///         t = (s[1] << 17) & M
  ///         s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t
  ///         s[3] = rotl(s[3], 45)
  ///         yield r
  /// for seed in (0, 42, 2**64 - 1):
  ///     g = xoshiro256starstar(seed); print(hex(seed), [hex(next(g)) for _ in range(5)])
  /// ```
  ///
  /// (SplitMix64 from 0 starts 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4: its published values.)
  @Test(arguments: [
    (
      UInt64(0),
      [
        0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0,
        0x6AA5_94F1_262D_2D2C, 0xBBA5_AD4A_1F84_2E59,
      ] as [UInt64]
    ),
    (
      UInt64(42),
      [
        0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1,
        0xECB8_AD47_03B3_60A1, 0xFDE6_DC7F_E2EC_5E64,
      ]
    ),
    (
      UInt64.max,
      [
        0x8F55_20D5_2A7E_AD08, 0xC476_A018_CAA1_802D, 0x81DE_31C0_D260_469E,
        0xBF65_8D7E_065F_3C2F, 0x9135_93FD_A1BC_A32A,
      ]
    ),
  ])
  func theSeededGeneratorDrawsTheReferenceSequence(seed: UInt64, expected: [UInt64]) {
    var generator = SeededRandomNumberGenerator(seed: seed)
    #expect((0..<5).map { _ in generator.next() } == expected)
  }

  @Test(.isolatedShared) func aSeededBoxDrawsTheSameNumbersOnEveryRun() {
    SystemBoxes.random.override(with: .seeded(42))
    let first = (0..<5).map { _ in SystemBoxes.random.withRandomNumberGenerator { $0.next() } }
    #expect(first[0] == 0x1578_0B2E_0C2E_C716)
    #expect(first[4] == 0xFDE6_DC7F_E2EC_5E64)
    SystemBoxes.random.override(with: .seeded(42))
    var generator = SystemBoxes.random.value
    #expect((0..<5).map { _ in generator.next() } == first)
  }

  @Test func copiesOfAWrappedGeneratorShareOneSequence() {
    var one = AnyRandomNumberGenerator.seeded(0)
    var two = one
    #expect(one.next() == 0x99EC_5F36_CB75_F2B4)
    #expect(two.next() == 0xBF6E_1F78_4956_452A)
    #expect(SeededRandomNumberGenerator(seed: 5) == SeededRandomNumberGenerator(seed: 5))
    #expect(SeededRandomNumberGenerator(seed: 5) != SeededRandomNumberGenerator(seed: 6))
  }
}

/// Wrapping a test clock in an `AnyClock` neither reads it nor shifts its instants.
@Suite struct AnyClockOfTestClocksTests {
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func wrappingAnUnimplementedClockDoesNotUseIt() {
    let clock = AnyClock(UnimplementedClock())
    #expect(clock.minimumResolution == .zero)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aWrappedTestClockKeepsItsOffsets() async throws {
    let clock = TestClock<Duration>(now: .init(offset: .seconds(100)))
    let erased = AnyClock(clock)
    #expect(erased.now == clock.now)
    let sleeper = Task { try await erased.sleep(until: .init(offset: .seconds(101))) }
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline?.offset == .seconds(101))
    await clock.advance(by: .seconds(1))
    try await sleeper.value
  }
}
