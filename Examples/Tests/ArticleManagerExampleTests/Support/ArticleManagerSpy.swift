import ArticleManagerExample
import SharedInstancesTesting

/// A double of `ArticleManaging` that records its calls: the mock the article installs with
/// `setSharedInstance:`.
final class ArticleManagerSpy: Spy<ArticleManagerSpy.Call>, ArticleManaging, @unchecked Sendable {
  // @unchecked: no state of its own; everything is in the spy, behind its lock.
  enum Call: SpyCall {
    case latestArticles
    case markAsRead(Article.ID)
    case isRead(Article.ID)

    enum Method { case latestArticles, markAsRead, isRead }
    var method: Method {
      switch self {
      case .latestArticles: .latestArticles
      case .markAsRead: .markAsRead
      case .isRead: .isRead
      }
    }
  }

  func latestArticles() -> [Article] { record(.latestArticles, placeholder: []) }
  func markAsRead(_ id: Article.ID) { record(.markAsRead(id)) }
  func isRead(_ id: Article.ID) -> Bool { record(.isRead(id), default: false) }
}

extension Article {
  static let mocked = [Article(id: 10, title: "From the mock")]
}
