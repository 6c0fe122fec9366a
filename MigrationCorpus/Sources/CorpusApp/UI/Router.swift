import Foundation

/// A screen the app can show.
public enum Route: Equatable, Sendable {
  case home
  case article(Int)
  case cart
  case checkout
  case settings
}

/// Navigation: the stack of screens on display.
@MainActor public final class Router {
  /// The app's router.
  public static let shared = Router()

  public private(set) var stack: [Route] = [.home]

  public init() {}

  public func push(_ route: Route) {
    stack.append(route)
    log.info("push \(route)")
  }

  public func pop() {
    guard stack.count > 1 else { return }
    stack.removeLast()
  }

  public func popToRoot() {
    stack = [.home]
  }

  public var top: Route { stack.last ?? .home }
}

/// Toasts shown over every screen.
@MainActor public final class ToastPresenter {
  public static let current = ToastPresenter()

  public private(set) var shown: [String] = []

  public init() {}

  public func show(_ message: String) {
    shown.append(message)
  }

  public func dismissAll() {
    shown = []
  }
}

/// The app's colors, switched by the dark-mode flag.
@MainActor public final class ThemeManager {
  public private(set) var isDark = false

  public init() {}

  public func apply(dark: Bool) {
    isDark = dark
  }

  public var backgroundColor: String { isDark ? "#000000" : "#FFFFFF" }
}

/// Appearance settings: the theme is main-actor state held by a non-isolated namespace.
public enum Appearance {
  @MainActor public static let theme = ThemeManager()
}
