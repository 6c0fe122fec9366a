import Foundation

/// The signed-in account's token and profile. Sign-out replaces the whole store.
public final class SessionStore: @unchecked Sendable {
  // @unchecked: `token` and `userName` are only touched while `lock` is held.
  private let lock = NSLock()
  private var token: String?
  private var userName: String?

  /// The store of the current session; `signOut()` installs a fresh one.
  nonisolated(unsafe) public static var current = SessionStore()

  public init() {}

  public func signIn(user: String, token: String) {
    lock.withLock {
      userName = user
      self.token = token
      KeychainStore.instance.set(token, for: "token")
    }
  }

  public var currentUser: String? { lock.withLock { userName } }

  public var isSignedIn: Bool { lock.withLock { token != nil } }

  /// Ends the session: a fresh store replaces this one.
  public static func signOut() {
    KeychainStore.instance.set(nil, for: "token")
    current = SessionStore()
  }
}
