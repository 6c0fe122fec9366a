import PublicImportFixture
import SharedInstances
import SharedInstancesTesting
import Testing

/// GettingStarted.md: the keep-the-spy suite, the `@MainActor` protocol, limited lifetimes and
/// identity checks.
extension Docs {
  /// "Keep the spy in a property and install it in the suite's `init`": each test, running in
  /// parallel, gets its own spy, and the override is its own.
  @Suite(.isolatedShared)
  struct ArticleListSpyTests {
    let spy = ArticleManagerSpy()

    init() {
      ArticleManager.shared.override(with: spy)  // runs inside each test's scope
    }

    @Test func fetchesOnce() {
      _ = ArticleListModel().titles
      #expect(spy.calls == [.fetch])
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(arguments: ["Swift 6", "Concurrency", "Testing", "DocC"])
    func eachTestHasItsOwnSpy(title: String) async throws {
      spy.stub(.fetch, returning: [Article(title: title)])
      try await Task.sleep(for: .milliseconds(Int.random(in: 1...5)))
      #expect(ArticleListModel().titles == [title])
      #expect(spy.calls == [.fetch])
      #expect(ArticleManager.shared.isOverridden)
    }
  }

  @Suite struct GettingStartedMoreSnippets {
    /// "To put a protocol in front of a `@MainActor` class, make the protocol `Sendable`."
    @Test(.isolatedShared) @MainActor func opensTheProfile() {
      let spy = RouterSpy()
      AppRouter.shared.override(with: spy)
      ProfileButton().tap()
      #expect(spy.shown == ["profile"])
    }

    @Test(.isolatedShared) @MainActor func theRealRouterIsCreatedOnTheMainActor() {
      #expect(AppRouter.shared.value is AppRouter)
      #expect(!AppRouter.shared.isOverridden)
    }

    /// "Declare them in a `SharedLifetime`, and end them all at once."
    @Test(.isolatedShared) func signingOutEndsTheSession() {
      #expect(Session.greeting == "Sign in")
      didSignIn(as: User(name: "Ada"))
      let cart = Session.cart.value
      #expect(Session.greeting == "Hello, Ada")

      didSignOut()

      #expect(Session.currentUser.currentValue == nil)
      #expect(throws: EmptySharedInstanceError.self) { try Session.currentUser.require() }
      #expect(Session.cart.value !== cart)
      #expect(Session.greeting == "Sign in")
    }

    /// "In an isolated test, `end()` ends the test's own session only."
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.isolatedShared, arguments: ["Ada", "Grace", "Linus", "Barbara"])
    func parallelSessionsDoNotMeet(name: String) async throws {
      didSignIn(as: User(name: name))
      try await Task.sleep(for: .milliseconds(Int.random(in: 1...5)))
      #expect(Session.greeting == "Hello, \(name)")
      didSignOut()
      #expect(Session.greeting == "Sign in")
    }

    /// "Exactly one gets `true`."
    @Test(.isolatedShared) func setIfEmptyInstallsOnce() {
      #expect(Session.currentUser.setIfEmpty(User(name: "Ada")))
      #expect(!Session.currentUser.setIfEmpty(User(name: "Grace")))
      #expect(Session.currentUser.currentValue?.name == "Ada")
      Session.currentUser.update { user in User(name: (user?.name ?? "") + " Lovelace") }
      #expect(Session.currentUser.currentValue?.name == "Ada Lovelace")
    }

    /// "Check identity in a test": the three spellings that compile with Swift 6.3.1.
    @Test(.isolatedShared) func identityChecksThatCompile() {
      let spy = ArticleManagerSpy()
      ArticleManager.shared.override(with: spy)
      let box: AnyObject = ArticleManager.shared.value as AnyObject
      let installed: AnyObject = spy

      #expect(ObjectIdentifier(box) == ObjectIdentifier(installed))  // two AnyObject values
      #expect(ArticleManager.shared.value as AnyObject === spy)  // one side a class type

      let themeSpy = ThemeSpy()
      Theme.shared.override(with: themeSpy)
      #expect(Theme.shared.value === themeSpy)  // `any Theming`: `protocol Theming: AnyObject`
      #expect(ObjectIdentifier(Theme.shared.value) != ObjectIdentifier(installed))
    }
  }

  // MARK: - Fixtures

  @MainActor protocol Routing: Sendable {
    func show(_ screen: String)
  }

  @MainActor final class AppRouter: Routing {
    nonisolated static let shared = Resettable<any Routing>(mainActor: { AppRouter() })
    func show(_ screen: String) {}
  }

  @MainActor final class RouterSpy: Routing {
    private(set) var shown: [String] = []
    func show(_ screen: String) { shown.append(screen) }
  }

  @MainActor struct ProfileButton {
    func tap() { AppRouter.shared.value.show("profile") }
  }

  struct User: Sendable {
    let name: String
  }

  final class Cart: Sendable {}

  enum Session {
    static let lifetime = SharedLifetime("session")
    static let currentUser = Resettable<User>.empty(in: lifetime)
    static let cart = Resettable(in: lifetime) { Cart() }

    static var greeting: String {
      Session.currentUser.currentValue.map { "Hello, \($0.name)" } ?? "Sign in"
    }
  }

  static func didSignIn(as user: User) {
    Session.currentUser.set(user)
  }

  static func didSignOut() {
    Session.lifetime.end()
  }

  protocol Theming: AnyObject, Sendable {}

  final class Theme: Theming {
    static let shared = Resettable<any Theming> { Theme() }
  }

  final class ThemeSpy: Theming {}
}

/// GettingStarted.md, "Add the package": `public import SharedInstances` in a module built with
/// `InternalImportsByDefault` (the `PublicImportFixture` target) lets its `@inlinable` code read
/// a box, and a test overrides that box as any other.
@Suite struct PublicImportSnippets {
  final class FrozenClock: PublicImportFixture.Clock, @unchecked Sendable {
    // @unchecked: no state of its own.
    override func now() -> Int { 42 }
  }

  @Test(.isolatedShared) func anInlinableReadSeesTheTestsOverride() {
    #expect(currentTime() == 1_700_000_000)
    Clock.shared.override(with: FrozenClock())
    #expect(currentTime() == 42)
  }
}
