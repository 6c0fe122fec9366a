import Foundation

/// Remote feature flags, with local defaults until the first fetch.
public final class FeatureFlags: @unchecked Sendable {
  // @unchecked: `flags` is only touched while `lock` is held.
  private let lock = NSLock()
  private var flags: [String: Bool] = ["newCheckout": false, "darkMode": true]

  /// The flags every feature reads.
  public static let standard = FeatureFlags()

  public init() {}

  public func isEnabled(_ flag: String) -> Bool {
    lock.withLock { flags[flag] ?? false }
  }

  public func update(_ values: [String: Bool]) {
    lock.withLock { flags.merge(values) { _, new in new } }
  }

  /// Fetches the flags from the backend.
  public func refresh() async {
    guard let data = try? await APIClient.shared.get("/flags") else { return }
    let enabled = String(decoding: data, as: UTF8.self).split(separator: ",")
    update(Dictionary(uniqueKeysWithValues: enabled.map { (String($0), true) }))
  }
}
