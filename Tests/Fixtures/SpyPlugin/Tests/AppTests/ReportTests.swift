import App
import SharedInstancesTesting
import Testing
import WeatherAlerts
import WeatherCore

// `ForecastingSpy` and `AlertSendingSpy` are what `generate-spies --product Weather` wrote into
// Spies/ (scripts/check-spy-plugin.sh generates them before it builds this target).
@Suite struct ReportTests {
  @Test func aHotDayAlertsTheDefaultCity() async throws {
    let forecast = ForecastingSpy()
    forecast.stub(.defaultCity, returning: "Seville")
    forecast.stub(.temperature, returning: 35.0)
    let alerts = AlertSendingSpy()
    alerts.stub(.send, returning: 3)

    let sent = try await Report(forecast: forecast, alerts: alerts).warnIfHot()

    #expect(sent)
    let call = try #require(alerts.calls.first)
    guard case .send(let message, let city, _) = call else {
      Issue.record("unexpected call \(call)")
      return
    }
    #expect(message == "Heat in Seville")
    #expect(city == "Seville")
  }

  @Test func aMildDaySendsNothing() async throws {
    let forecast = ForecastingSpy()
    forecast.stub(.defaultCity, returning: "Oslo")
    forecast.stub(.temperature, returning: 12.0)
    let alerts = AlertSendingSpy()

    #expect(try await !Report(forecast: forecast, alerts: alerts).warnIfHot())
    #expect(alerts.calls.isEmpty)
  }
}
