import WeatherAlerts
import WeatherCore

/// Warns a city's subscribers when it is hot there.
public struct Report: Sendable {
  let forecast: any Forecasting
  let alerts: any AlertSending

  public init(forecast: any Forecasting, alerts: any AlertSending) {
    self.forecast = forecast
    self.alerts = alerts
  }

  /// Sends a heat alert for the default city when it is above 30 °C; returns whether it did.
  public func warnIfHot() async throws -> Bool {
    let city = forecast.defaultCity
    guard try await forecast.temperature(in: city) > 30 else { return false }
    alerts.send("Heat in \(city)", to: city, from: forecast)
    return true
  }
}
