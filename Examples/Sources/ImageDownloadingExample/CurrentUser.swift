import Foundation
import SharedInstances

/// A signed-in user.
public struct User: Equatable, Sendable {
  public let id: Int
  public let name: String
  public let avatarURL: URL

  public init(id: Int, name: String, avatarURL: URL) {
    self.id = id
    self.name = name
    self.avatarURL = avatarURL
  }
}

/// The user's session: the app works without one, so its user is a singleton with a limited
/// lifetime rather than a `static let`.
public enum Session {
  /// The signed-in user; empty while nobody is signed in.
  ///
  /// ```swift
  /// if let user = Session.currentUser.currentValue { greet(user) }
  /// ```
  public static let currentUser = Resettable<User>.empty()

  /// Starts the session: from now on ``currentUser`` holds `user`.
  public static func signIn(as user: User) {
    currentUser.set(user)
  }

  /// Ends the session: ``currentUser`` is empty again and the user is released.
  public static func signOut() {
    currentUser.reset()
  }
}

/// Provides the current user to the screens that show it.
public protocol CurrentUserProviding: Sendable {
  /// Returns the signed-in user, or nil while nobody is.
  func currentUser() -> User?
}

/// The app's provider: the session's user.
public struct CurrentUserProvider: CurrentUserProviding {
  public init() {}

  public func currentUser() -> User? { Session.currentUser.currentValue }
}
