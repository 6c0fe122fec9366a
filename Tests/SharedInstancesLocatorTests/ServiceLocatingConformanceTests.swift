import SharedInstances
import SharedInstancesLocator
import TestSupport
import Testing

/// A locator of the app's own: it implements `resolve(_:name:)`, and every spelling of `get`
/// reaches it. (One that does not implement it fails to compile:
/// Tests/UpgradeDiagnostics/LocatorOfYourOwn.swift.)
@Suite struct ServiceLocatingConformanceTests {
  @Test func everyGetOfALocatorOfYourOwnCallsItsResolve() throws {
    let locator = CountingLocator()
    try locator.register(service: 7, name: "answer")
    try locator.register(service: "text")

    let any: any ServiceLocating = locator
    #expect(try any.get(Int.self, name: "answer") == 7)
    let named: Int = try any.get(name: "answer")
    #expect(named == 7)
    #expect(try any.get(String.self) == "text")
    let inferred: String = try any.get()
    #expect(inferred == "text")
    #expect(locator.resolved.value == 4)
  }

  @Test func aFactoryGetsThroughTheLocatorItIsGiven() throws {
    let locator = CountingLocator()
    try locator.register(service: 2, name: "base")
    try locator.register(String.self) { locator in
      String(repeating: "a", count: try locator.get(Int.self, name: "base"))
    }
    #expect(try locator.get(String.self) == "aa")
    #expect(locator.resolved.value == 1)  // the factory's own get reaches the base locator
  }

  @Test func anErrorOfTheLocatorItWrapsComesThrough() {
    let locator = CountingLocator()
    #expect(throws: ServiceLocator.Error.self) { try locator.get(Int.self) }
  }
}

// MARK: - Fixtures

/// Forwards to a `ServiceLocator` and counts the look-ups it resolves.
private struct CountingLocator: ServiceLocating {
  let base = ServiceLocator()
  let resolved = Counter()

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

  func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws -> Service {
    resolved.increment()
    return try base.resolve(type, name: name)
  }

  func unregister<Service: Sendable>(_ type: Service.Type, name: String?) throws {
    try base.unregister(type, name: name)
  }

  func unregisterAll() { base.unregisterAll() }

  func getOrRegister<Service: Serviceable>(_ type: Service.Type) -> Service {
    base.getOrRegister(type)
  }
}
