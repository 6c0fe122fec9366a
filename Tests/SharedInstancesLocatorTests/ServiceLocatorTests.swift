import SharedInstances
import SharedInstancesLocator
import Testing

private typealias Fixtures = LocatorFixtures
private typealias Downloader = LocatorFixtures.Downloader
private typealias ImageDownloading = LocatorFixtures.ImageDownloading
private typealias Tally = LocatorFixtures.Tally
private typealias Tracked = LocatorFixtures.Tracked

@Suite struct ServiceLocatorTests {
  // MARK: - Registering and getting

  @Test func getsTheRegisteredInstanceInEverySpelling() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    let service = Tracked(tally: tally)
    let name = try locator.register(service: service)

    #expect(name == ServiceName(Tracked.self))
    #expect(try locator.get(Tracked.self) === service)
    #expect(try locator.get(Tracked.self, name: nil) === service)
    let inferred: Tracked = try locator.get()
    #expect(inferred === service)
  }

  @Test func worksThroughTheProtocol() throws {
    let locator: any ServiceLocating = ServiceLocator()
    let service = Fixtures.UserProvider("grace")
    try locator.register(service: service as any Fixtures.UserProviding)
    try locator.register(service: Downloader(), name: "images")

    #expect(try locator.get((any Fixtures.UserProviding).self).currentUser == "grace")
    let user: any Fixtures.UserProviding = try locator.get()
    #expect(user.currentUser == "grace")
    #expect(try locator.get(Downloader.self, name: "images").download("a") == "image at a")
    let named: Downloader = try locator.get(name: "images")
    #expect(named.download("b") == "image at b")
    try locator.unregister((any Fixtures.UserProviding).self)
    try locator.unregister(Downloader.self, name: "images")
    #expect(throws: ServiceLocator.Error.inexistentService("images")) {
      try locator.get(Downloader.self, name: "images")
    }
  }

  @Test func aServiceRegisteredAsAProtocolIsFoundAsThatProtocolOnly() throws {
    let locator = ServiceLocator()
    let downloader = Downloader()
    let name = try locator.register(service: downloader as any ImageDownloading)

    #expect(name == ServiceName((any ImageDownloading).self))
    #expect(try locator.get((any ImageDownloading).self) as AnyObject === downloader)
    #expect(throws: ServiceLocator.Error.inexistentService(ServiceName(Downloader.self))) {
      try locator.get(Downloader.self)
    }
  }

  @Test func typesWithTheSameNameInDifferentScopesDoNotCollide() throws {
    // Keyed by the printed name, as Alicerce and the articles do, these would be one key.
    #expect("\(Fixtures.Billing.Client.self)" == "\(Fixtures.Shipping.Client.self)")
    let locator = ServiceLocator()
    let billing = Fixtures.Billing.Client()
    let shipping = Fixtures.Shipping.Client()

    let billingName = try locator.register(service: billing)
    let shippingName = try locator.register(service: shipping)

    #expect(billingName != shippingName)
    #expect(try locator.get(Fixtures.Billing.Client.self) === billing)
    #expect(try locator.get(Fixtures.Shipping.Client.self) === shipping)
    try locator.unregister(Fixtures.Billing.Client.self)
    #expect(try locator.get(Fixtures.Shipping.Client.self).scope == "shipping")
  }

  @Test func typedAndNamedKeysAreIndependent() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    let byType = Tracked("type", tally: tally)
    let byName = Tracked("name", tally: tally)
    let otherName = Tracked("other", tally: tally)

    try locator.register(service: byType)
    #expect(try locator.register(service: byName, name: "main") == "main")
    try locator.register(service: otherName, name: "other")

    #expect(try locator.get(Tracked.self) === byType)
    #expect(try locator.get(Tracked.self, name: "main") === byName)
    #expect(try locator.get(Tracked.self, name: "other") === otherName)
  }

  @Test func manyServicesAreEachFound() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    let services = (0..<100).map { Tracked("\($0)", tally: tally) }
    for (index, service) in services.enumerated() {
      try locator.register(service: service, name: "service \(index)")
    }
    try locator.register(service: Downloader())
    try locator.register(service: Fixtures.UserProvider())
    try locator.register(service: tally)
    for (index, service) in services.enumerated() {
      #expect(try locator.get(Tracked.self, name: "service \(index)") === service)
    }
    #expect(try locator.get(Tally.self) === tally)
    #expect(try locator.get(Fixtures.UserProvider.self).currentUser == "ada")
  }

  // MARK: - Errors

  @Test func registeringTwiceUnderOneKeyThrowsAndKeepsTheFirst() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    let first = Tracked("first", tally: tally)
    try locator.register(service: first)
    try locator.register(service: Tracked("named", tally: tally), name: "main")

    #expect(throws: ServiceLocator.Error.duplicateService(ServiceName(Tracked.self))) {
      try locator.register(service: Tracked("second", tally: tally))
    }
    #expect(throws: ServiceLocator.Error.duplicateService("main")) {
      try locator.register(service: Downloader(), name: "main")
    }
    #expect(throws: ServiceLocator.Error.duplicateService(ServiceName(Tracked.self))) {
      try locator.register(Tracked.self) { _ in Tracked("lazy", tally: tally) }
    }
    #expect(try locator.get(Tracked.self) === first)
    #expect(try locator.get(Tracked.self, name: "main").label == "named")
    #expect(tally.alive == 2, "the rejected services are released")
  }

  @Test func gettingWhatIsNotRegisteredThrows() throws {
    let locator = ServiceLocator()
    #expect(throws: ServiceLocator.Error.inexistentService(ServiceName(Downloader.self))) {
      try locator.get(Downloader.self)
    }
    #expect(throws: ServiceLocator.Error.inexistentService("images")) {
      try locator.get(Downloader.self, name: "images")
    }
    try locator.register(service: Downloader())
    #expect(throws: ServiceLocator.Error.inexistentService("images")) {
      try locator.get(Downloader.self, name: "images")
    }
  }

  @Test func aNamedServiceAskedForAsAnotherTypeIsATypeMismatch() throws {
    let locator = ServiceLocator()
    try locator.register(service: Downloader(), name: "images")

    #expect(
      throws: ServiceLocator.Error.typeMismatch(
        "images",
        expected: Fixtures.UserProvider.self,
        found: Downloader.self
      )
    ) {
      try locator.get(Fixtures.UserProvider.self, name: "images")
    }
  }

  @Test func aNamedServiceCanBeAskedForAsAProtocolItConformsTo() throws {
    let locator = ServiceLocator()
    let downloader = Downloader()
    try locator.register(service: downloader, name: "images")

    let asProtocol = try locator.get((any ImageDownloading).self, name: "images")
    #expect(asProtocol as AnyObject === downloader)
  }

  // MARK: - Unregistering

  @Test func unregisteringReleasesTheService() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    weak var weakService: Tracked?
    do {
      let service = Tracked(tally: tally)
      weakService = service
      try locator.register(service: service)
    }
    #expect(weakService != nil, "the locator keeps its service alive")

    try locator.unregister(Tracked.self)

    #expect(weakService == nil)
    #expect(tally.alive == 0)
    #expect(throws: ServiceLocator.Error.inexistentService(ServiceName(Tracked.self))) {
      try locator.get(Tracked.self)
    }
  }

  @Test func unregisteringANamedServiceReleasesItAndLeavesTheOthers() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    weak var weakNamed: Tracked?
    let kept = Tracked("kept", tally: tally)
    do {
      let named = Tracked("named", tally: tally)
      weakNamed = named
      try locator.register(service: named, name: "named")
      try locator.register(service: kept)
    }

    try locator.unregister(Tracked.self, name: "named")

    #expect(weakNamed == nil)
    #expect(try locator.get(Tracked.self) === kept)
  }

  @Test func unregisteringWhatIsNotRegisteredThrows() throws {
    let locator = ServiceLocator()
    #expect(throws: ServiceLocator.Error.inexistentService(ServiceName(Downloader.self))) {
      try locator.unregister(Downloader.self)
    }
    #expect(throws: ServiceLocator.Error.inexistentService("images")) {
      try locator.unregister(Downloader.self, name: "images")
    }
  }

  @Test func unregisteringANamedServiceAsAnotherTypeThrowsAndKeepsIt() throws {
    let locator = ServiceLocator()
    let downloader = Downloader()
    try locator.register(service: downloader, name: "images")

    #expect(
      throws: ServiceLocator.Error.typeMismatch(
        "images",
        expected: Fixtures.UserProvider.self,
        found: Downloader.self
      )
    ) {
      try locator.unregister(Fixtures.UserProvider.self, name: "images")
    }
    #expect(try locator.get(Downloader.self, name: "images") === downloader)
  }

  @Test func aKeyCanBeRegisteredAgainAfterUnregistering() throws {
    let locator = ServiceLocator()
    try locator.register(service: Fixtures.UserProvider("first"))
    try locator.unregister(Fixtures.UserProvider.self)
    try locator.register(service: Fixtures.UserProvider("second"))
    #expect(try locator.get(Fixtures.UserProvider.self).currentUser == "second")
  }

  @Test func unregisterAllReleasesEveryService() throws {
    let locator = ServiceLocator()
    let tally = Tally()
    try locator.register(service: Tracked("type", tally: tally))
    try locator.register(service: Tracked("name", tally: tally), name: "name")
    try locator.register(Tracked.self, name: "lazy") { _ in Tracked("lazy", tally: tally) }
    _ = try locator.get(Tracked.self, name: "lazy")
    #expect(tally.alive == 3)

    locator.unregisterAll()

    #expect(tally.alive == 0)
    #expect(throws: ServiceLocator.Error.inexistentService("name")) {
      try locator.get(Tracked.self, name: "name")
    }
    try locator.register(service: Tracked("again", tally: tally))
    #expect(try locator.get(Tracked.self).label == "again")
    locator.unregisterAll()
    locator.unregisterAll()  // nothing left: no-op
    #expect(tally.alive == 0)
  }

  @Test func releasingTheLocatorReleasesItsServicesAndFactories() throws {
    let tally = Tally()
    weak var weakLocator: ServiceLocator?
    do {
      let locator = ServiceLocator()
      weakLocator = locator
      try locator.register(service: Tracked("eager", tally: tally))
      // The factory gets the locator as a parameter, so nothing forms a retain cycle.
      try locator.register(Fixtures.ImageCache.self) { locator in
        Fixtures.ImageCache(downloader: try locator.get((any ImageDownloading).self))
      }
      try locator.register(service: Downloader() as any ImageDownloading)
      _ = try locator.get(Fixtures.ImageCache.self)
    }
    #expect(weakLocator == nil)
    #expect(tally.alive == 0)
  }

  // MARK: - Explicit dependencies

  @Test func aScreenFactoryReceivesTheLocatorAndPassesServicesOn() throws {
    let locator = ServiceLocator()
    try locator.register(service: Fixtures.UserProvider("ada") as any Fixtures.UserProviding)

    let viewModel = try Fixtures.EditProfileFactory.make(locator: locator)

    #expect(viewModel.title == "Edit ada")
    // The object under test takes its dependency explicitly: a test passes a double directly.
    let direct = Fixtures.EditProfileViewModel(userProvider: Fixtures.UserProvider("test"))
    #expect(direct.title == "Edit test")
  }

  @Test func theLibraryDefinesNoSharedLocator() throws {
    // Two locators are independent: there is no global registry behind them.
    let first = ServiceLocator()
    let second = ServiceLocator()
    #expect(throws: Never.self) { try first.register(service: Downloader()) }
    #expect(throws: Never.self) { try second.register(service: Downloader()) }
    #expect(try first.get(Downloader.self) !== second.get(Downloader.self))
  }
}
