import Foundation
import SharedInstances
import SharedInstancesLocator
import SharedInstancesTesting
import Testing

/// UsingAServiceLocator.md: registering as the static type, `as:`, the near-miss message, and a
/// locator declared in a `SharedLifetime`.
extension Docs {
  @Suite struct ServiceLocatorStaticTypeSnippets {
    /// "A value typed `any ImageDownloading` is registered as `any ImageDownloading`."
    @Test func registersAsTheStaticTypeOrTheTypeGivenAsAs() throws {
      let locator = ServiceLocator()
      try locator.register(service: NetworkImageDownloader.shared.value)
      try locator.register(
        service: CurrentUserProvider(name: "Grace"),
        as: (any UserProviding).self
      )

      let downloader = try locator.get((any ImageDownloading).self)
      let provider = try locator.get((any UserProviding).self)
      #expect(downloader is NetworkImageDownloader)
      #expect(provider.name == "Grace")
    }

    /// "The error then lists `NetworkImageDownloader` first."
    @Test func aNearMissHeadsTheList() throws {
      let locator = ServiceLocator()
      try locator.register(service: CurrentUserProvider(name: "Grace") as any UserProviding)
      try locator.register(service: NetworkImageDownloader())
      let error = #expect(throws: ServiceLocator.Error.self) {
        try locator.get((any ImageDownloading).self)
      }
      guard case .inexistentService(_, let registered) = error else {
        Issue.record("expected inexistentService, got \(String(describing: error))")
        return
      }
      #expect(registered.first == ServiceName(NetworkImageDownloader.self))
      #expect(error?.description.contains("nearest first: SharedInstancesTestingTests") == true)
    }

    /// "End it at sign-out: a locator kept in one of those boxes goes with them."
    @Test(.isolatedShared) func aLocatorInALifetimeEndsWithIt() throws {
      let provider: any UserProviding = CurrentUserProvider(name: "Grace")
      try LocatorSession.services.value.register(service: provider)
      #expect(try LocatorSession.services.value.get((any UserProviding).self).name == "Grace")
      LocatorSession.lifetime.end()
      #expect(throws: ServiceLocator.Error.inexistentService(ServiceName((any UserProviding).self)))
      {
        try LocatorSession.services.value.get((any UserProviding).self)
      }
    }
  }

  // MARK: - Fixtures

  enum LocatorSession {
    static let lifetime = SharedLifetime("session")
    static let services = Resettable(in: lifetime) { ServiceLocator() }
  }
}

extension Docs.NetworkImageDownloader {
  static let shared = Resettable<any Docs.ImageDownloading> { Docs.NetworkImageDownloader() }
}
