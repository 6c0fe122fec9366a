// The service locator left this module for its own product, SharedInstancesLocator. These
// placeholders keep the old names known to the compiler for one version, so that code written
// for the previous release is told where they went instead of "cannot find in scope". In a file
// that imports SharedInstancesLocator too, its declarations shadow these (a module's own
// declarations win over those of a module it imports).

/// Moved to `SharedInstancesLocator`.
///
/// ```swift
/// import SharedInstancesLocator  // and depend on the product SharedInstancesLocator
/// let locator = ServiceLocator()
/// ```
@available(
  *,
  unavailable,
  message: "moved to SharedInstancesLocator: add the product and import it"
)
public enum ServiceLocator {
  /// Moved to `SharedInstancesLocator`.
  @available(
    *,
    unavailable,
    message: "moved to SharedInstancesLocator: add the product and import it"
  )
  public static var shared: Never { fatalError("moved to SharedInstancesLocator") }
}

/// Moved to `SharedInstancesLocator`.
///
/// ```swift
/// import SharedInstancesLocator  // and depend on the product SharedInstancesLocator
/// func make(locator: any ServiceLocating) throws -> Feed { Feed(try locator.get()) }
/// ```
@available(
  *,
  unavailable,
  message: "moved to SharedInstancesLocator: add the product and import it"
)
public protocol ServiceLocating {}

/// Moved to `SharedInstancesLocator`.
///
/// ```swift
/// import SharedInstancesLocator  // and depend on the product SharedInstancesLocator
/// let key = ServiceName(type: ImageCache.self, name: "avatars")
/// ```
@available(
  *,
  unavailable,
  message: "moved to SharedInstancesLocator: add the product and import it"
)
public enum ServiceName {}

/// Moved to `SharedInstancesLocator`.
///
/// ```swift
/// import SharedInstancesLocator  // and depend on the product SharedInstancesLocator
/// final class Clock: Serviceable { init() {} }
/// ```
@available(
  *,
  unavailable,
  message: "moved to SharedInstancesLocator: add the product and import it"
)
public protocol Serviceable {}
