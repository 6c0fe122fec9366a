import Foundation

/// Today's date, for everything that shows or stamps one.
public final class DateProvider: Sendable {
  /// The provider of the system's clock.
  public static let `default` = DateProvider()

  public init() {}

  public func now() -> Date { Date() }

  public func startOfDay() -> Date {
    let seconds = now().timeIntervalSinceReferenceDate
    return Date(
      timeIntervalSinceReferenceDate: seconds - seconds.truncatingRemainder(dividingBy: 86_400)
    )
  }
}

/// Formatting shared by the screens.
public enum Formatting {
  /// A formatter for order dates (a class of Foundation).
  static let orderDate = DateFormatter()

  public static func day(_ date: Date) -> String {
    orderDate.dateFormat = "yyyy-MM-dd"
    orderDate.timeZone = TimeZone(identifier: "UTC")
    return orderDate.string(from: date)
  }
}
