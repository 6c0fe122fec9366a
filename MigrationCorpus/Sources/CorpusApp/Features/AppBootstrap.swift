import Foundation

/// What the app does at launch, once.
public enum AppBootstrap {
  public static func start(apiKey: String) {
    Analytics.tracker = AnalyticsTracker(apiKey: apiKey)
    log.info("started in \(environment.name)")
    APIClient.shared.register(Data("newCheckout".utf8), for: "/flags")
    APIClient.shared.register(Data("{}".utf8), for: "/orders")
    if FeatureFlags.standard.isEnabled("darkMode") {
      Task { @MainActor in Appearance.theme.apply(dark: true) }
    }
  }

  /// After a network change: a fresh reachability.
  public static func networkChanged(online: Bool) {
    let fresh = Reachability()
    fresh.isOnline = online
    reachability = fresh
  }
}
