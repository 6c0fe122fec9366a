import Foundation
import PushCenterExample
import SharedInstances
import SharedInstancesTesting
import Testing

/// The app's wiring of its two singletons, tested on shared instances that are each test's own.
@MainActor @Suite(.isolatedShared(.recordsDependencies)) struct AppWiringTests {
  /// Each argument launches "the app" and routes a different URL; in parallel, each sees only
  /// its own in "the" shared navigation manager.
  @Test(arguments: ["app://songs/1", "app://songs/2", "app://artists/3"])
  func aLaunchedAppRoutesNotificationsToTheSharedNavigationManager(link: String) throws {
    AppDelegate().applicationDidFinishLaunching()

    PushCenter.sharedCenter.value.performRouting(forNotificationWithUserInfo: ["url": link])

    #expect(NavigationManager.shared.value.openedURLs == [try #require(URL(string: link))])
  }

  @Test func beforeLaunchTheSharedPushCenterHasNoNavigationDelegate() {
    #expect(PushCenter.sharedCenter.value.navigationDelegate == nil)
  }
}
