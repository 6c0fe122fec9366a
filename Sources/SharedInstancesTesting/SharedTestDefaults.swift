import SharedInstances

/// The test doubles a whole test target's isolated tests get for boxes they do not override,
/// declared once.
///
/// Conform it to ``SharedTestDefaultsProviding`` in one file of the test target, and list a
/// ``SharedTestDefault`` for each box: every isolated test of the target (`@Test(.isolatedShared)`,
/// `IsolatedSharedTestCase`, `withIsolatedShared`) that reads one of those boxes without
/// overriding it gets a fresh instance of the double, with no trait on any suite.
///
/// ```swift
/// // Tests/AppTests/TestDefaults.swift
/// import SharedInstancesTesting
///
/// extension SharedTestDefaults: SharedTestDefaultsProviding {
///   public static var defaults: [SharedTestDefault] {
///     [
///       SharedTestDefault(Payments.gateway) { PaymentGatewaySpy() },
///       SharedTestDefault(Analytics.shared) { AnalyticsSpy() },
///     ]
///   }
/// }
/// ```
///
/// A default declared here wins over one declared with the box
/// (`Resettable(overrideInTests:testDefault:_:)`),
/// and counts as the tests' own choice: a `.required` box read without an override in a test
/// is served it without a failure. A test that overrides the box, sets it, or exempts it by
/// name gets what it asked for instead. Each test gets its own instance, created on its first
/// read of the box; a test reads it back with `value` to inspect it:
///
/// ```swift
/// @Test(.isolatedShared) func chargesTheOrder() async throws {
///   try await Checkout().placeOrder()
///   let spy = try #require(Payments.gateway.value as? PaymentGatewaySpy)
///   #expect(spy.calls.count == 1)
/// }
/// ```
///
/// The list is read once, when the first isolated scope of the process opens.
public enum SharedTestDefaults {
  /// Finds the test target's conformance, once, and hands its defaults to the core.
  static let installed: Void = {
    var registry: [UInt64: @Sendable () -> Any] = [:]
    if let provider = SharedTestDefaults.self as Any.Type as? any SharedTestDefaultsProviding.Type {
      for entry in provider.defaults { registry[entry.box] = entry.make }
    }
    // Placeholders too: what a read that must not reach the real thing, and has no default,
    // is served (a `.required` box, an empty box), where the box's type has one.
    _TestDefaults.install(
      _TestDefaults.Registry(registry) { type in anySpyPlaceholder(of: type) }
    )
  }()
}

/// The conformance a test target declares on ``SharedTestDefaults`` to list its test defaults.
///
/// ```swift
/// extension SharedTestDefaults: SharedTestDefaultsProviding {
///   public static var defaults: [SharedTestDefault] {
///     [SharedTestDefault(Clock.shared) { TestClock() }]
///   }
/// }
/// ```
public protocol SharedTestDefaultsProviding {
  /// The test target's defaults, one per box (a later entry for the same box wins).
  static var defaults: [SharedTestDefault] { get }
}

/// One box and the test double a test target's isolated tests get for it.
///
/// ```swift
/// SharedTestDefault(Payments.gateway) { PaymentGatewaySpy() }
/// ```
public struct SharedTestDefault: Sendable {
  let box: UInt64
  let make: @Sendable () -> Any

  /// Declares that isolated tests which do not override `box` get what `make` creates.
  ///
  /// ```swift
  /// SharedTestDefault(Session.currentUser) { User.fixture }
  /// ```
  ///
  /// - Parameters:
  ///   - box: The box.
  ///   - make: Creates the test double, once per test, on that test's first read of the box.
  public init<Shared>(_ box: Resettable<Shared>, _ make: @escaping @Sendable () -> Shared) {
    self.box = box._boxIdentity.id
    self.make = { make() }
  }
}
