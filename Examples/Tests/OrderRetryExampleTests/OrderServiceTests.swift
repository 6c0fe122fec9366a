import Foundation
import OrderRetryExample
import SharedInstances
import SharedInstancesSystem
import SharedInstancesTesting
import Testing

/// Retries on a test clock, orders numbered by incrementing UUIDs, a fixed "now": strict tests,
/// so reading any real clock, date or UUID would fail them, and nothing sleeps for real.
@Suite(.isolatedShared(.strict), .timeLimit(.minutes(1))) struct OrderServiceTests {
  let clock = TestClock()
  let gateway = ScriptedGateway()
  /// 2023-11-14 22:13:20 UTC.
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  init() {
    SystemBoxes.continuousClock.override(with: clock)
    SystemBoxes.uuid.override(with: .incrementing)
    SystemBoxes.date.override(with: .constant(now))
    SystemBoxes.calendar.override(with: Calendar(identifier: .gregorian))
    SystemBoxes.timeZone.override(with: TimeZone(identifier: "UTC")!)
    Payments.gateway.override(with: gateway)
  }

  @Test func aChargeThatSucceedsAtOnceNeedsNoSleep() async throws {
    let receipt = try await OrderService().placeOrder(listPriceInCents: 1_000)
    #expect(
      receipt
        == Receipt(orderID: UUID(counter: 0), amountInCents: 1_000, attempts: 1, confirmedAt: now)
    )
    #expect(clock.sleepersCount == 0)
  }

  @Test func anUnavailableGatewayIsRetriedAfterOneThenTwoSeconds() async throws {
    gateway.failures = 2
    let placing = Task { try await OrderService().placeOrder(listPriceInCents: 1_000) }

    await clock.waitForSleepers(count: 1)  // the first attempt failed
    #expect(gateway.attemptTimes == [.zero])
    #expect(clock.nextDeadline?.offset == .seconds(1))

    await clock.advance(by: .seconds(1))  // the second attempt fails, and waits 2 s
    await clock.waitForSleepers(count: 1)
    #expect(gateway.attemptTimes == [.zero, .seconds(1)])
    #expect(clock.nextDeadline?.offset == .seconds(3))

    await clock.advance(by: .seconds(2))
    let receipt = try await placing.value
    #expect(receipt.attempts == 3)
    #expect(gateway.attemptTimes == [.zero, .seconds(1), .seconds(3)])
  }

  @Test func theServiceGivesUpAfterFourAttempts() async throws {
    gateway.failures = .max
    let placing = Task { try await OrderService().placeOrder(listPriceInCents: 1_000) }
    await clock.run(until: placing)  // every back-off (1, 2, 4 s), then the end
    await #expect(throws: PaymentUnavailable.self) { try await placing.value }
    #expect(gateway.attemptTimes == [.zero, .seconds(1), .seconds(3), .seconds(7)])
  }

  @Test func cancellingAnOrderThatWaitsStopsTheRetries() async throws {
    gateway.failures = .max
    let placing = Task { try await OrderService().placeOrder(listPriceInCents: 1_000) }
    await clock.waitForSleepers(count: 1)
    placing.cancel()
    await #expect(throws: CancellationError.self) { try await placing.value }
    #expect(gateway.attemptTimes.count == 1)
  }

  @Test func ordersAreNumberedInTheOrderTheyArePlaced() async throws {
    let service = OrderService()
    let first = try await service.placeOrder(listPriceInCents: 100)
    let second = try await service.placeOrder(listPriceInCents: 100)
    #expect(first.orderID.uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(second.orderID.uuidString == "00000000-0000-0000-0000-000000000001")
  }

  @Test func happyHourHalvesThePrice() {
    SystemBoxes.date.override(with: .constant(now.addingTimeInterval(-5 * 3600)))  // 17:13 UTC
    #expect(OrderService().price(1_000) == 500)
    SystemBoxes.date.override(with: .constant(now))  // 22:13 UTC
    #expect(OrderService().price(1_000) == 1_000)
  }
}

// MARK: - Doubles

/// A gateway that is unavailable for its first `failures` charges, and notes when each
/// charge came, on the test clock.
final class ScriptedGateway: PaymentGateway, @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  private let lock = NSLock()
  private var remainingFailures = 0
  private var attempts: [Duration] = []

  var failures: Int {
    get { lock.withLock { remainingFailures } }
    set { lock.withLock { remainingFailures = newValue } }
  }

  var attemptTimes: [Duration] {
    lock.withLock { attempts }
  }

  func charge(_ order: Order) async throws {
    let at = SystemBoxes.continuousClock.value.now.offset
    try lock.withLock {
      attempts.append(at)
      if remainingFailures > 0 {
        remainingFailures -= 1
        throw PaymentUnavailable()
      }
    }
  }
}
