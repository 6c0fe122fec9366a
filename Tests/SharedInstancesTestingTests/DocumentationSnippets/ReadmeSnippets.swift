import Foundation
import SharedInstances
import SharedInstancesLocator
import SharedInstancesTesting
import TestSupport
import Testing

/// README.md: the first screen's example and one snippet per capability.
extension Docs.Readme {
  @Suite(TimeLimits.waiting) struct ReadmeSnippets {
    /// The first screen.
    @Test(.isolatedShared) func showsArticles() {
      let spy = ArticleManagerSpy()  // a Spy<Call> that is an ArticleManaging
      spy.stub(.fetch, returning: [Article(title: "Fake")])
      ArticleManager.shared.override(with: spy)  // this test only, gone when it ends
      #expect(ArticleListModel().titles == ["Fake"])
      #expect(spy.calls == [.fetch])
    }

    /// "A box for a shared instance."
    @Test(.isolatedShared) func createOverrideReset() {
      let first = ArticleManager.shared.value  // created lazily, once
      ArticleManager.shared.override(with: ArticleManagerSpy())
      #expect(ArticleManager.shared.isOverridden)
      ArticleManager.shared.reset()  // the next read creates a fresh one
      #expect(ArticleManager.shared.value as AnyObject !== first as AnyObject)
    }

    /// "Instances with a limited lifetime."
    @Test(.isolatedShared) func aSignedInUser() throws {
      #expect(Session.currentUser.currentValue == nil)  // signed out
      #expect(throws: EmptySharedInstanceError.self) { try Session.currentUser.require() }
      Session.currentUser.set(User(name: "Ada"))  // signed in
      #expect(Session.currentUser.currentValue?.name == "Ada")
      #expect(try Session.currentUser.require().name == "Ada")
      Session.currentUser.reset()  // signed out
      #expect(Session.currentUser.currentValue == nil)
    }

    /// "Code that leaves the test's tasks."
    @Test(.isolatedShared) func theScopeIsCarriedIntoACallback() async {
      let spy = ArticleManagerSpy()
      spy.stub(.fetch, returning: [Article(title: "Fake")])
      ArticleManager.shared.override(with: spy)
      let titles = await withCheckedContinuation { continuation in
        let completion: @Sendable ([String]) -> Void = { continuation.resume(returning: $0) }
        let scope = SharedScope.current
        DispatchQueue.global().async {
          scope.run { completion(ArticleListModel().titles) }  // reads the test's override
        }
      }
      #expect(titles == ["Fake"])
    }

    /// "Strict mode and the record."
    @Test(.isolatedShared) func hiddenDependencies() {
      _ = ArticleListModel().titles
      let used = SharedScope.current.touchedInstances.filter(\.readRealInstance)
      #expect(used.map(\.sharedTypeName) == ["ArticleManaging"])
    }

    /// "Spies and stubs."
    @Test func aSpyRecordsAndStubs() {
      let spy = StoreSpy()
      spy.stub(.load, returning: "draft")
      let editor = Editor(store: spy)
      editor.save("a")
      #expect(editor.reopen() == "draft")
      #expect(spy.calls == [.save("a"), .load])
    }

    /// "A service locator with no global."
    @Test func aLocatorPassedToFactories() throws {
      let locator = ServiceLocator()  // held by your app object, passed to factories
      try locator.register(service: LiveAPIClient() as any APIClient)
      try locator.register(ProfileService.self) { locator in
        ProfileService(api: try locator.get())
      }
      let profiles = try locator.get(ProfileService.self)
      #expect(profiles.api is LiveAPIClient)
    }
  }

  /// "Isolated tests, in parallel."
  @Suite(
    .isolatedShared { ArticleManager.shared.override(with: FakeArticleManager()) },
    TimeLimits.waiting
  )
  struct ArticleListTests {
    @Test func showsTitles() { #expect(ArticleListModel().titles == ["Fake"]) }
  }
}

// MARK: - Fixtures: the README's code

extension Docs {
  enum Readme {}
}

extension Docs.Readme {
  typealias Article = Docs.Article

  protocol ArticleManaging: Sendable { func fetch() -> [Article] }

  final class ArticleManager: ArticleManaging {
    static let shared = Resettable<any ArticleManaging> { ArticleManager() }
    func fetch() -> [Article] { [Article(title: "Real")] }
  }

  struct ArticleListModel {
    var titles: [String] { ArticleManager.shared.value.fetch().map(\.title) }
  }

  final class ArticleManagerSpy: Spy<ArticleManagerSpy.Call>, ArticleManaging,
    @unchecked Sendable
  {
    // @unchecked: all state lives in the spy's lock.
    enum Call: SpyCall { case fetch }
    func fetch() -> [Article] { record(.fetch, default: []) }
  }

  final class FakeArticleManager: ArticleManaging {
    func fetch() -> [Article] { [Article(title: "Fake")] }
  }

  struct User: Sendable {
    let name: String
  }

  enum Session {
    static let currentUser = Resettable<User>.empty()
  }

  protocol Storing: Sendable {
    func save(_ text: String)
    func load() -> String
  }

  enum StoreCall: SpyCall, Hashable { case save(String), load }

  final class StoreSpy: Spy<StoreCall>, Storing, @unchecked Sendable {
    // @unchecked: all state lives in the spy's lock.
    func save(_ text: String) { record(.save(text)) }
    func load() -> String { record(.load, default: "") }
  }

  struct Editor {
    let store: any Storing
    func save(_ text: String) { store.save(text) }
    func reopen() -> String { store.load() }
  }

  protocol APIClient: Sendable {}
  struct LiveAPIClient: APIClient {}

  final class ProfileService: Sendable {
    let api: any APIClient
    init(api: any APIClient) { self.api = api }
  }
}
