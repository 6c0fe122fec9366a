import Foundation
import PushCenterExample
import SharedInstancesTesting
import Testing

/// Standalone push centers, created by each test with the doubles it needs: no shared instance
/// involved, so nothing to isolate, and every test runs in parallel with the others.
@MainActor @Suite struct PushCenterTests {
  let center = PushCenter()
  let navigator = PushCenterNavigationDelegateSpy()

  init() {
    center.navigationDelegate = navigator
  }

  @Test func routingOpensTheNotificationsURLThroughTheNavigationDelegate() throws {
    center.performRouting(forNotificationWithUserInfo: ["url": "app://songs/42"])
    #expect(navigator.calls == [.open(url: try #require(URL(string: "app://songs/42")))])
  }

  @Test func aNotificationWithoutAURLGoesNowhere() {
    center.performRouting(forNotificationWithUserInfo: ["message": "Hello"])
    #expect(navigator.calls.isEmpty)
  }

  @Test func twoPushCentersDoNotShareAnything() {
    let other = PushCenter()
    let otherNavigator = PushCenterNavigationDelegateSpy()
    other.navigationDelegate = otherNavigator

    other.presentToast(withUserInfo: ["message": "Only here"])
    other.performRouting(forNotificationWithUserInfo: ["url": "app://a"])

    #expect(center.presentedToasts.isEmpty)
    #expect(navigator.calls.isEmpty)
    #expect(other.presentedToasts == ["Only here"])
    #expect(otherNavigator.callCount(to: .open) == 1)
  }

  @Test func delegatesHearAboutToastsUntilTheyAreRemoved() {
    let listener = Listener()
    center.addDelegate(listener)
    center.presentToast(withUserInfo: ["message": "First"])
    center.removeDelegate(listener)
    center.presentToast(withUserInfo: ["message": "Second"])

    #expect(listener.messages == ["First"])
    #expect(center.presentedToasts == ["First", "Second"])
  }

  @Test func thePushCenterDoesNotKeepItsDelegatesAlive() {
    weak var released: Listener?
    do {
      let listener = Listener()
      center.addDelegate(listener)
      released = listener
    }
    #expect(released == nil)
    center.presentToast(withUserInfo: ["message": "Nobody listens"])
  }
}

// MARK: - Fixtures

@MainActor private final class Listener: PushCenterDelegate {
  var messages: [String] = []

  func pushCenter(_ pushCenter: PushCenter, didPresentToast message: String) {
    messages.append(message)
  }
}
