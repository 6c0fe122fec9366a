import Foundation
import SharedInstances
import SharedInstancesSystem
import SharedInstancesTesting
import TestSupport
import Testing

/// ControllingTimeDatesAndRandomness.md: every snippet of the article, compiled and run.
@Suite struct ControllingTimeSnippets {
  // MARK: Migrate the call sites

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func theMigratedCallSitesReadTheBoxes() async throws {
    let order = placeOrder()
    #expect(order.placedAt <= Date())
    let deck = shuffledDeck()
    #expect(deck.sorted() == Array(1...52))
    try await Task.sleep(for: .milliseconds(1), clock: SystemBoxes.continuousClock.value)
    #expect(SystemBoxes.date.withValue { $0.now } <= Date())
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared) func pollingSleepsOnTheBoxesClock() async throws {
    let clock = TestClock()
    SystemBoxes.continuousClock.override(with: clock)
    let polls = Locked(0)
    let polling = Task {
      try await pollUntilReady {
        polls.mutate { $0 += 1 }
        return polls.get() == 3
      }
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(1))  // two sleeps of 500 ms
    try await polling.value
    #expect(polls.get() == 3)
  }

  // MARK: Test time with a test clock

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared) func retriesAfterOneThenTwoSeconds() async throws {
    let clock = TestClock()
    SystemBoxes.continuousClock.override(with: clock)
    let gateway = FlakyGateway(failures: 2)
    let charging = Task { try await chargeWithRetries(gateway) }

    await clock.waitForSleepers(count: 1)  // the first attempt failed
    #expect(gateway.attempts == 1)
    await clock.advance(by: .seconds(1))  // the second fails, and waits 2 s
    await clock.waitForSleepers(count: 1)
    #expect(clock.nextDeadline == clock.now.advanced(by: .seconds(2)))
    await clock.advance(by: .seconds(2))

    #expect(try await charging.value == 3)  // attempts
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared) func givesUpAfterThreeAttempts() async {
    let clock = ImmediateClock()
    SystemBoxes.continuousClock.override(with: clock)
    await #expect(throws: GatewayUnavailable.self) {
      try await chargeWithRetries(FlakyGateway(failures: 10))
    }
    #expect(clock.now.offset == .seconds(3))  // 1 s + 2 s of back-off
  }

  // MARK: Fix the date and number the UUIDs

  @Test(.isolatedShared) func stampsAndNumbersEachOrder() {
    let noon = Date(timeIntervalSince1970: 1_700_000_000)
    SystemBoxes.date.override(with: .constant(noon))
    SystemBoxes.uuid.override(with: .incrementing)

    #expect(placeOrder().id == UUID(counter: 0))  // 00000000-0000-0000-0000-000000000000
    #expect(placeOrder().id.uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(placeOrder().placedAt == noon)
  }

  // MARK: Draw the same random numbers on every run

  @Test(.isolatedShared) func dealsTheSameDeckForTheSameSeed() {
    SystemBoxes.random.override(with: .seeded(42))
    let first = shuffledDeck()
    SystemBoxes.random.override(with: .seeded(42))
    #expect(shuffledDeck() == first)
  }

  // MARK: Catch every read of the real time

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func theTestDefaultsOfTheArticleFailWhenUsed() async {
    // The article's list, built here: this target declares its own `SharedTestDefaults`.
    let defaults: [SharedTestDefault] = [
      SharedTestDefault(SystemBoxes.date) { .unimplemented() },
      SharedTestDefault(SystemBoxes.uuid) { .unimplemented() },
      SharedTestDefault(SystemBoxes.random) { .unimplemented() },
      SharedTestDefault(SystemBoxes.continuousClock) { AnyClock(UnimplementedClock()) },
    ]
    #expect(defaults.count == 4)
    await withKnownIssue {
      await withIsolatedShared {
        SystemBoxes.continuousClock.override(with: UnimplementedClock())
        await #expect(throws: CancellationError.self) {
          try await SystemBoxes.continuousClock.value.sleep(for: .seconds(1))
        }
      }
    } matching: { issue in
      issue.comments.description.contains("Unimplemented: UnimplementedClock.")
    }
  }
}

// MARK: - The article's code under test

struct Order: Sendable {
  let id: UUID
  let placedAt: Date
}

func placeOrder() -> Order {
  Order(id: SystemBoxes.uuid.value(), placedAt: SystemBoxes.date.value.now)
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
func pollUntilReady(_ isReady: @Sendable () async -> Bool) async throws {
  let clock = SystemBoxes.continuousClock.value
  while await !isReady() {
    try await clock.sleep(for: .milliseconds(500))
  }
}

func shuffledDeck() -> [Int] {
  SystemBoxes.random.withRandomNumberGenerator { (1...52).shuffled(using: &$0) }
}

struct GatewayUnavailable: Error {}

/// Unavailable for its first `failures` charges.
final class FlakyGateway: Sendable {
  private let state: Locked<(failures: Int, attempts: Int)>

  init(failures: Int) { state = Locked((failures, 0)) }

  var attempts: Int { state.get().attempts }

  func charge() throws {
    let fails = state.mutate { state in
      state.attempts += 1
      guard state.failures > 0 else { return false }
      state.failures -= 1
      return true
    }
    if fails { throw GatewayUnavailable() }
  }
}

/// Charges, retrying after 1 s, then 2 s; returns the number of attempts.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
func chargeWithRetries(_ gateway: FlakyGateway) async throws -> Int {
  var delay = Duration.seconds(1)
  for attempt in 1...3 {
    do {
      try gateway.charge()
      return attempt
    } catch let error as GatewayUnavailable {
      if attempt == 3 { throw error }
      try await SystemBoxes.continuousClock.value.sleep(for: delay)
      delay *= 2
    }
  }
  return 3
}
