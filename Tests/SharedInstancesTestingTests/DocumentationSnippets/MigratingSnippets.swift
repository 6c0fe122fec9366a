import Foundation
import SharedInstances
import SharedInstancesTesting
import Testing

/// MigratingExistingSingletons.md: the three starting points and what changes.
extension Docs {
  @Suite struct MigratingSnippets {
    // MARK: From `static let shared = X()`, keeping every call site

    /// "Call sites do not change; tests override the box."
    @Test(.isolatedShared) func aComputedSharedKeepsCallSites() {
      #expect(KeepingCallSites.ArticleManager.shared.fetch() == [Article(title: "Real")])
      let spy = ArticleManagerSpy()
      spy.stub(.fetch, returning: [Article(title: "Fake")])
      KeepingCallSites.ArticleManager.box.override(with: spy)
      #expect(KeepingCallSites.ArticleManager.shared.fetch() == [Article(title: "Fake")])
    }

    // MARK: Without a protocol: a subclass as the double

    @Test(.isolatedShared) func aSubclassCanStandInForAClassWithoutProtocol() {
      let stub = ThumbnailCacheStub()
      ThumbnailCache.shared.override(with: stub)
      #expect(ThumbnailCache.shared.value.image(named: "logo") == "stubbed logo")
      #expect(stub.spy.calls == [.image(named: "logo")])
    }

    // MARK: From the Objective-C dispatch_once + setSharedInstance: pattern

    /// The mapping table: `sharedInstance`, `setSharedInstance:mock`, `setSharedInstance:nil`.
    @Test(.isolatedShared) func theObjectiveCCallsMapOneToOne() {
      let real = ObjectiveCPort.ArticleManager.sharedInstance()
      let mock = ArticleManagerSpy()
      ObjectiveCPort.ArticleManager.shared.override(with: mock)  // setSharedInstance:mock
      #expect(ObjectiveCPort.ArticleManager.shared.value as AnyObject === mock)
      ObjectiveCPort.ArticleManager.shared.reset()  // setSharedInstance:nil
      let fresh = ObjectiveCPort.ArticleManager.sharedInstance()
      #expect(fresh as AnyObject !== real as AnyObject)  // a new real instance
      #expect(fresh as AnyObject !== mock)
    }

    // MARK: From default-argument injection

    /// "Tests that pass a double keep working, with no isolation at all."
    @Test func anExplicitDoubleNeedsNoIsolation() {
      let spy = ArticleManagerSpy()
      spy.stub(.fetch, returning: [Article(title: "Injected")])
      let viewModel = DefaultArgument.ArticleListViewModel(manager: spy)
      #expect(viewModel.titles == ["Injected"])
    }

    /// "An override reaches objects that are created with the default."
    @Test(.isolatedShared) func anOverrideReachesObjectsCreatedWithTheDefault() {
      let spy = ArticleManagerSpy()
      spy.stub(.fetch, returning: [Article(title: "Overridden")])
      ArticleManager.shared.override(with: spy)
      let screen = DefaultArgument.ArticleListScreen()  // builds its view model itself
      #expect(screen.viewModel.titles == ["Overridden"])
    }

    /// "The default is read once, when the object is created."
    @Test(.isolatedShared) func theDefaultIsReadWhenTheObjectIsCreated() {
      let before = DefaultArgument.ArticleListViewModel()
      let spy = ArticleManagerSpy()
      spy.stub(.fetch, returning: [Article(title: "Too late")])
      ArticleManager.shared.override(with: spy)
      #expect(before.titles == ["From the network"])
      #expect(DefaultArgument.ArticleListViewModel().titles == ["Too late"])
    }
  }

  // MARK: - Fixtures: the article's code

  /// Keeping call sites: the box under another name, and a computed `shared`.
  enum KeepingCallSites {
    final class ArticleManager: ArticleManaging {
      static let box = Resettable<any ArticleManaging> { ArticleManager() }
      static var shared: any ArticleManaging { box.value }

      private init() {}

      func fetch() -> [Article] { [Article(title: "Real")] }
    }
  }

  /// A class without a protocol in front of it: not `final`, so a stub can subclass it.
  class ThumbnailCache: @unchecked Sendable {
    // @unchecked: no mutable state.
    static let shared = Resettable { ThumbnailCache() }

    func image(named name: String) -> String? { nil }
  }

  final class ThumbnailCacheStub: ThumbnailCache, @unchecked Sendable {
    // @unchecked: its only state is the spy, which locks.
    enum Call: SpyCall, Hashable { case image(named: String) }
    let spy = Spy<Call>()

    override func image(named name: String) -> String? {
      spy.record(.image(named: name), default: "stubbed \(name)")
    }
  }

  /// The Objective-C pattern, ported: the box replaces the once token, the static and the
  /// setter; `sharedInstance()` stays for the callers that use it.
  enum ObjectiveCPort {
    final class ArticleManager: ArticleManaging {
      static let shared = Resettable<any ArticleManaging> { ArticleManager() }

      /// What Objective-C callers keep calling (mark it `@objc` on Apple platforms).
      static func sharedInstance() -> any ArticleManaging { shared.value }

      func fetch() -> [Article] { [] }
    }
  }

  /// Default-argument injection, kept: the default reads the box.
  enum DefaultArgument {
    final class ArticleListViewModel {
      private let manager: any ArticleManaging

      init(manager: any ArticleManaging = ArticleManager.shared.value) {
        self.manager = manager
      }

      var titles: [String] { manager.fetch().map(\.title) }
    }

    /// Code deep in the app that creates the view model with its default.
    final class ArticleListScreen {
      let viewModel = ArticleListViewModel()
    }
  }
}
