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

/// The user's session: the app works without one, so what belongs to it lives in a
/// `SharedLifetime` rather than in `static let`s that outlive it.
///
/// Sign-out ends the lifetime, which resets every box declared in it at once: the user is
/// released, and so are the unsaved edits of their profile, which the next user must not see.
public enum Session {
  /// The lifetime of everything that belongs to the signed-in user.
  public static let lifetime = SharedLifetime("session")

  /// The signed-in user; empty while nobody is signed in.
  ///
  /// ```swift
  /// if let user = Session.currentUser.currentValue { greet(user) }
  /// ```
  public static let currentUser = Resettable<User>.empty(in: lifetime)

  /// The unsaved edits of the signed-in user's profile, kept while they leave and reopen the
  /// edit-profile screen, and dropped at sign-out.
  public static let profileDraft = Resettable(in: lifetime) { ProfileDraft() }

  /// Starts the session: from now on ``currentUser`` holds `user`.
  public static func signIn(as user: User) {
    currentUser.set(user)
  }

  /// Ends the session: ``currentUser`` is empty again, ``profileDraft`` starts over, and what
  /// they held is released.
  public static func signOut() {
    lifetime.end()
  }
}

/// Edits of the profile that are not saved yet.
public final class ProfileDraft: @unchecked Sendable {
  // @unchecked: `storedName` is only touched while `lock` is held.
  private let lock = NSLock()
  private var storedName: String?

  public init() {}

  /// The name as edited, or nil when it was not edited.
  public var name: String? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return storedName
    }
    set {
      lock.lock()
      storedName = newValue
      lock.unlock()
    }
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
