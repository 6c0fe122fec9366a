import SharedInstances
import SharedInstancesTesting
import Testing

/// GettingStarted.md: make one singleton testable and write the first isolated test.
extension Docs {
  @Suite struct GettingStartedSnippets {
    /// "Read it through `value`: created lazily, exactly once."
    @Test(.isolatedShared) func valueIsCreatedOnceAndThenReused() {
      let first = ArticleManager.shared.value
      #expect(ArticleManager.shared.value as AnyObject === first as AnyObject)
      #expect(ArticleListModel().titles == ["From the network"])
    }

    /// The article's first test.
    @Test(.isolatedShared) func showsTheTitles() {
      let spy = ArticleManagerSpy()
      spy.stub(.fetch, returning: [Article(title: "Swift 6")])
      ArticleManager.shared.override(with: spy)

      #expect(ArticleListModel().titles == ["Swift 6"])
      #expect(spy.calls == [.fetch])
    }

    /// "Nothing to undo": each of these tests, running in parallel, starts from a fresh real
    /// manager and sees only its own spy.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test(.isolatedShared, arguments: ["Swift 6", "Concurrency", "Testing", "DocC"])
    func parallelTestsSeeOnlyTheirOwnSpy(title: String) async throws {
      #expect(!ArticleManager.shared.isOverridden)
      #expect(ArticleListModel().titles == ["From the network"])
      let spy = ArticleManagerSpy()
      spy.stub(.fetch, returning: [Article(title: title)])
      ArticleManager.shared.override(with: spy)
      try await Task.sleep(for: .milliseconds(Int.random(in: 1...10)))
      #expect(ArticleListModel().titles == [title])
    }

    /// "`withOverride` scopes an override to a closure."
    @Test(.isolatedShared) func withOverrideRestoresTheManager() {
      let spy = ArticleManagerSpy()
      spy.stub(.fetch, returning: [Article(title: "Offline")])
      ArticleManager.shared.withOverride(spy) {
        #expect(ArticleListModel().titles == ["Offline"])
      }
      #expect(!ArticleManager.shared.isOverridden)
      #expect(ArticleListModel().titles == ["From the network"])
    }

    /// The Sendable section: the three kinds of class compile as `static let` boxes.
    @Test func everyKindOfClassCanBeDeclared() {
      #expect(Settings.shared.value === Settings.shared.value)
      #expect(LegacyCache.shared.value === LegacyCache.shared.value)
      _ = Coordinator.shared  // `nonisolated`: reachable from any context
    }

    /// "Its factory runs on the main actor": the first read happens there.
    @Test @MainActor func aMainActorBoxIsCreatedOnTheMainActor() {
      #expect(Router.shared.value === Router.shared.value)
    }
  }

  // MARK: - Fixtures (the article's Sendable section)

  final class Settings: Sendable {
    static let shared = Resettable { Settings() }
  }

  @MainActor final class Router {
    static let shared = Resettable(mainActor: { Router() })
  }

  @MainActor final class Coordinator {
    nonisolated static let shared = Resettable(mainActor: { Coordinator() })
  }

  final class LegacyCache {  // not Sendable: mutable state, no lock
    nonisolated(unsafe) static let shared = Resettable { LegacyCache() }
    var entries: [String: String] = [:]
  }
}
