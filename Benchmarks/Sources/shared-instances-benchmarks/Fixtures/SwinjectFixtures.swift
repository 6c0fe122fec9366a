import Swinject

/// Row 5: containers with the service registered in `.container` scope (one instance per
/// container, Swinject's singleton), alone or among 99 other registrations.
enum SwinjectFixtures {
  static func container(registrations: Int) -> Container {
    let container = Container()
    container.register(Service.self) { _ in Service() }.inObjectScope(.container)
    registerFillers(Service.self, count: registrations - 1, with: Registrar(container: container))
    _ = container.resolve(Service.self)  // created before the measurement
    return container
  }

  private struct Registrar: FillerRegistrar {
    let container: Container

    func register<Filler: AnyObject & Sendable>(_ make: @escaping @Sendable () -> Filler) {
      container.register(Filler.self) { _ in make() }.inObjectScope(.container)
    }
  }
}

/// A synchronized Swinject resolver that threads can share.
final class SharedResolver: @unchecked Sendable {
  // @unchecked: `synchronize()` returns a resolver that guards every call with its recursive lock.
  let resolver: any Resolver

  init(_ container: Container) { resolver = container.synchronize() }
}
