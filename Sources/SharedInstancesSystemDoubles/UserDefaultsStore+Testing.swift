import Foundation
import SharedInstances
import SharedInstancesSystem

extension UserDefaultsStore {
  /// A store of its own: an empty suite with a unique name, seeded with `values`, that never
  /// reads or writes the app's standard defaults.
  ///
  /// An isolated test that does not override `SystemBoxes.userDefaults` gets
  /// `.ephemeral()` already. Override the box with a seeded one where the code under test must
  /// start from stored values:
  ///
  /// ```swift
  /// @Test(.isolatedShared) func skipsOnboardingOnceSeen() {
  ///   SystemBoxes.userDefaults.override(with: .ephemeral(["onboarded": true]))
  ///   #expect(AppRouter().firstScreen == .home)
  /// }
  /// ```
  ///
  /// Created in an isolated test, the suite is removed when the test ends: its values in
  /// memory, and its file if something wrote the defaults to disk (`synchronize()`, or
  /// `removePersistentDomain(forName:)` of any suite, which on Linux writes every suite's pending
  /// values). Created outside every test, it is yours to remove with
  /// `removePersistentDomain(forName:)`.
  ///
  /// > Note: `register(defaults:)` fills one table for the whole process, which every suite
  /// > reads: a value one test registers is seen by all. Seed with `values` instead.
  ///
  /// - Parameter values: The values the suite starts with.
  /// - Returns: The store.
  public static func ephemeral(_ values: [String: Any] = [:]) -> UserDefaultsStore {
    let suiteName = "SharedInstances.test.\(UUID().uuidString)"
    guard let defaults = UserDefaults(suiteName: suiteName) else {
      preconditionFailure("UserDefaults(suiteName: \"\(suiteName)\") returned nil")
    }
    for (key, value) in values { defaults.set(value, forKey: key) }
    let store = UserDefaultsStore(defaults, suiteName: suiteName)
    if let scope = ScopeTeardowns.currentScope {
      ScopeTeardowns.add(in: scope) { _ in store.removeSuite() }
    }
    return store
  }

  /// Removes an ephemeral suite: its values in memory, and its file if it reached the disk.
  func removeSuite() {
    guard let suiteName else { return }
    #if os(Linux) || os(Android) || os(Windows) || os(FreeBSD) || os(OpenBSD)
      // swift-corelibs-foundation: removing a persistent domain writes every suite's pending
      // values to disk (~1 ms); a suite that never reached the disk only needs its values
      // dropped, which no later flush writes back.
      for key in (defaults.persistentDomain(forName: suiteName) ?? [:]).keys {
        defaults.removeObject(forKey: key)
      }
      guard FileManager.default.fileExists(atPath: Self.preferencesFile(suiteName)) else { return }
    #endif
    defaults.removePersistentDomain(forName: suiteName)
  }

  /// Where swift-corelibs-foundation keeps a suite on disk: `$XDG_CONFIG_HOME/<suite>.plist`,
  /// `~/.config/<suite>.plist` by default.
  private static func preferencesFile(_ suiteName: String) -> String {
    (preferencesFolder as NSString).appendingPathComponent("\(suiteName).plist")
  }

  /// Read once, as Foundation reads it once, at launch.
  private static let preferencesFolder: String = {
    if let folder = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"], !folder.isEmpty {
      return folder
    }
    return (NSHomeDirectory() as NSString).appendingPathComponent(".config")
  }()
}
