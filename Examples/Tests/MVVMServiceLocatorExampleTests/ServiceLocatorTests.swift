import MVVMServiceLocatorExample
import SharedInstances
import SharedInstancesLocator
import SharedInstancesTesting
import Testing

/// The article's locator scenarios on the app's locator. Every test has an empty locator of its
/// own (`AppServices.locator` is a `Resettable`), so all of them register the same services at
/// the same time without a `duplicateService`.
@Suite(.isolatedShared(.recordsDependencies)) struct ServiceLocatorTests {
  let locator = AppServices.locator.value

  @Test func registerGetUnregister() throws {
    let service = LocatableServiceImplementation()
    try locator.register(service: service as any ServiceProtocol)

    let found = try locator.get((any ServiceProtocol).self)
    #expect(found as? LocatableServiceImplementation === service)

    try locator.unregister((any ServiceProtocol).self)
    let missing = ServiceName((any ServiceProtocol).self)
    #expect(throws: ServiceLocator.Error.inexistentService(missing)) {
      try locator.get((any ServiceProtocol).self)
    }
  }

  @Test func registeringTwiceIsAnError() throws {
    try locator.register(service: LocatableServiceImplementation())
    let taken = ServiceName(LocatableServiceImplementation.self)
    #expect(throws: ServiceLocator.Error.duplicateService(taken)) {
      try locator.register(service: LocatableServiceImplementation())
    }
  }

  @Test func askingForTheWrongTypeIsAnError() throws {
    try locator.register(service: LocatableServiceImplementation(), name: "toggle")
    #expect(
      throws: ServiceLocator.Error.typeMismatch(
        "toggle",
        expected: Model.self,
        found: LocatableServiceImplementation.self
      )
    ) {
      try locator.get(Model.self, name: "toggle")
    }
  }

  @Test func getOrRegisterCreatesTheServiceOnceAndThenReturnsIt() {
    let first = locator.getOrRegister(LocatableServiceImplementation.self)
    let second = locator.getOrRegister(LocatableServiceImplementation.self)
    #expect(first === second)
  }

  /// The article's `getOrRegister` is "not thread safe yet": here sixteen tasks racing on an
  /// empty locator all get the one instance.
  @Test func getOrRegisterCreatesOneInstanceUnderContention() async {
    let locator = self.locator
    let instances = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<16 {
        group.addTask {
          ObjectIdentifier(locator.getOrRegister(LocatableServiceImplementation.self))
        }
      }
      return await group.reduce(into: Set()) { $0.insert($1) }
    }
    #expect(instances.count == 1)
  }

  @Test func unregisteringReleasesTheService() throws {
    weak var released: LocatableServiceImplementation?
    do {
      let view = ToggleScreen.make(model: Model(boolProperty: false), locator: locator)
      #expect(view.isHidden)
      released = try locator.get(LocatableServiceImplementation.self)
    }
    #expect(released != nil, "the locator keeps the service while screens may need it")

    try ToggleScreen.tearDown(locator: locator)

    #expect(released == nil, "nothing holds the service any more")
  }

  @Test(arguments: [false, true]) func theScreenGetsItsServiceFromTheLocator(start: Bool) {
    let view = ToggleScreen.make(model: Model(boolProperty: start), locator: locator)
    #expect(view.isHidden == !start)
    #expect((try? locator.get(LocatableServiceImplementation.self)) != nil, "registered on demand")
  }
}
