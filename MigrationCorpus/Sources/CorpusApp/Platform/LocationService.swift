import Foundation

/// A coordinate.
public struct Coordinate: Equatable, Sendable {
  public var latitude: Double
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// The device's location, as last reported.
public final class LocationService: @unchecked Sendable {
  // @unchecked: `last` is only touched while `lock` is held.
  private let lock = NSLock()
  private var last: Coordinate?

  // The service before it moved here; kept for the history:
  // static let sharedService = LocationService()
  /* static let legacy = LocationService() */

  /// The app's location service.
  public static let shared = LocationService()

  public init() {}

  public func report(_ coordinate: Coordinate) {
    lock.withLock { last = coordinate }
  }

  public var lastKnown: Coordinate? { lock.withLock { last } }

  public func distance(to coordinate: Coordinate) -> Double? {
    guard let last = lastKnown else { return nil }
    let dx = last.latitude - coordinate.latitude
    let dy = last.longitude - coordinate.longitude
    return (dx * dx + dy * dy).squareRoot()
  }
}
