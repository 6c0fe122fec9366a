import SharedInstances

/// A service that can create itself with no arguments, so that a locator can create it on
/// demand.
///
/// Conform a service whose dependencies all have defaults, and
/// ``ServiceLocator/getOrRegister(_:)`` returns the registered instance or registers a new one,
/// atomically: however many threads ask at once, one instance is created.
///
/// ```swift
/// final class ToggleService: Serviceable {
///   init() {}
///   func toggle(_ value: Bool) -> Bool { !value }
/// }
///
/// let service = locator.getOrRegister(ToggleService.self)
/// ```
///
/// Services are shared between threads, so they are `Sendable`.
public protocol Serviceable: Sendable {
  /// Creates the service with its default dependencies.
  ///
  /// A locator calls it at most once per registration, on the thread that first asks, holding
  /// no lock other callers of the locator need.
  ///
  /// ```swift
  /// final class ImageCache: Serviceable {
  ///   let capacity: Int
  ///   init() { capacity = 100 }
  /// }
  /// ```
  init()
}
