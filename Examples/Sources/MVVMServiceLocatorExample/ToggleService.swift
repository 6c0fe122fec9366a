import SharedInstances
import SharedInstancesLocator

/// The service behind the toggle screen.
public protocol ServiceProtocol: Sendable {
  /// Returns the opposite of `bool`.
  func toggle(bool: Bool) -> Bool
}

/// The service the view model uses in the app. It needs nothing to be created, so the locator
/// can create it on demand.
public final class LocatableServiceImplementation: ServiceProtocol, Serviceable {
  public init() {}

  public func toggle(bool: Bool) -> Bool { !bool }
}
