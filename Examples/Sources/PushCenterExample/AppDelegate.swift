import SharedInstances

/// Where the app connects its singletons, once, at launch.
@MainActor public final class AppDelegate {
  public init() {}

  /// Makes the shared navigation manager the shared push center's navigation delegate.
  public func applicationDidFinishLaunching() {
    PushCenter.sharedCenter.value.navigationDelegate = NavigationManager.shared.value
  }
}
