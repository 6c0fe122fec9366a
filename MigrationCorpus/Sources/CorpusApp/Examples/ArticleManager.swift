import Foundation

// The Examples' ArticleManager (article 004) before it was made testable: a `static let shared`
// and a class the screens call directly.

public struct Article: Equatable, Sendable, Identifiable {
  public let id: Int
  public let title: String

  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }

  public static let bundled = [
    Article(id: 1, title: "Testable singletons in Swift"),
    Article(id: 2, title: "Objective-C singleton pattern updated for testability"),
  ]
}

public final class ArticleManager: @unchecked Sendable {
  // @unchecked: `readIDs` is only touched while `lock` is held; `articles` never changes.
  public static let shared = ArticleManager()

  private let articles: [Article]
  private let lock = NSLock()
  private var readIDs: Set<Int> = []

  public init(articles: [Article] = Article.bundled) {
    self.articles = articles
  }

  public func latestArticles() -> [Article] { articles }

  public func markAsRead(_ id: Int) {
    lock.withLock { _ = readIDs.insert(id) }
  }

  public func isRead(_ id: Int) -> Bool {
    lock.withLock { readIDs.contains(id) }
  }
}

/// The list of articles, with a read mark.
@MainActor public final class ArticleListViewController {
  public init() {}

  public var rows: [String] {
    ArticleManager.shared.latestArticles().map { article in
      (ArticleManager.shared.isRead(article.id) ? "✓ " : "  ") + article.title
    }
  }

  public func open(_ id: Int) {
    ArticleManager.shared.markAsRead(id)
    Router.shared.push(.article(id))
  }
}
