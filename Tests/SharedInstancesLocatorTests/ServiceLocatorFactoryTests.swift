import Foundation
import SharedInstances
import SharedInstancesLocator
import TestSupport
import Testing

private typealias Fixtures = LocatorFixtures
private typealias Downloader = LocatorFixtures.Downloader
private typealias ImageDownloading = LocatorFixtures.ImageDownloading
private typealias Tally = LocatorFixtures.Tally
private typealias Tracked = LocatorFixtures.Tracked

/// Lazy registrations: a factory runs on first `get`, once, outside the locator's lock.
@Suite(TimeLimits.waiting) struct ServiceLocatorFactoryTests {
  @Test func theFactoryRunsOnFirstGetAndOnlyOnce() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    let name = try locator.register(Tracked.self) { _ in Tracked(tally: tally) }
    #expect(name == ServiceName(Tracked.self))
    #expect(tally.creations == 0, "registering creates nothing")

    let first = try locator.get(Tracked.self)
    let second: Tracked = try locator.get()

    #expect(first === second)
    #expect(tally.creations == 1)
  }

  @Test func theTypeCanBeInferredFromTheFactory() throws {
    let locator = ServiceLocator()
    try locator.register { _ in Fixtures.UserProvider("inferred") }
    #expect(try locator.get(Fixtures.UserProvider.self).currentUser == "inferred")
  }

  @Test func theFactoryReceivesTheLocatorAndMayGetOtherServices() throws {
    let locator = ServiceLocator()
    let received = Fixtures.Tally()
    try locator.register(service: Downloader() as any ImageDownloading)
    try locator.register(Fixtures.ImageCache.self) { given in
      if (given as? ServiceLocator) === locator { received.recordCreation() }
      return Fixtures.ImageCache(downloader: try given.get((any ImageDownloading).self))
    }
    try locator.register(Fixtures.EditProfileViewModel.self, name: "profile") { locator in
      // A factory that gets a service another factory creates.
      _ = try locator.get(Fixtures.ImageCache.self)
      return Fixtures.EditProfileViewModel(userProvider: Fixtures.UserProvider("nested"))
    }

    let profile = try locator.get(Fixtures.EditProfileViewModel.self, name: "profile")

    #expect(profile.title == "Edit nested")
    #expect(received.creations == 1)
    #expect(try locator.get(Fixtures.ImageCache.self).downloader.download("x") == "image at x")
  }

  @Test func aFactoryMayRegisterAndUnregisterOtherServices() throws {
    let locator = ServiceLocator()
    try locator.register(service: Fixtures.UserProvider("old"))
    try locator.register(Downloader.self) { locator in
      try locator.unregister(Fixtures.UserProvider.self)
      try locator.register(service: Fixtures.UserProvider("new"))
      return Downloader()
    }
    _ = try locator.get(Downloader.self)
    #expect(try locator.get(Fixtures.UserProvider.self).currentUser == "new")
  }

  @Test func aNamedFactoryIsFoundByNameAndCheckedForType() throws {
    let locator = ServiceLocator()
    try locator.register(Downloader.self, name: "images") { _ in Downloader() }

    #expect(throws: ServiceLocator.Error.inexistentService(ServiceName(Downloader.self))) {
      try locator.get(Downloader.self)
    }
    #expect(
      throws: ServiceLocator.Error.typeMismatch(
        "images",
        expected: Fixtures.UserProvider.self,
        found: Downloader.self
      )
    ) {
      try locator.get(Fixtures.UserProvider.self, name: "images")
    }
    let asProtocol = try locator.get((any ImageDownloading).self, name: "images")
    #expect(asProtocol as AnyObject === (try locator.get(Downloader.self, name: "images")))
  }

  @Test func aThrowingFactoryRethrowsItsErrorAndRunsAgainOnTheNextGet() throws {
    let locator = ServiceLocator()
    let attempts = Tally()
    try locator.register(Fixtures.UserProvider.self) { _ in
      attempts.recordCreation()
      if attempts.creations == 1 { throw Fixtures.FactoryFailure() }
      return Fixtures.UserProvider("second attempt")
    }

    #expect(throws: Fixtures.FactoryFailure()) { try locator.get(Fixtures.UserProvider.self) }
    #expect(try locator.get(Fixtures.UserProvider.self).currentUser == "second attempt")
    _ = try locator.get(Fixtures.UserProvider.self)
    #expect(attempts.creations == 2)
  }

  @Test func aMissingDependencyOfAFactoryIsReported() throws {
    let locator = ServiceLocator()
    try locator.register(Fixtures.ImageCache.self) { locator in
      Fixtures.ImageCache(downloader: try locator.get((any ImageDownloading).self))
    }
    #expect(
      throws: ServiceLocator.Error.inexistentService(ServiceName((any ImageDownloading).self))
    ) {
      try locator.get(Fixtures.ImageCache.self)
    }
    try locator.register(service: Downloader() as any ImageDownloading)
    #expect(throws: Never.self) { try locator.get(Fixtures.ImageCache.self) }
  }

  @Test func unregisteringReleasesALazilyCreatedService() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    try locator.register(Tracked.self) { _ in Tracked(tally: tally) }
    weak let weakService = try locator.get(Tracked.self)
    #expect(weakService != nil)

    try locator.unregister(Tracked.self)

    #expect(weakService == nil)
    #expect(tally.alive == 0)
  }

  @Test func unregisteringAnUncreatedServiceNeverRunsItsFactory() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    try locator.register(Tracked.self) { _ in Tracked(tally: tally) }
    try locator.unregister(Tracked.self)
    #expect(throws: ServiceLocator.Error.inexistentService(ServiceName(Tracked.self))) {
      try locator.get(Tracked.self)
    }
    #expect(tally.creations == 0)
  }

  // MARK: - Circular dependencies

  @Test func aFactoryThatGetsItsOwnServiceThrowsInsteadOfDeadlocking() throws {
    let locator = ServiceLocator()
    let key = ServiceName(Downloader.self)
    try locator.register(Downloader.self) { locator in
      _ = try locator.get(Downloader.self)
      return Downloader()
    }

    #expect(throws: ServiceLocator.Error.circularDependency(key, cycle: [key, key])) {
      try locator.get(Downloader.self)
    }
    // Nothing is left locked: the error repeats, and other services still work.
    #expect(throws: ServiceLocator.Error.circularDependency(key, cycle: [key, key])) {
      try locator.get(Downloader.self)
    }
    try locator.register(service: Fixtures.UserProvider())
    #expect(throws: Never.self) { try locator.get(Fixtures.UserProvider.self) }
  }

  @Test func aCycleThroughTwoFactoriesNamesEveryService() throws {
    let locator = ServiceLocator()
    let cache = ServiceName(Fixtures.ImageCache.self)
    let downloader = ServiceName((any ImageDownloading).self)
    try locator.register(Fixtures.ImageCache.self) { locator in
      Fixtures.ImageCache(downloader: try locator.get((any ImageDownloading).self))
    }
    try locator.register((any ImageDownloading).self) { locator in
      _ = try locator.get(Fixtures.ImageCache.self)
      return Downloader()
    }

    #expect(
      throws: ServiceLocator.Error.circularDependency(cache, cycle: [cache, downloader, cache])
    ) {
      try locator.get(Fixtures.ImageCache.self)
    }
    #expect(
      throws: ServiceLocator.Error.circularDependency(
        downloader,
        cycle: [downloader, cache, downloader]
      )
    ) {
      try locator.get((any ImageDownloading).self)
    }
  }

  @Test func aCycleReachedFromOutsideIsReportedFromWhereItCloses() throws {
    let locator = ServiceLocator()
    try locator.register(Fixtures.UserProvider.self, name: "entry") { locator in
      _ = try locator.get(Downloader.self, name: "a")
      return Fixtures.UserProvider()
    }
    try locator.register(Downloader.self, name: "a") { locator in
      _ = try locator.get(Downloader.self, name: "b")
      return Downloader()
    }
    try locator.register(Downloader.self, name: "b") { locator in
      _ = try locator.get(Downloader.self, name: "a")
      return Downloader()
    }

    #expect(throws: ServiceLocator.Error.circularDependency("a", cycle: ["a", "b", "a"])) {
      try locator.get(Fixtures.UserProvider.self, name: "entry")
    }
  }

  /// A cycle whose factories run on two threads: A's factory, on one thread, waits for B while
  /// B's factory, on another, waits for A. Neither thread waits forever: each gets the cycle
  /// as seen from the service it asked for.
  @Test func aCycleAcrossThreadsThrowsInsteadOfDeadlocking() throws {
    let locator = ServiceLocator()
    try registerRing(["a", "b"], in: locator)

    let outcomes = try getOnThreads(Downloader.self, ["a", "b"], from: locator)

    try expectEachSeesTheCycleOfTwo(outcomes)
  }

  /// A cycle through three threads, each holding one factory and asking for the next one's
  /// service: no thread waits forever, and each gets the whole cycle, closed at the service it
  /// asked for.
  @Test func aCycleThroughThreeThreadsThrowsOnEveryThread() throws {
    let locator = ServiceLocator()
    let names = ["a", "b", "c"]
    try registerRing(names, in: locator)

    let outcomes = try getOnThreads(Downloader.self, names, from: locator)

    for name in names {
      let outcome = try #require(outcomes[name])
      let error = try #require(throws: ServiceLocator.Error.self) { try outcome.get() }
      guard case .circularDependency(let first, let cycle) = error else {
        Issue.record("\(name): \(error)")
        continue
      }
      #expect(first == ServiceName(name))
      #expect(cycle.count == 4)
      #expect(cycle.first == first && cycle.last == first)
      #expect(Set(cycle.compactMap(\.name)) == Set(names))
    }
  }

  /// A cycle through two locators whose factories run on two threads: A's factory, in one
  /// locator, waits for B, in the other, while B's factory waits for A. Each locator sees the
  /// wait made at the other one's gate: neither thread waits forever.
  @Test func aCycleThroughTwoLocatorsAcrossThreadsThrowsInsteadOfDeadlocking() throws {
    let first = ServiceLocator()
    let second = ServiceLocator()
    try registerRing(["a", "b"], in: first, or: ["b": second])

    let outcomes = try getOnThreads(Downloader.self, ["a", "b"], from: first, or: ["b": second])

    try expectEachSeesTheCycleOfTwo(outcomes)
  }

  /// A factory that waits for another thread's factory, which itself waits for a third service,
  /// is a chain of waits, not a cycle: every `get` returns, and each factory runs once.
  @Test func aChainOfFactoriesOnSeveralThreadsIsNoCycle() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    let innerStarted = Latch()
    let release = Latch()
    try locator.register(Tracked.self, name: "outer") { locator in
      _ = try locator.get(Tracked.self, name: "inner")
      return Tracked(tally: tally)
    }
    try locator.register(Tracked.self, name: "inner") { locator in
      innerStarted.open()
      release.waitOrFail("the test to let the inner factory finish")
      _ = try locator.get(Tracked.self, name: "leaf")
      return Tracked(tally: tally)
    }
    try locator.register(Tracked.self, name: "leaf") { _ in Tracked(tally: tally) }
    // The outer `get` starts while the inner factory runs, and waits for it.
    let outcomes = try getOnThreads(Tracked.self, ["inner", "outer"], from: locator) { started in
      if started == "inner" { try #require(innerStarted.wait()) } else { release.open() }
    }

    #expect(throws: Never.self) { try outcomes["inner"]?.get() }
    #expect(throws: Never.self) { try outcomes["outer"]?.get() }
    #expect(tally.creations == 3)
  }

  // MARK: - Exactly once, outside the lock

  /// Thousands of cold locators, each raced by several threads at the same moment: each
  /// factory runs once, and every thread gets the one instance it made.
  @Test func theFactoryRunsOncePerRegistrationUnderContention() throws {
    let locatorCount = 2_000
    let threadCount = 8
    let calls = (0..<locatorCount).map { _ in Tally() }
    let locators = try (0..<locatorCount).map { index in
      let locator = ServiceLocator()
      try locator.register(Tracked.self) { _ in Tracked("\(index)", tally: calls[index]) }
      try locator.register(Tracked.self, name: "named") { _ in Tracked(tally: calls[index]) }
      return locator
    }
    let seen = (0..<threadCount).map { _ in Locked([ObjectIdentifier?]()) }

    onThreads(threadCount) { thread in
      var mine: [ObjectIdentifier?] = []
      mine.reserveCapacity(locatorCount * 2)
      for locator in locators {
        mine.append((try? locator.get(Tracked.self)).map(ObjectIdentifier.init))
        mine.append((try? locator.get(Tracked.self, name: "named")).map(ObjectIdentifier.init))
      }
      seen[thread].set(mine)
    }

    let wrongCounts = calls.map(\.creations).filter { $0 != 2 }
    #expect(wrongCounts.isEmpty, "factory calls per locator (2 factories each): \(wrongCounts)")
    let reference = seen[0].get()
    #expect(!reference.contains(nil))
    for thread in 1..<threadCount {
      #expect(seen[thread].get() == reference)
    }
  }

  /// A slow factory: every thread that asks while it runs waits for its result instead of
  /// running it again.
  @Test func aSlowFactoryIsNotRunTwice() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    try locator.register(Tracked.self) { _ in
      usleep(20_000)
      return Tracked(tally: tally)
    }
    let ids = Locked(Set<ObjectIdentifier?>())
    onThreads(8) { _ in
      let id = (try? locator.get(Tracked.self)).map(ObjectIdentifier.init)
      ids.mutate { $0.insert(id) }
    }
    #expect(tally.creations == 1)
    #expect(ids.get().count == 1)
    #expect(!ids.get().contains(nil))
  }

  /// While a factory runs, the rest of the locator stays usable from other threads: the
  /// factory holds no lock they need.
  @Test func aRunningFactoryBlocksNoOtherService() throws {
    let locator = ServiceLocator()
    let factoryStarted = Latch()
    let release = Latch()
    try locator.register(service: Fixtures.UserProvider("ready"))
    try locator.register(Downloader.self) { _ in
      factoryStarted.open()
      release.waitOrFail("the test to let the factory finish")
      return Downloader()
    }
    let creator = Latch()
    Thread {
      _ = try? locator.get(Downloader.self)
      creator.open()
    }.start()
    try #require(factoryStarted.wait())

    #expect(try locator.get(Fixtures.UserProvider.self).currentUser == "ready")
    try locator.register(service: Downloader(), name: "other")
    try locator.unregister(Downloader.self, name: "other")
    #expect(throws: ServiceLocator.Error.duplicateService(ServiceName(Downloader.self))) {
      try locator.register(service: Downloader())
    }

    release.open()
    #expect(creator.wait())
    #expect(throws: Never.self) { try locator.get(Downloader.self) }
  }

  /// A service unregistered while its factory runs is not published: the waiting `get` finds
  /// the key empty, and the instance the factory made is released.
  @Test func unregisteringWhileTheFactoryRunsDropsItsResult() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    let factoryStarted = Latch()
    let release = Latch()
    try locator.register(Tracked.self) { _ in
      factoryStarted.open()
      release.waitOrFail("the test to let the factory finish")
      return Tracked(tally: tally)
    }
    let outcome = Locked<Result<Void, any Error>?>(nil)
    let done = Latch()
    Thread {
      outcome.set(Result { _ = try locator.get(Tracked.self) })
      done.open()
    }.start()
    try #require(factoryStarted.wait())

    try locator.unregister(Tracked.self)
    release.open()
    try #require(done.wait())

    let result = try #require(outcome.get())
    #expect(throws: ServiceLocator.Error.inexistentService(ServiceName(Tracked.self))) {
      try result.get()
    }
    #expect(tally.creations == 1)
    #expect(tally.alive == 0)
  }

  // MARK: - Fixtures

  /// Registers a `Downloader` under each of `names`, in `locator` or the name's locator in
  /// `others`, whose factory, once every one of them has started, gets the next name's (the
  /// last one the first one's): asked for on a thread each, they form a cycle through as many
  /// threads. A factory gets a service of its own locator through the locator it is given, and
  /// one of another locator from that locator.
  private func registerRing(
    _ names: [String],
    in locator: ServiceLocator,
    or others: [String: ServiceLocator] = [:]
  ) throws {
    let started = Dictionary(uniqueKeysWithValues: names.map { ($0, Latch()) })
    for (index, name) in names.enumerated() {
      let next = names[(index + 1) % names.count]
      let own = others[name] ?? locator
      let nexts = others[next] ?? locator
      try own.register(Downloader.self, name: name) { given in
        started[name]!.open()
        for other in names { started[other]!.waitOrFail("every factory to start") }
        let source: any ServiceLocating = nexts === own ? given : nexts
        _ = try source.get(Downloader.self, name: next)
        return Downloader()
      }
    }
  }

  /// Expects what a cycle of two services, `a` and `b`, each asked for on a thread of its own,
  /// gives each `get`: the cycle as seen from the service it asked for.
  private func expectEachSeesTheCycleOfTwo(
    _ outcomes: [String: Result<Downloader, any Error>],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let a = try #require(outcomes["a"], sourceLocation: sourceLocation)
    let b = try #require(outcomes["b"], sourceLocation: sourceLocation)
    #expect(
      throws: ServiceLocator.Error.circularDependency("a", cycle: ["a", "b", "a"]),
      sourceLocation: sourceLocation
    ) { try a.get() }
    #expect(
      throws: ServiceLocator.Error.circularDependency("b", cycle: ["b", "a", "b"]),
      sourceLocation: sourceLocation
    ) { try b.get() }
  }

  /// Gets the service registered under each of `names`, each on a thread of its own, started
  /// in order (`afterStarting` runs after each start), from `locator` or the name's locator in
  /// `others`, and returns what each `get` returned or threw, once all have.
  private func getOnThreads<Service: Sendable>(
    _ type: Service.Type,
    _ names: [String],
    from locator: ServiceLocator,
    or others: [String: ServiceLocator] = [:],
    afterStarting: (String) throws -> Void = { _ in }
  ) throws -> [String: Result<Service, any Error>] {
    let outcomes = Locked([String: Result<Service, any Error>]())
    let finished = DispatchGroup()
    for name in names {
      finished.enter()
      let locator = others[name] ?? locator
      Thread {
        let outcome = Result { try locator.get(Service.self, name: name) }
        outcomes.mutate { $0[name] = outcome }
        finished.leave()
      }.start()
      try afterStarting(name)
    }
    try #require(finished.waitOrFail("every get to return (a deadlock otherwise)"))
    return outcomes.get()
  }
}
