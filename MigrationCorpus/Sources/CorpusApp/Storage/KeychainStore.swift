import Foundation

/// Secrets the app keeps between launches (in memory here).
public final class KeychainStore: @unchecked Sendable {
  // @unchecked: `items` is only touched while `lock` is held.
  private let lock = NSLock()
  private var items: [String: String] = [:]
  public let service: String

  /// The app's keychain.
  public static let instance = KeychainStore(service: "com.example.corpus")

  init(service: String) {
    self.service = service
  }

  public func set(_ value: String?, for key: String) {
    lock.withLock { items[key] = value }
  }

  public func value(for key: String) -> String? {
    lock.withLock { items[key] }
  }
}
