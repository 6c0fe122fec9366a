import Foundation
import SharedInstances

/// Article 004, "Objective-C singleton pattern updated for testability", made safe.
///
/// The article keeps `ArticleManager`'s shared instance in two statics, a `dispatch_once` token
/// and the instance, and adds `setSharedInstance:` so that a test can install a mock and, in its
/// tear-down, go back to the real instance by passing nil, which writes 0 into the token. A
/// reader points out in the comments that a getter running between the setter's two statements
/// breaks it; the race demo (`swift run --package-path Examples race-demo`) measures how often.
///
/// Here the shared instance is a `Resettable`: `value` replaces `+sharedInstance`,
/// `override(with:)` replaces `setSharedInstance:mock` and `reset()` replaces
/// `setSharedInstance:nil`. Each is one step that no read can come between, and under
/// `@Test(.isolatedShared)` each test gets its own instance, so tests that install mocks run in
/// parallel without seeing each other's.
///
/// The box holds `any ArticleManaging`, the Swift counterpart of `OCMockObject
/// mockForClass:[ArticleManager class]`: a test installs any double of the protocol.
public final class ArticleManager: ArticleManaging, @unchecked Sendable {
  // @unchecked: `readIDs` is only touched while `lock` is held; `articles` never changes.

  /// The app's article manager: created on first read, replaced and reset by tests.
  ///
  /// ```swift
  /// let titles = ArticleManager.shared.value.latestArticles().map(\.title)
  /// ```
  public static let shared = Resettable<any ArticleManaging> { ArticleManager() }

  private let articles: [Article]
  private let lock = NSLock()
  private var readIDs: Set<Article.ID> = []

  /// Creates a manager serving `articles`, none of them read yet.
  ///
  /// - Parameter articles: The articles, newest first. By default, the ones the app ships with.
  public init(articles: [Article] = Article.bundled) {
    self.articles = articles
  }

  public func latestArticles() -> [Article] { articles }

  public func markAsRead(_ id: Article.ID) {
    lock.withLock { _ = readIDs.insert(id) }
  }

  public func isRead(_ id: Article.ID) -> Bool {
    lock.withLock { readIDs.contains(id) }
  }
}

/// What the app needs from an article manager; tests install doubles of it.
public protocol ArticleManaging: Sendable {
  /// Returns the articles to show, newest first.
  func latestArticles() -> [Article]
  /// Remembers that the reader opened an article.
  func markAsRead(_ id: Article.ID)
  /// Returns whether the reader opened an article.
  func isRead(_ id: Article.ID) -> Bool
}

/// An article of the blog.
public struct Article: Identifiable, Hashable, Sendable {
  public let id: Int
  public let title: String

  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }

  /// The articles the app ships with, shown before the first refresh.
  public static let bundled = [
    Article(id: 3, title: "Mocking without a mocking framework"),
    Article(id: 2, title: "Tests that run in parallel"),
    Article(id: 1, title: "Why singletons are hard to test"),
  ]
}
