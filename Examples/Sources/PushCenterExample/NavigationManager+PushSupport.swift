import Foundation

// App-level glue: the navigation manager serves as the push center's navigation delegate.
// Neither class's own file mentions the other.
extension NavigationManager: PushCenterNavigationDelegate {
  public func open(_ url: URL) {
    show(url)
  }
}
