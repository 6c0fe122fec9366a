import Foundation
import Testing

@testable import CorpusApp

// The corpus's own tests, written against the real shared instances as an app's tests are
// before it adopts SharedInstances. They must pass before the migration and after it, unchanged:
// the migration keeps every call site compiling and every instance behaving as it did. They run
// one at a time, since the instances are shared.

@Suite(.serialized) struct AppBehaviourTests {
  init() {
    AppBootstrap.start(apiKey: "test-key")
  }

  @Test func theCartAddsAndTotals() {
    CartManager.shared.clear()
    CartManager.shared.add("apple", unitPrice: 50)
    CartManager.shared.add("apple", quantity: 2, unitPrice: 50)
    CartManager.shared.add("pear", unitPrice: 70)
    #expect(CartManager.shared.total == 220)
    #expect(CheckoutViewModel().summary == "2 items, 220 cents")
    CartManager.shared.clear()
  }

  @Test func checkoutPlacesAnOrderThroughTheSharedClient() async {
    CartManager.shared.clear()
    CartManager.shared.add("book", unitPrice: 1_000)
    let model = CheckoutViewModel()
    #expect(await model.placeOrder())
    #expect(model.status == "placed")
    #expect(CartManager.shared.total == 0)
    #expect(OrderService.shared.history().contains { $0.summary == "1 items, 1000 cents" })
  }

  @Test func analyticsIsSetAtStartUp() {
    let before = Analytics.tracker.trackedCount
    PushHandler.handle(["kind": "sale"])
    #expect(Analytics.tracker.apiKey == "test-key")
    #expect(Analytics.tracker.trackedCount == before + 1)
    #expect(PushCenter.sharedCenter.presentedCount >= 1)
  }

  @Test func signOutReplacesTheSession() {
    SessionStore.current.signIn(user: "ada", token: "t")
    #expect(SessionStore.current.currentUser == "ada")
    #expect(KeychainStore.instance.value(for: "token") == "t")
    SessionStore.signOut()
    #expect(SessionStore.current.currentUser == nil)
    #expect(KeychainStore.instance.value(for: "token") == nil)
  }

  @Test func theImageCacheKeepsItsLimit() {
    ImageCache.shared.removeAll()
    for index in 0..<120 { ImageCache.shared.store(Data([1]), for: "k\(index)") }
    #expect(ImageCache.shared.count == 100)
    ImageCache.shared.removeAll()
  }

  @Test func aScreenLoadsOfflineFromTheStore() async {
    AppBootstrap.networkChanged(online: false)
    defer { AppBootstrap.networkChanged(online: true) }
    Database.main.insert(into: "articles", ["title": "Offline article"])
    let model = HomeViewModel()
    await model.load()
    guard case .loaded(let rows) = model.state else {
      Issue.record("not loaded: \(model.state)")
      return
    }
    #expect(rows.contains { $0.title == "Offline article" })
  }

  @Test @MainActor func routingAndToasts() {
    Router.shared.popToRoot()
    ArticleListViewController().open(2)
    #expect(Router.shared.top == .article(2))
    #expect(ArticleManager.shared.isRead(2))
    ToastPresenter.current.show("hello")
    #expect(ToastPresenter.current.shown.last == "hello")
    Router.shared.popToRoot()
  }

  @Test @MainActor func theScarySingletonIsInjectedByDefault() {
    let before = ScarySingleton.sharedInstance.importantThingsDone
    ViewController().viewDidLoad()
    #expect(ScarySingleton.sharedInstance.importantThingsDone == before + 1)
  }

  @Test func flagsDatesLocationsAndSearch() async {
    #expect(FeatureFlags.standard.isEnabled("darkMode"))
    await FeatureFlags.standard.refresh()
    #expect(FeatureFlags.standard.isEnabled("newCheckout"))
    #expect(DateProvider.default.startOfDay() <= DateProvider.default.now())
    LocationService.shared.report(Coordinate(latitude: 0, longitude: 0))
    #expect(LocationService.shared.distance(to: Coordinate(latitude: 3, longitude: 4)) == 5)
    SearchIndex.shared.add(7, words: ["Swift"])
    #expect(search("swift").contains(7))
    SettingsScreen().toggleDarkMode()
    #expect(Preferences.shared.string("darkMode") != nil)
  }

  @Test func downloadsGoThroughTheQueue() async {
    await DownloadQueue.shared.enqueue("img/1")
    let finished = await DownloadQueue.shared.drain()
    #expect(finished.contains("img/1"))
    #expect(imageDownloader.downloadCount >= 1 || ImageCache.shared.data(for: "img/1") != nil)
  }

  @Test func theEnvironmentAndTheLog() {
    log.info("test")
    #expect(log.recent.last == "[app] test")
    #expect(!environment.name.isEmpty)
    #expect(Diagnostics.crashLog.category == "crash")
  }
}
