import Foundation

/// Article 003, "Real world singleton design": a push center the app shares but tests create.
///
/// The article keeps a shared push center in the app, and asks for four things: let tests
/// create standalone instances; keep the shared accessor apart from the class's responsibility
/// (in its own category); state that responsibility and keep to it; and replace the push
/// center's dependency on the navigation manager singleton with a navigation delegate protocol,
/// set by the app delegate.
///
/// Here `PushCenter` is an ordinary class with a public initializer and an injected
/// ``PushCenterNavigationDelegate``; it never names another singleton. Its shared accessor,
/// ``sharedCenter``, lives in `PushCenter+Shared.swift` as a `Resettable`, and
/// `NavigationManager+PushSupport.swift` makes the app's navigation manager the delegate.
/// ``AppDelegate`` wires the two. Tests create as many standalone push centers as they like, in
/// parallel, and test the wiring under `@Test(.isolatedShared)`.
///
/// Responsibility: turn a received notification's payload into what the user sees (a toast)
/// and where the app goes (a URL handed to the navigation delegate), and tell observers about
/// notifications. Registering with the push service and translating payloads into model types
/// are other objects' jobs.
@MainActor public final class PushCenter {
  /// Opens the URLs that notifications point to; the app sets it to its navigation manager.
  public weak var navigationDelegate: (any PushCenterNavigationDelegate)?

  /// Every toast shown so far, newest last (the screen shows the last one).
  public private(set) var presentedToasts: [String] = []
  private var delegates: [WeakDelegate] = []

  /// Creates a push center with no delegates: the shared one, or one for a test.
  ///
  /// It only sets defaults, so it may run on any thread, wherever the shared one is first read.
  nonisolated public init() {}

  // MARK: - Responding to notifications

  /// Shows the notification's message in a toast, and tells the delegates.
  ///
  /// - Parameter userInfo: The notification's payload; its `"message"` is shown.
  public func presentToast(withUserInfo userInfo: [String: String]) {
    guard let message = userInfo["message"] else { return }
    presentedToasts.append(message)
    for delegate in liveDelegates { delegate.pushCenter(self, didPresentToast: message) }
  }

  /// Sends the app to the screen the notification points to, through the navigation delegate.
  ///
  /// - Parameter userInfo: The notification's payload; its `"url"` is opened.
  public func performRouting(forNotificationWithUserInfo userInfo: [String: String]) {
    guard let text = userInfo["url"], let url = URL(string: text) else { return }
    navigationDelegate?.open(url)
  }

  /// Starts telling `delegate` about notifications. The push center does not retain it.
  public func addDelegate(_ delegate: any PushCenterDelegate) {
    delegates.removeAll { $0.value == nil || $0.value === delegate }
    delegates.append(WeakDelegate(value: delegate))
  }

  /// Stops telling `delegate` about notifications.
  public func removeDelegate(_ delegate: any PushCenterDelegate) {
    delegates.removeAll { $0.value == nil || $0.value === delegate }
  }

  private var liveDelegates: [any PushCenterDelegate] { delegates.compactMap(\.value) }
}

/// Opens the places notifications point to. The push center's only view of navigation.
@MainActor public protocol PushCenterNavigationDelegate: AnyObject {
  func open(_ url: URL)
}

/// Hears about notifications the push center handled.
@MainActor public protocol PushCenterDelegate: AnyObject {
  func pushCenter(_ pushCenter: PushCenter, didPresentToast message: String)
}

private struct WeakDelegate {
  weak var value: (any PushCenterDelegate)?
}
