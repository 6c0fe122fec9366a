import Foundation
import SharedInstances
import SharedInstancesLocator
import Testing

/// `register(service:)` registers the type the caller's code has, never the instance's dynamic
/// type, and a failed `get` lists what is registered, nearest first.
@Suite struct ServiceLocatorStaticTypeTests {
  typealias Downloader = LocatorFixtures.Downloader
  typealias ImageDownloading = LocatorFixtures.ImageDownloading

  // MARK: Registering as the static type

  @Test func aValueTypedAsAProtocolIsRegisteredAsTheProtocol() throws {
    let locator = ServiceLocator()
    let downloader: any ImageDownloading = Downloader()
    let key = try locator.register(service: downloader)
    #expect(key == ServiceName((any ImageDownloading).self))
    #expect(try locator.get((any ImageDownloading).self) as AnyObject === downloader as AnyObject)
    #expect(throws: ServiceLocator.Error.inexistentService(ServiceName(Downloader.self))) {
      try locator.get(Downloader.self)
    }
  }

  /// A protocol-fronted box's value, registered as is.
  @Test func aProtocolFrontedBoxsValueIsFoundAsTheProtocol() throws {
    let box = Resettable<any ImageDownloading> { Downloader() }
    let locator = ServiceLocator()
    try locator.register(service: box.value)
    #expect(try locator.get((any ImageDownloading).self).download("a") == "image at a")
  }

  @Test func theSameHoldsThroughTheProtocol() throws {
    let locator: any ServiceLocating = ServiceLocator()
    let downloader: any ImageDownloading = Downloader()
    try locator.register(service: downloader, name: nil)
    #expect(try locator.get((any ImageDownloading).self).download("b") == "image at b")
  }

  @Test func asChoosesTheTypeToRegisterAs() throws {
    let locator = ServiceLocator()
    let key = try locator.register(service: Downloader(), as: (any ImageDownloading).self)
    #expect(key == ServiceName((any ImageDownloading).self))
    #expect(try locator.get((any ImageDownloading).self).download("c") == "image at c")
  }

  @Test func aConcreteValueIsRegisteredAsItsClass() throws {
    let locator = ServiceLocator()
    let downloader = Downloader()
    try locator.register(service: downloader)
    #expect(try locator.get(Downloader.self) === downloader)
  }

  @Test func theTypeFirstFormRegistersAsTheGivenType() throws {
    let locator = ServiceLocator()
    try locator.register((any ImageDownloading).self, name: "images", instance: Downloader())
    let found: any ImageDownloading = try locator.get(name: "images")
    #expect(found.download("d") == "image at d")
  }

  // MARK: What a failed request lists

  @Test func aNearMissOfTheClassBehindAProtocolIsListedFirst() throws {
    let locator = ServiceLocator()
    try locator.register(service: LocatorFixtures.UserProvider())
    try locator.register(service: "ignored", name: "thumbnails")
    try locator.register(service: Downloader())  // registered as the class
    let error = #expect(throws: ServiceLocator.Error.self) {
      try locator.get((any ImageDownloading).self)
    }
    guard case .inexistentService(_, let registered) = error else {
      Issue.record("expected inexistentService, got \(String(describing: error))")
      return
    }
    #expect(registered.first == ServiceName(Downloader.self))
    #expect(
      Set(registered) == [
        ServiceName(Downloader.self), ServiceName(LocatorFixtures.UserProvider.self), "thumbnails",
      ]
    )
    let message = error?.description ?? ""
    #expect(
      message.contains(
        "Registered, nearest first: SharedInstancesLocatorTests.LocatorFixtures.Downloader, "
      )
    )
    #expect(message.contains("`as: (any ImageDownloading).self`"))
  }

  @Test func aNearMissOfANameIsListedFirst() throws {
    let locator = ServiceLocator()
    try locator.register(service: "a", name: "banner")
    try locator.register(service: "b", name: "avatars")
    try locator.register(service: "c", name: "thumbnails")
    let error = #expect(throws: ServiceLocator.Error.self) {
      let _: String = try locator.get(name: "avatar")
    }
    guard case .inexistentService(_, let registered) = error else {
      Issue.record("expected inexistentService, got \(String(describing: error))")
      return
    }
    #expect(registered.first == "avatars")
    #expect(error?.description.contains("Registered, nearest first: \"avatars\"") == true)
  }

  @Test func anEmptyLocatorSaysSo() {
    let locator = ServiceLocator()
    let error = #expect(throws: ServiceLocator.Error.self) { try locator.get(Downloader.self) }
    #expect(error?.description.contains("Nothing is registered in this locator.") == true)
  }

  @Test func unregisteringAMissingServiceListsTheRegisteredOnes() throws {
    let locator = ServiceLocator()
    try locator.register(service: Downloader())
    let error = #expect(throws: ServiceLocator.Error.self) {
      try locator.unregister((any ImageDownloading).self)
    }
    guard case .inexistentService(_, let registered) = error else {
      Issue.record("expected inexistentService, got \(String(describing: error))")
      return
    }
    #expect(registered == [ServiceName(Downloader.self)])
  }

  @Test func errorsAboutOneKeyAreEqualWhateverTheyList() {
    let name = ServiceName(Downloader.self)
    #expect(
      ServiceLocator.Error.inexistentService(name, registered: ["a"])
        == .inexistentService(name)
    )
    #expect(ServiceLocator.Error.inexistentService(name) != .inexistentService("other"))
  }

  // MARK: Readable names

  @Test func localTypesReadWithoutAddresses() throws {
    struct LocalClient: Sendable {}
    struct OtherLocal: Sendable {}
    let locator = ServiceLocator()
    try locator.register(service: OtherLocal())
    let missing = #expect(throws: ServiceLocator.Error.self) { try locator.get(LocalClient.self) }
    let message = missing?.description ?? ""
    #expect(
      message.contains("as SharedInstancesLocatorTests.ServiceLocatorStaticTypeTests.LocalClient.")
    )
    #expect(
      message.contains("SharedInstancesLocatorTests.ServiceLocatorStaticTypeTests.OtherLocal")
    )
    #expect(!message.contains("unknown context"))

    try locator.register(service: OtherLocal(), name: "local")
    let mismatch = #expect(throws: ServiceLocator.Error.self) {
      try locator.get(LocalClient.self, name: "local")
    }
    #expect(mismatch?.description.contains("unknown context") == false)
    #expect(mismatch?.description.contains("ServiceLocatorStaticTypeTests.LocalClient") == true)
  }
}
