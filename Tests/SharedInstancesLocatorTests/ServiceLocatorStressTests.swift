import SharedInstances
import SharedInstancesLocator
import TestSupport
import Testing

private typealias Tally = LocatorFixtures.Tally
private typealias Tracked = LocatorFixtures.Tracked

/// Every operation from many threads at once, checking the invariants that must hold whatever
/// the interleaving. Run under ThreadSanitizer:
/// `swift test --sanitize=thread --filter ServiceLocator`.
@Suite struct ServiceLocatorStressTests {
  @Test func everyOperationFromManyThreadsAtOnce() {
    let locator = ServiceLocator()
    let tally = Tally()
    let threadCount = 8
    let iterations = 2_000
    let churnedNames = (0..<4).map { "churn \($0)" }
    // Registered once, never unregistered: a factory that must run exactly once.
    let stableCalls = Tally()
    #expect(throws: Never.self) {
      try locator.register(Tracked.self, name: "stable") { _ in
        stableCalls.recordCreation()
        return Tracked("stable", tally: tally)
      }
    }
    let unexpected = Locked([String]())
    let stableSeen = Locked(Set<ObjectIdentifier>())
    let oneSeen = Locked(Set<ObjectIdentifier>())

    onThreads(threadCount) { thread in
      var state = UInt64(thread + 1) &* 0x9E37_79B9_7F4A_7C15
      func random(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
      }
      func expectOnly(_ allowed: [ServiceLocator.Error], _ outcome: Result<some Any, any Error>) {
        guard case .failure(let error) = outcome else { return }
        if let error = error as? ServiceLocator.Error, allowed.contains(error) { return }
        unexpected.mutate { $0.append("\(error)") }
      }
      for _ in 0..<iterations {
        let name = churnedNames[random(churnedNames.count)]
        let key = ServiceName(name)
        switch random(7) {
        case 0:
          expectOnly(
            [.duplicateService(key)],
            Result { try locator.register(service: Tracked(name, tally: tally), name: name) }
          )
        case 1:
          expectOnly(
            [.duplicateService(key)],
            Result {
              try locator.register(Tracked.self, name: name) { _ in Tracked(name, tally: tally) }
            }
          )
        case 2:
          let outcome = Result { try locator.get(Tracked.self, name: name) }
          if case .success(let service) = outcome, service.label != name {
            unexpected.mutate { $0.append("\(name) returned \(service.label)") }
          }
          expectOnly([.inexistentService(key)], outcome)
        case 3:
          expectOnly(
            [.inexistentService(key)],
            Result { try locator.unregister(Tracked.self, name: name) }
          )
        case 4:
          let id = ObjectIdentifier(locator.getOrRegister(StressedOne.self))
          oneSeen.mutate { $0.insert(id) }
        case 5:
          let outcome = Result { try locator.get(Tracked.self, name: "stable") }
          if case .success(let service) = outcome {
            stableSeen.mutate { $0.insert(ObjectIdentifier(service)) }
          }
          expectOnly([.inexistentService("stable")], outcome)
        default:
          if random(50) == 0 { locator.unregisterAll() }
        }
      }
    }

    #expect(unexpected.get().isEmpty, "\(unexpected.get().prefix(5))")
    // `unregisterAll` may drop the stable registration (and a service still being created), so
    // the counts are bounds here; the next test checks them exactly.
    #expect(stableCalls.creations <= 1, "one registration, one factory call at most")
    #expect(stableSeen.get().count <= stableCalls.creations)
    #expect(oneSeen.get().count <= StressedOne.creations.creations)
    locator.unregisterAll()
    #expect(tally.alive == 0, "every service is released once unregistered")
  }

  /// Without `unregisterAll` in the mix, the invariants are exact: one instance per
  /// registration, one factory call.
  @Test func getOrRegisterAndLazyGetsRaceWithRegistrationsOfOtherKeys() {
    let locator = ServiceLocator()
    let tally = Tally()
    let factoryCalls = Tally()
    #expect(throws: Never.self) {
      try locator.register(Tracked.self) { _ in
        factoryCalls.recordCreation()
        return Tracked("lazy", tally: tally)
      }
    }
    let lazySeen = Locked(Set<ObjectIdentifier?>())
    let oneSeen = Locked(Set<ObjectIdentifier>())

    onThreads(8) { thread in
      for iteration in 0..<1_000 {
        let name = "thread \(thread) #\(iteration % 8)"
        _ = try? locator.register(service: Tracked(name, tally: tally), name: name)
        let lazy = (try? locator.get(Tracked.self)).map(ObjectIdentifier.init)
        lazySeen.mutate { $0.insert(lazy) }
        oneSeen.mutate { $0.insert(ObjectIdentifier(locator.getOrRegister(StressedTwo.self))) }
        _ = try? locator.unregister(Tracked.self, name: name)
      }
    }

    #expect(factoryCalls.creations == 1)
    #expect(lazySeen.get().count == 1)
    #expect(!lazySeen.get().contains(nil))
    #expect(oneSeen.get().count == 1)
    #expect(StressedTwo.creations.creations == 1)
    locator.unregisterAll()
    #expect(tally.alive == 0)
  }
}

// MARK: - Fixtures

private final class StressedOne: Serviceable {
  static let creations = Tally()
  init() { Self.creations.recordCreation() }
}

private final class StressedTwo: Serviceable {
  static let creations = Tally()
  init() { Self.creations.recordCreation() }
}
