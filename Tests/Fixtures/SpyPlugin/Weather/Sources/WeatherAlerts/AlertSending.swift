import WeatherCore

/// Sends a weather alert: a protocol of the product's second module, which refines nothing
/// and mentions a type of the first.
public protocol AlertSending: Sendable {
  /// Sends `message` to the subscribers of `city`; returns how many received it.
  @discardableResult
  func send(_ message: String, to city: String, from source: any Forecasting) -> Int
}
