import Foundation
import SharedInstances
import SharedInstancesLocator
import TestSupport
import Testing

private typealias Tally = LocatorFixtures.Tally

@Suite(TimeLimits.waiting) struct ServiceLocatorGetOrRegisterTests {
  @Test func createsOnceAndRegistersUnderTheType() throws {
    let locator = ServiceLocator()
    let first = locator.getOrRegister(CreatesOnce.self)
    let second = locator.getOrRegister(CreatesOnce.self)

    #expect(first === second)
    #expect(try locator.get(CreatesOnce.self) === first)
    #expect(CreatesOnce.creations.creations == 1)
    #expect(throws: ServiceLocator.Error.duplicateService(ServiceName(CreatesOnce.self))) {
      try locator.register(service: CreatesOnce())
    }
  }

  @Test func returnsAnInstanceRegisteredBefore() throws {
    let locator = ServiceLocator()
    let registered = RegisteredBefore()
    try locator.register(service: registered)
    #expect(locator.getOrRegister(RegisteredBefore.self) === registered)
    #expect(RegisteredBefore.creations.creations == 1, "only the test created one")
  }

  @Test func usesAFactoryRegisteredBefore() throws {
    let locator = ServiceLocator()
    let factoryCalls = Tally()
    try locator.register(FromFactory.self) { _ in
      factoryCalls.recordCreation()
      return FromFactory()
    }
    let service = locator.getOrRegister(FromFactory.self)
    #expect(try locator.get(FromFactory.self) === service)
    #expect(factoryCalls.creations == 1)
  }

  @Test func aNamedServiceOfTheSameTypeIsAnotherKey() throws {
    let locator = ServiceLocator()
    let named = NamedToo()
    try locator.register(service: named, name: "named")
    #expect(locator.getOrRegister(NamedToo.self) !== named)
  }

  @Test func createsAFreshInstanceAfterUnregistering() throws {
    let locator = ServiceLocator()
    weak let weakFirst = locator.getOrRegister(Recreated.self)
    try locator.unregister(Recreated.self)
    #expect(weakFirst == nil)
    _ = locator.getOrRegister(Recreated.self)
    #expect(Recreated.creations.creations == 2)
  }

  /// Thousands of cold locators raced by several threads: `Service.init()` runs once per
  /// locator and every racer gets that one instance (the article's version was "not thread
  /// safe... yet!").
  @Test func racersGetOneInstance() {
    let locatorCount = 2_000
    let threadCount = 8
    let locators = (0..<locatorCount).map { _ in ServiceLocator() }
    let seen = (0..<threadCount).map { _ in Locked([ObjectIdentifier]()) }

    onThreads(threadCount) { thread in
      var mine: [ObjectIdentifier] = []
      mine.reserveCapacity(locatorCount)
      for locator in locators {
        mine.append(ObjectIdentifier(locator.getOrRegister(Raced.self)))
      }
      seen[thread].set(mine)
    }

    #expect(Raced.creations.creations == locatorCount)
    let reference = seen[0].get()
    #expect(Set(reference).count == locatorCount)
    for thread in 1..<threadCount {
      #expect(seen[thread].get() == reference)
    }
  }

  @Test func racingTasksGetOneInstance() async {
    let locator = ServiceLocator()
    let ids = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<100 {
        group.addTask { ObjectIdentifier(locator.getOrRegister(RacedByTasks.self)) }
      }
      var ids = Set<ObjectIdentifier>()
      for await id in group { ids.insert(id) }
      return ids
    }
    #expect(ids.count == 1)
    #expect(RacedByTasks.creations.creations == 1)
  }

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aThrowingFactoryStopsTheProgramWithTheError() async throws {
      let result = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) {
        let locator = ServiceLocator()
        try locator.register(FromFactory.self) { _ in throw LocatorFixtures.FactoryFailure() }
        _ = locator.getOrRegister(FromFactory.self)
      }
      let standardError = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(standardError.contains("getOrRegister"))
      #expect(standardError.contains("FactoryFailure"))
    }
  #endif
}

// MARK: - Fixtures

// `Serviceable` services are created by `init()`, so each test counts its own type.

private final class CreatesOnce: Serviceable {
  static let creations = Tally()
  init() { Self.creations.recordCreation() }
}

private final class RegisteredBefore: Serviceable {
  static let creations = Tally()
  init() { Self.creations.recordCreation() }
}

private final class FromFactory: Serviceable {
  init() {}
}

private final class NamedToo: Serviceable {
  init() {}
}

private final class Recreated: Serviceable {
  static let creations = Tally()
  init() { Self.creations.recordCreation() }
}

private final class Raced: Serviceable {
  static let creations = Tally()
  init() { Self.creations.recordCreation() }
}

private final class RacedByTasks: Serviceable {
  static let creations = Tally()
  init() { Self.creations.recordCreation() }
}
