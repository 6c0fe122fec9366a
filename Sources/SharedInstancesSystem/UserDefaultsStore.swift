import Foundation
import SharedInstances

/// The user defaults an app reads and writes: the value of ``SystemBoxes/userDefaults``.
///
/// Production code reads its `defaults` where it would write `UserDefaults.standard`. In an
/// isolated test the box holds a store of the test's own (an empty suite, removed when the test
/// ends), so that tests running in parallel never see each other's values, and never the app's.
///
/// ```swift
/// func rememberOnboarding() {
///   SystemBoxes.userDefaults.value.defaults.set(true, forKey: "onboarded")
/// }
///
/// var hasOnboarded: Bool {
///   SystemBoxes.userDefaults.value.defaults.bool(forKey: "onboarded")
/// }
/// ```
///
/// `UserDefaults` is not `Sendable` on every platform, so the box holds this wrapper rather than
/// the defaults themselves. `SharedInstancesTesting` adds `.ephemeral(_:)`, a store of a test's
/// own, optionally seeded.
public final class UserDefaultsStore: @unchecked Sendable {
  // @unchecked: immutable; `UserDefaults` guards its own state (thread-safe on every platform,
  // though swift-corelibs-foundation does not declare it `Sendable`).

  /// The user defaults to read and write.
  ///
  /// ```swift
  /// let token = SystemBoxes.userDefaults.value.defaults.string(forKey: "token")
  /// ```
  public let defaults: UserDefaults

  /// The name of the suite `defaults` reads, or nil for the app's standard defaults.
  ///
  /// ```swift
  /// #expect(SystemBoxes.userDefaults.value.suiteName != nil)   // a test's own suite
  /// ```
  public let suiteName: String?

  /// Creates a store for `defaults`, which read the suite `suiteName` (nil for the standard
  /// defaults).
  ///
  /// ```swift
  /// let group = UserDefaults(suiteName: "group.com.example.app")!
  /// SystemBoxes.userDefaults.set(UserDefaultsStore(group, suiteName: "group.com.example.app"))
  /// ```
  ///
  /// - Parameters:
  ///   - defaults: The user defaults to hand out.
  ///   - suiteName: The suite they read, if they are not the standard defaults.
  public init(_ defaults: UserDefaults, suiteName: String? = nil) {
    self.defaults = defaults
    self.suiteName = suiteName
  }

  /// The app's standard user defaults, `UserDefaults.standard`: the live value of
  /// ``SystemBoxes/userDefaults``.
  ///
  /// ```swift
  /// SystemBoxes.userDefaults.set(.standard)   // the real defaults, also in a test
  /// ```
  public static var standard: UserDefaultsStore { UserDefaultsStore(.standard) }
}

extension SystemBoxes {
  /// The app's user defaults: `UserDefaults.standard` unless a test overrides it.
  ///
  /// In an isolated test (`SharedInstancesTesting`), a test that did not override it gets an
  /// empty suite of its own, removed when the test ends.
  ///
  /// ```swift
  /// SystemBoxes.userDefaults.value.defaults.set(Date.now, forKey: "lastSync")
  /// ```
  public static let userDefaults = Resettable<UserDefaultsStore>(name: "SystemBoxes.userDefaults") {
    .standard
  }
}
