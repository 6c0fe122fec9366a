import Foundation
import SharedInstancesSystem

// Time, identifiers and the calendar in a server-side order service: an order is numbered with
// a UUID and stamped with the current date, charged through a payment gateway that is sometimes
// unavailable, retried with exponential back-off on the clock, and priced at half price during
// the happy hour. Every one of those reads goes through a SystemBoxes box, so the tests control
// time, identifiers and the calendar, and never sleep for real.

/// An order, numbered and stamped when it is placed.
public struct Order: Sendable, Equatable {
  public let id: UUID
  public let placedAt: Date
  public let amountInCents: Int
}

/// What a charged order gets back.
public struct Receipt: Sendable, Equatable {
  public let orderID: UUID
  public let amountInCents: Int
  public let attempts: Int
  public let confirmedAt: Date

  public init(orderID: UUID, amountInCents: Int, attempts: Int, confirmedAt: Date) {
    self.orderID = orderID
    self.amountInCents = amountInCents
    self.attempts = attempts
    self.confirmedAt = confirmedAt
  }
}

/// The gateway could not be reached: worth another try later.
public struct PaymentUnavailable: Error, Equatable {
  public init() {}
}

/// Charges orders.
public protocol PaymentGateway: Sendable {
  func charge(_ order: Order) async throws
}

/// The real gateway: a network call in a real app.
public struct LivePaymentGateway: PaymentGateway {
  public init() {}

  public func charge(_ order: Order) async throws {
    print("charging \(order.amountInCents) cents for order \(order.id)")
  }
}

public enum Payments {
  /// Tests must never charge for real: an isolated test that forgets its double fails.
  public static let gateway = Resettable<any PaymentGateway>(inTests: .required) {
    LivePaymentGateway()
  }
}

/// How often, and after how long, a charge is tried again.
public struct RetryPolicy: Sendable {
  public var maxAttempts: Int
  public var firstDelay: Duration

  public init(maxAttempts: Int = 4, firstDelay: Duration = .seconds(1)) {
    self.maxAttempts = maxAttempts
    self.firstDelay = firstDelay
  }
}

/// Places orders: numbers them, prices them, and charges them with retries.
public struct OrderService: Sendable {
  public var retryPolicy: RetryPolicy

  public init(retryPolicy: RetryPolicy = RetryPolicy()) {
    self.retryPolicy = retryPolicy
  }

  /// Places an order for `listPriceInCents` and charges it, waiting 1 s, 2 s, 4 s… between
  /// attempts while the gateway is unavailable.
  public func placeOrder(listPriceInCents: Int) async throws -> Receipt {
    let order = Order(
      id: SystemBoxes.uuid.value(),  // was UUID()
      placedAt: SystemBoxes.date.value.now,  // was Date()
      amountInCents: price(listPriceInCents)
    )
    let clock = SystemBoxes.continuousClock.value  // was ContinuousClock()
    var delay = retryPolicy.firstDelay
    var attempt = 1
    while true {
      do {
        try await Payments.gateway.value.charge(order)
        return Receipt(
          orderID: order.id,
          amountInCents: order.amountInCents,
          attempts: attempt,
          confirmedAt: SystemBoxes.date.value.now
        )
      } catch let error as PaymentUnavailable {
        guard attempt < retryPolicy.maxAttempts else { throw error }
        try await clock.sleep(for: delay)  // was Task.sleep(for: delay)
        delay *= 2
        attempt += 1
      }
    }
  }

  /// Half price from 17:00 to 18:00 in the shop's time zone.
  public func price(_ listPriceInCents: Int) -> Int {
    var calendar = SystemBoxes.calendar.value
    calendar.timeZone = SystemBoxes.timeZone.value
    let hour = calendar.component(.hour, from: SystemBoxes.date.value.now)
    return hour == 17 ? listPriceInCents / 2 : listPriceInCents
  }
}
