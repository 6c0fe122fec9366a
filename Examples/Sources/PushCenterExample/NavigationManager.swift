import Foundation
import SharedInstances

/// The app's navigation: another singleton, which the push center does not know about.
@MainActor public final class NavigationManager {
  /// The app's navigation manager.
  public static let shared = Resettable { NavigationManager() }

  /// The screens opened so far, newest last.
  public private(set) var openedURLs: [URL] = []

  nonisolated public init() {}

  /// Shows the screen for `url`.
  public func show(_ url: URL) {
    openedURLs.append(url)
  }
}
