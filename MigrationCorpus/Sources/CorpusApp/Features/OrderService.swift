import Foundation

/// An order the user placed.
public struct Order: Equatable, Sendable {
  public var id: Int
  public var summary: String
  public var day: String

  public init(id: Int, summary: String, day: String) {
    self.id = id
    self.summary = summary
    self.day = day
  }
}

/// Orders: the history from the local store, retries for the ones that failed.
public final class OrderService: @unchecked Sendable {
  // @unchecked: `retries` is only touched while `lock` is held.
  private let lock = NSLock()
  private var retries: [String: Int] = [:]

  /// The app's order service.
  public static let shared: OrderService = OrderService(maximumRetries: 3)

  public let maximumRetries: Int

  public init(maximumRetries: Int) {
    self.maximumRetries = maximumRetries
  }

  public func history() -> [Order] {
    Database.main.records(in: "orders").map { record in
      Order(
        id: record.id,
        summary: record.fields["summary"] ?? "",
        day: Formatting.day(DateProvider.default.now())
      )
    }
  }

  /// Sends an order again, at most `maximumRetries` times per summary.
  public func retry(_ summary: String) async throws -> Bool {
    let attempt = lock.withLock { () -> Int in
      retries[summary, default: 0] += 1
      return retries[summary, default: 0]
    }
    guard attempt <= maximumRetries else { return false }
    _ = try await APIClient.shared.post("/orders", body: Data(summary.utf8))
    return true
  }
}

/// Reminders the app schedules for the user.
public final class NotificationScheduler: @unchecked Sendable {
  // @unchecked: `scheduled` is only touched while `lock` is held.
  private let lock = NSLock()
  private var scheduled: [(String, Date)] = []

  /// The scheduler, with the quiet hours the app ships with.
  static let shared: NotificationScheduler = {
    let scheduler = NotificationScheduler()
    scheduler.quietHours = 22...23
    return scheduler
  }()

  var quietHours: ClosedRange<Int> = 0...0

  public func schedule(_ message: String, at date: Date) {
    lock.withLock { scheduled.append((message, date)) }
  }

  public var pendingCount: Int { lock.withLock { scheduled.count } }
}
