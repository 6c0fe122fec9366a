import Foundation
import SharedInstances
import SharedInstancesTesting
import Testing

@testable import CorpusApp

// Added by scripts/check-migration.sh after `swift package migrate-singletons --apply` (with
// extractProtocol): these tests compile only once the singletons are boxes typed by their
// extracted protocols, and they use the spies the command generated. Each test overrides the
// shared instances in its own isolated scope, so they run in parallel, each argument of the
// parameterized tests at once, and each sees only its own calls.

@Suite struct IsolatedSpyTests {
  @Test(.isolatedShared, arguments: 1...8)
  func checkoutPostsThroughTheSpiedClient(price: Int) async {
    let api = APIClientProtocolSpy()
    api.stub(.post, returning: Data("{}".utf8))
    APIClient.sharedBox.override(with: api)
    let tracker = AnalyticsTrackerProtocolSpy()
    Analytics.trackerBox.override(with: tracker)
    let database = DatabaseProtocolSpy()
    database.stub(.insert, returning: Record(id: price, table: "orders", fields: [:]))
    Database.mainBox.override(with: database)

    CartManager.shared.add("book", unitPrice: price)
    let model = CheckoutViewModel()
    #expect(await model.placeOrder())

    let summary = "1 items, \(price) cents"
    #expect(api.calls == [.post(path: "/orders", body: Data(summary.utf8))])
    #expect(database.calls == [.insert(into: "orders", fields: ["summary": summary])])
    #expect(
      tracker.calls == [.trackProperties(name: "order", properties: ["total": "\(price)"])]
    )
    #expect(CartManager.shared.total == 0)
  }

  @Test(.isolatedShared, arguments: ["sale", "news", "update", "promo"])
  func aPushIsPresentedAndTracked(kind: String) {
    let center = PushCenterProtocolSpy()
    PushCenter.sharedCenterBox.override(with: center)
    let tracker = AnalyticsTrackerProtocolSpy()
    Analytics.trackerBox.override(with: tracker)

    PushHandler.handle(["kind": kind])

    #expect(center.calls == [.presentToast(withUserInfo: ["kind": kind])])
    #expect(tracker.calls == [.trackProperties(name: "push", properties: ["kind": kind])])
  }

  @Test(.isolatedShared, arguments: 1...6)
  @MainActor func openingAnArticleMarksItAndRoutes(id: Int) {
    let articles = ArticleManagerProtocolSpy()
    ArticleManager.sharedBox.override(with: articles)
    let router = RouterProtocolSpy()
    Router.sharedBox.override(with: router)

    ArticleListViewController().open(id)

    #expect(articles.calls == [.markAsRead(id: id)])
    #expect(router.calls == [.push(route: .article(id))])
  }

  @Test(.isolatedShared, arguments: ["home", "search"])
  func aScreenLoadsThroughTheSpiedClientAndStore(path: String) async {
    let api = APIClientProtocolSpy()
    api.stub(.get, returning: Data("First;one\nSecond;two".utf8))
    APIClient.sharedBox.override(with: api)
    let database = DatabaseProtocolSpy()
    database.stub(.insert, returning: Record(id: 1, table: "articles", fields: [:]))
    Database.mainBox.override(with: database)
    Analytics.trackerBox.override(with: AnalyticsTrackerProtocolSpy())

    let rows: [String]
    if path == "home" {
      let model = HomeViewModel()
      await model.load()
      guard case .loaded(let loaded) = model.state else {
        Issue.record("not loaded: \(model.state)")
        return
      }
      rows = loaded.map(\.title)
    } else {
      let model = SearchViewModel()
      await model.load()
      guard case .loaded(let loaded) = model.state else {
        Issue.record("not loaded: \(model.state)")
        return
      }
      rows = loaded.map(\.title)
    }
    #expect(rows == ["First", "Second"])
    #expect(api.calls == [.get(path: "/\(path)", query: ["page": "1"])])
    #expect(database.callCount(to: .insert) == 2)
  }

  @Test(.isolatedShared)
  @MainActor func theScarySingletonIsSpiedThroughTheDefaultArgument() {
    let scary = ScarySingletonProtocolSpy()
    ScarySingleton.sharedInstanceBox.override(with: scary)
    ViewController().viewDidLoad()
    #expect(scary.calls == [.doSomethingImportant])
  }
}
