/// Says what the weather will be: the dependency's protocol an app's tests replace with a spy.
public protocol Forecasting: Sendable {
  /// The temperature in `city`, in degrees Celsius.
  func temperature(in city: String) async throws -> Double
  /// The city forecasts are for when none is named.
  var defaultCity: String { get }
}
