import SharedInstances
import SharedInstancesLocator
import SharedInstancesTesting
import Testing

/// UsingAServiceLocator.md: a locator passed to factories, never a global.
extension Docs {
  @Suite struct ServiceLocatorSnippets {
    /// The composition root registers; the factory resolves; the screen states its dependency.
    @Test func theFactoryPassesServicesOn() throws {
      let app = AppDelegate()
      try app.didFinishLaunching()
      let screen = try EditProfileFactory.make(locator: app.locator)
      #expect(screen.title == "Edit Grace")
    }

    @Test func registeringUnderATypeOrAName() throws {
      let locator = ServiceLocator()
      try locator.register(service: NetworkImageDownloader() as any ImageDownloading)
      try locator.register(service: ImageCache(capacity: 50), name: "thumbnails")

      let downloader = try locator.get((any ImageDownloading).self)
      let thumbnails: ImageCache = try locator.get(name: "thumbnails")
      #expect(downloader is NetworkImageDownloader)
      #expect(thumbnails.capacity == 50)
    }

    /// "Register a service as its protocol to get it as that protocol."
    @Test func aServiceRegisteredAsItsConcreteTypeIsNotFoundAsItsProtocol() throws {
      let locator = ServiceLocator()
      try locator.register(service: NetworkImageDownloader())
      #expect(
        throws: ServiceLocator.Error.inexistentService(ServiceName((any ImageDownloading).self))
      ) {
        try locator.get((any ImageDownloading).self)
      }
    }

    @Test func aFactoryRunsOnFirstUseOnly() throws {
      let locator = ServiceLocator()
      try locator.register(service: NetworkImageDownloader() as any ImageDownloading)
      try locator.register(ImageCache.self) { locator in
        ImageCache(downloader: try locator.get((any ImageDownloading).self))
      }
      let first = try locator.get(ImageCache.self)
      #expect(try locator.get(ImageCache.self) === first)
      #expect(first.downloader is NetworkImageDownloader)
    }

    @Test func getOrRegisterCreatesAServiceableOnce() {
      let locator = ServiceLocator()
      let toggles = locator.getOrRegister(ToggleService.self)
      #expect(locator.getOrRegister(ToggleService.self) === toggles)
      #expect(toggles.toggle(true) == false)
    }

    @Test func aCycleIsAnErrorNotADeadlock() throws {
      let locator = ServiceLocator()
      try locator.register(ImageCache.self) { locator in
        ImageCache(downloader: try locator.get((any ImageDownloading).self))
      }
      try locator.register((any ImageDownloading).self) { locator in
        CachingDownloader(cache: try locator.get(ImageCache.self))
      }
      #expect(throws: ServiceLocator.Error.self) {
        try locator.get(ImageCache.self)
      }
      do {
        _ = try locator.get(ImageCache.self)
      } catch let error as ServiceLocator.Error {
        guard case .circularDependency(_, let cycle) = error else {
          Issue.record("expected a cycle, got \(error)")
          return
        }
        #expect(cycle.count == 3)
      }
    }

    @Test func unregisterAllEndsASession() throws {
      let session = ServiceLocator()
      try session.register(service: CurrentUserProvider(name: "Grace") as any UserProviding)
      session.unregisterAll()
      #expect(throws: ServiceLocator.Error.self) {
        try session.get((any UserProviding).self)
      }
    }

    /// "To test a factory, give it a locator of its own."
    @Test func buildsTheEditProfileScreen() throws {
      let locator = ServiceLocator()
      try locator.register(service: StubUserProvider(name: "Ada") as any UserProviding)
      let screen = try EditProfileFactory.make(locator: locator)
      #expect(screen.title == "Edit Ada")
    }

    /// "A locator held in a `Resettable` is each isolated test's own."
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.isolatedShared, arguments: ["Ada", "Grace", "Alan"])
    func showsTheSignedInUser(name: String) async throws {
      try App.services.value.register(service: StubUserProvider(name: name) as any UserProviding)
      try await Task.sleep(for: .milliseconds(5))  // the other tests register meanwhile
      #expect(try EditProfileFactory.make(locator: App.services.value).title == "Edit \(name)")
    }
  }

  // MARK: - Fixtures: the article's code

  protocol ImageDownloading: Sendable {}
  final class NetworkImageDownloader: ImageDownloading {}

  final class CachingDownloader: ImageDownloading {
    let cache: ImageCache
    init(cache: ImageCache) { self.cache = cache }
  }

  final class ImageCache: Sendable {
    let capacity: Int
    let downloader: (any ImageDownloading)?
    init(capacity: Int = 100, downloader: (any ImageDownloading)? = nil) {
      self.capacity = capacity
      self.downloader = downloader
    }
  }

  protocol UserProviding: Sendable {
    var name: String { get }
  }

  final class CurrentUserProvider: UserProviding {
    let name: String
    init(name: String) { self.name = name }
  }

  struct StubUserProvider: UserProviding {
    let name: String
  }

  final class ToggleService: Serviceable {
    init() {}
    func toggle(_ value: Bool) -> Bool { !value }
  }

  /// The screen states its dependency in its initializer and never sees the locator.
  final class EditProfileViewController {
    let userProvider: any UserProviding
    init(userProvider: any UserProviding) { self.userProvider = userProvider }
    var title: String { "Edit \(userProvider.name)" }
  }

  enum EditProfileFactory {
    static func make(locator: any ServiceLocating) throws -> EditProfileViewController {
      EditProfileViewController(userProvider: try locator.get((any UserProviding).self))
    }
  }

  /// The composition root: the one place that creates and holds the locator.
  final class AppDelegate {
    let locator = ServiceLocator()

    func didFinishLaunching() throws {
      try locator.register(service: NetworkImageDownloader() as any ImageDownloading)
      try locator.register(service: CurrentUserProvider(name: "Grace") as any UserProviding)
    }
  }

  enum App {
    static let services = Resettable { ServiceLocator() }
  }
}
