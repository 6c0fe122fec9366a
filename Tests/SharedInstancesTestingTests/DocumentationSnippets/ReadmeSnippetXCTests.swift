import SharedInstances
import SharedInstancesTesting
import XCTest

/// README.md, XCTest.
final class ArticleListSnippetXCTests: IsolatedSharedTestCase {
  typealias ArticleManager = Docs.Readme.ArticleManager
  typealias ArticleListModel = Docs.Readme.ArticleListModel
  typealias FakeArticleManager = Docs.Readme.FakeArticleManager

  override func setUp() {
    super.setUp()
    ArticleManager.shared.override(with: FakeArticleManager())
  }

  func testShowsTitles() { XCTAssertEqual(ArticleListModel().titles, ["Fake"]) }
}
