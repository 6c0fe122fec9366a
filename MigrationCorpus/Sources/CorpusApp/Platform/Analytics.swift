import Foundation

/// An analytics event.
public struct AnalyticsEvent: Equatable, Sendable {
  public var name: String
  public var properties: [String: String]

  public init(_ name: String, properties: [String: String] = [:]) {
    self.name = name
    self.properties = properties
  }
}

/// Sends events to the analytics backend. Created once at start-up with the app's key.
public final class AnalyticsTracker: @unchecked Sendable {
  // @unchecked: `events` is only touched while `lock` is held.
  private let lock = NSLock()
  private var events: [AnalyticsEvent] = []
  public let apiKey: String

  public init(apiKey: String) {
    self.apiKey = apiKey
  }

  public func track(_ event: AnalyticsEvent) {
    lock.withLock { events.append(event) }
  }

  public func track(_ name: String, properties: [String: String] = [:]) {
    track(AnalyticsEvent(name, properties: properties))
  }

  public var trackedCount: Int { lock.withLock { events.count } }
}

/// The app's analytics, set once by `AppBootstrap.start()`.
public enum Analytics {
  /// The tracker; nil until start-up sets it.
  nonisolated(unsafe) public static var tracker: AnalyticsTracker!
}
