import ArticleManagerExample
import SharedInstances
import SharedInstancesTesting
import Testing

/// The article's two tests, installing a mock and going back to the real manager, plus what
/// the Objective-C pattern could not do: tests that run in parallel, each with its own manager.
@Suite(.isolatedShared(.recordsDependencies)) struct ArticleListViewControllerTests {
  @Test func showsTheArticlesOfTheInstalledMock() {
    let mock = ArticleManagingSpy()
    mock.stub(.latestArticles, returning: Article.mocked)
    mock.stub(.isRead, returning: false)
    ArticleManager.shared.override(with: mock)  // was [ArticleManager setSharedInstance:mock]

    let screen = ArticleListViewController()
    screen.viewDidLoad()

    #expect(screen.titles == ["From the mock"])
    #expect(mock.calls == [.latestArticles, .isRead(id: 10)])
  }

  @Test func selectingAnArticleMarksItReadInTheManager() {
    let mock = ArticleManagingSpy()
    mock.stub(.latestArticles, returning: Article.mocked)
    mock.stub(.isRead, returning: false)
    ArticleManager.shared.override(with: mock)
    let screen = ArticleListViewController()
    screen.viewDidLoad()
    mock.resetSpyCalls()

    screen.didSelectArticle(at: 0)

    #expect(mock.calls(to: .markAsRead) == [.markAsRead(id: 10)])
  }

  @Test func resetGoesBackToARealManager() {
    let mock = ArticleManagingSpy()
    ArticleManager.shared.override(with: mock)
    #expect(ArticleManager.shared.isOverridden)

    ArticleManager.shared.reset()  // was [ArticleManager setSharedInstance:nil]

    #expect(!ArticleManager.shared.isOverridden)
    #expect(ArticleManager.shared.value is ArticleManager)
    let screen = ArticleListViewController()
    screen.viewDidLoad()
    #expect(screen.titles == Article.bundled.map(\.title))
    #expect(mock.calls.isEmpty, "the mock is no longer reached")
  }

  @Test func resetAlsoForgetsWhatTheRealManagerRemembered() {
    let screen = ArticleListViewController()
    screen.viewDidLoad()
    screen.didSelectArticle(at: 0)
    #expect(screen.titles.first?.hasSuffix(" ✓") == true)

    ArticleManager.shared.reset()
    screen.viewDidLoad()

    #expect(screen.titles == Article.bundled.map(\.title), "a fresh manager: nothing read")
  }

  @Test func aMockCanBeScopedToPartOfATest() {
    let mock = ArticleManagingSpy()
    mock.stub(.latestArticles, returning: Article.mocked)
    mock.stub(.isRead, returning: false)
    let screen = ArticleListViewController()

    ArticleManager.shared.withOverride(mock) { screen.viewDidLoad() }
    #expect(screen.titles == ["From the mock"])

    screen.viewDidLoad()
    #expect(screen.titles == Article.bundled.map(\.title))
  }

  /// Three tests at once, each marking a different article read in "the" shared manager: each
  /// sees only its own, because each has its own manager.
  @Test(arguments: 0..<3) func parallelTestsEachHaveTheirOwnManager(row: Int) async throws {
    let screen = ArticleListViewController()
    screen.viewDidLoad()
    screen.didSelectArticle(at: row)
    try await Task.sleep(for: .milliseconds(20))  // overlap with the other arguments

    screen.viewDidLoad()
    let read = screen.titles.indices.filter { screen.titles[$0].hasSuffix(" ✓") }
    #expect(read == [row])
  }
}
