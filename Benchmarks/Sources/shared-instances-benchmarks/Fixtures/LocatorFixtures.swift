import SharedInstances
import SharedInstancesLocator

/// Row 6: locators with the service registered, alone or among 99 other registrations, each
/// under its own type.
enum LocatorFixtures {
  static func locator(registrations: Int) -> ServiceLocator {
    let locator = ServiceLocator()
    try! locator.register(service: Service())
    registerFillers(Service.self, count: registrations - 1, with: Registrar(locator: locator))
    return locator
  }

  private struct Registrar: FillerRegistrar {
    let locator: ServiceLocator

    func register<Filler: AnyObject & Sendable>(_ make: @escaping @Sendable () -> Filler) {
      try! locator.register(service: make())
    }
  }
}
