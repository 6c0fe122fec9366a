import ArticleManagerExample
import SharedInstances
import SharedInstancesTesting
import XCTest

/// The article's XCTest shape: install the mock in `setUp`. `IsolatedSharedTestCase` puts each
/// test method in its own scope, so there is no `setSharedInstance:nil` to remember in
/// `tearDown`, and nothing leaks into the next test.
final class ArticleListViewControllerXCTests: IsolatedSharedTestCase {
  private var mock: ArticleManagingSpy!

  /// Checks each test's shared instances against `__Dependencies__/<this file>/`.
  override var dependencyRecording: DependencyRecording? { DependencyRecording() }

  override func setUp() {
    super.setUp()
    XCTAssertFalse(ArticleManager.shared.isOverridden, "an earlier test's mock leaked")
    mock = ArticleManagingSpy()
    mock.stub(.latestArticles, returning: Article.mocked)
    mock.stub(.isRead, returning: false)
    ArticleManager.shared.override(with: mock)
  }

  func testShowsTheArticlesOfTheMock() {
    let screen = ArticleListViewController()
    screen.viewDidLoad()
    XCTAssertEqual(screen.titles, ["From the mock"])
    XCTAssertEqual(mock.callCount(to: .latestArticles), 1, "\(mock!)")
  }

  func testResetGoesBackToARealManager() {
    ArticleManager.shared.reset()
    let screen = ArticleListViewController()
    screen.viewDidLoad()
    XCTAssertEqual(screen.titles, Article.bundled.map(\.title))
    XCTAssertTrue(mock.calls.isEmpty, "\(mock!)")
  }
}

/// A team's own base class, made to inherit from `IsolatedSharedTestCase`: every test case under
/// it is isolated.
class TeamBaseTestCase: IsolatedSharedTestCase {}

/// A test case under the team's base class, overriding with `overrideShared(_:with:)`, which
/// undoes itself when the test ends.
final class ArticleListViewControllerHelperXCTests: TeamBaseTestCase {
  func testOverrideLastsUntilTheEndOfTheTest() {
    let mock = ArticleManagingSpy()
    mock.stub(.latestArticles, returning: Article.mocked)
    mock.stub(.isRead, returning: false)
    overrideShared(ArticleManager.shared, with: mock)

    let screen = ArticleListViewController()
    screen.viewDidLoad()

    XCTAssertEqual(screen.titles, ["From the mock"])
  }

  func testTheRealManagerIsFreshInEveryTest() {
    let screen = ArticleListViewController()
    screen.viewDidLoad()
    XCTAssertEqual(screen.titles, Article.bundled.map(\.title), "nothing read, no mock")
    screen.didSelectArticle(at: 1)
    XCTAssertEqual(screen.titles[1], "\(Article.bundled[1].title) ✓")
  }
}
