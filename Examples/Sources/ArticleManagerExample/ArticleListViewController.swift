import SharedInstances

/// The screen that lists the latest articles: app code that reaches the shared article manager
/// directly, the way the article's code base does.
///
/// It is not written for tests in any way: tests change what `ArticleManager.shared` returns.
public final class ArticleListViewController {
  /// The titles on screen, filled by ``viewDidLoad()``; opened ones end with " ✓".
  public private(set) var titles: [String] = []
  private var articles: [Article] = []

  public init() {}

  /// Loads the articles into the list.
  public func viewDidLoad() {
    reload()
  }

  /// Opens the article in row `row` and marks it read.
  public func didSelectArticle(at row: Int) {
    ArticleManager.shared.value.markAsRead(articles[row].id)
    reload()
  }

  private func reload() {
    let manager = ArticleManager.shared.value
    articles = manager.latestArticles()
    titles = articles.map { manager.isRead($0.id) ? "\($0.title) ✓" : $0.title }
  }
}
