// A locator of your own implements resolve(_:name:), which get(_:name:) calls. One that
// implements only get(_:name:), as before, is not a ServiceLocating: the compiler says so,
// where a default get would have called itself for ever.
// expect-error: type 'LegacyLocator' does not conform to protocol 'ServiceLocating'
import SharedInstancesLocator

struct LegacyLocator: ServiceLocating {
  let base = ServiceLocator()

  func register<Service: Sendable>(
    _ type: Service.Type,
    name: String?,
    instance: Service
  ) throws -> ServiceName {
    try base.register(type, name: name, instance: instance)
  }

  func register<Service: Sendable>(
    _ type: Service.Type,
    name: String?,
    factory: @escaping @Sendable (any ServiceLocating) throws -> Service
  ) throws -> ServiceName {
    try base.register(type, name: name, factory: factory)
  }

  func get<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
    try base.get(type, name: name)
  }

  func unregister<Service: Sendable>(_ type: Service.Type, name: String?) throws {
    try base.unregister(type, name: name)
  }

  func unregisterAll() { base.unregisterAll() }

  func getOrRegister<Service: Serviceable>(_ type: Service.Type) -> Service {
    base.getOrRegister(type)
  }
}
