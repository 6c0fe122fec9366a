import SharedInstances
import SharedInstancesTesting
import XCTest

/// GettingStarted.md: the first isolated test, in XCTest.
final class ArticleListModelSnippetXCTests: IsolatedSharedTestCase {
  typealias Article = Docs.Article
  typealias ArticleManager = Docs.ArticleManager
  typealias ArticleManagerSpy = Docs.ArticleManagerSpy
  typealias ArticleListModel = Docs.ArticleListModel

  let spy = ArticleManagerSpy()

  override func setUp() {
    super.setUp()
    spy.stub(.fetch, returning: [Article(title: "Swift 6")])
    ArticleManager.shared.override(with: spy)
  }

  func testShowsTheTitles() {
    XCTAssertEqual(ArticleListModel().titles, ["Swift 6"])
    XCTAssertEqual(spy.calls, [.fetch])
  }

  func testEachTestStartsFromItsOwnOverride() {
    XCTAssertTrue(spy.calls.isEmpty)  // no call from the other test reached this spy
    XCTAssertTrue(ArticleManager.shared.isOverridden)
  }
}

/// GettingStarted.md: a base class of the team's own, made to inherit from the isolating one.
class CompanyBaseSnippetTestCase: IsolatedSharedTestCase {}

/// GettingStarted.md: a test case under that base class is isolated.
final class CheckoutSnippetXCTests: CompanyBaseSnippetTestCase {
  typealias Article = Docs.Article
  typealias ArticleManager = Docs.ArticleManager
  typealias ArticleManagerSpy = Docs.ArticleManagerSpy
  typealias ArticleListModel = Docs.ArticleListModel

  func testShowsTheTitles() {
    let spy = ArticleManagerSpy()
    spy.stub(.fetch, returning: [Article(title: "Swift 6")])
    ArticleManager.shared.override(with: spy)

    XCTAssertEqual(ArticleListModel().titles, ["Swift 6"])
  }

  func testStartsFromTheRealManager() {
    XCTAssertFalse(ArticleManager.shared.isOverridden)
    XCTAssertEqual(ArticleListModel().titles, ["From the network"])
  }
}
