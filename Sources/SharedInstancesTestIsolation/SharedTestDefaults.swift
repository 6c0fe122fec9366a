import SharedInstances
import SharedInstancesSpies
import Testing

/// The test doubles a test target's isolated tests get for boxes they do not override,
/// declared once per test target.
///
/// Declare, in one file of the test target, a type of its own named `SharedTestDefaults` that
/// conforms to ``SharedTestDefaultsProviding``, and list a ``SharedTestDefault`` for each box:
/// every isolated test of that target (`@Test(.isolatedShared)`, `IsolatedSharedTestCase`, and
/// the scopes nested in them) that reads one of those boxes without overriding it gets a fresh
/// instance of the double, with no trait on any suite. The declaration is the target's own, so
/// the compiler has nothing to warn about.
///
/// ```swift
/// // Tests/AppTests/TestDefaults.swift
/// import SharedInstancesTesting
///
/// enum SharedTestDefaults: SharedTestDefaultsProviding {
///   static var defaults: [SharedTestDefault] {
///     [
///       SharedTestDefault(Payments.gateway) { PaymentGatewaySpy() },
///       SharedTestDefault(Analytics.shared) { AnalyticsSpy() },
///     ]
///   }
/// }
/// ```
///
/// Each test target's defaults apply to its own tests only, also where SwiftPM links every test
/// target of a package into one test binary (Linux): a test is matched with the target of its
/// module (Swift Testing: the test's source location; XCTest: the test case class's module;
/// `withIsolatedShared`: the caller's `#fileID`), and the library finds that module's
/// `SharedTestDefaults` by name. Declare it at the top level of the test target, `internal` or
/// `public` (a `private` type cannot be found), as an `enum`, `struct` or `class`.
///
/// A default declared here wins over one declared with the box
/// (`Resettable(inTests: .optional(default:))` or `.required(default:)`),
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
/// A target's list is read once, when its first isolated scope opens.
///
/// ## Migrating from the conformance of this type
///
/// Earlier versions asked for `extension SharedTestDefaults: SharedTestDefaultsProviding`, a
/// conformance of this library's type. It is deprecated: the compiler warns about a retroactive
/// conformance, and two test targets that each declare it cannot both be found in one test
/// binary (one target's tests were served the other's defaults). It still works where it is
/// unambiguous, for the tests of the target that declared it (each ``SharedTestDefault``
/// remembers its module). To migrate, replace `extension` with `enum` and drop `public`:
///
/// ```swift
/// // Before (deprecated):
/// extension SharedTestDefaults: SharedTestDefaultsProviding {
///   public static var defaults: [SharedTestDefault] { … }
/// }
///
/// // After:
/// enum SharedTestDefaults: SharedTestDefaultsProviding {
///   static var defaults: [SharedTestDefault] { … }
/// }
/// ```
public enum SharedTestDefaults {
  /// Hands the placeholders of types to the core, once.
  static let installed: Void = {
    // What a read that must not reach the real thing, and has no default, is served (a
    // `.required` box, an empty box), where the box's type has one.
    _TestDefaults.install(
      _TestDefaults.Registry(
        [:],
        placeholder: { type in anySpyPlaceholder(of: type) },
        ofRunningTest: {
          Test.current.map { registry(forModule: $0.sourceLocation.moduleName) }
        }
      )
    )
  }()

  /// The defaults of each test target met so far, by module name.
  private static let registries = Protected<[String: _TestDefaults.Registry]>([:])

  /// The defaults of the test target whose module is `module`: its own `SharedTestDefaults`,
  /// else the entries of the deprecated conformance of this type that it declared.
  static func registry(forModule module: String) -> _TestDefaults.Registry {
    if let found = registries.withLock({ $0[module] }) { return found }
    // The system doubles first (each test its own user defaults, notification center, …): the
    // test target's own entries replace them.
    var defaults: [UInt64: @Sendable () -> Any] = [:]
    for entry in SystemTestDefaults.defaults { defaults[entry.box] = entry.make }
    if module == exitTestChildModule {
      // An exit test's child cannot tell which target's test started it: it takes the
      // defaults of every test target the parent process had met, in the order it met them.
      for parentModule in ExitTestChild.parentTestModules() {
        for entry in entries(ofModule: parentModule) { defaults[entry.box] = entry.make }
      }
    } else {
      for entry in entries(ofModule: module) { defaults[entry.box] = entry.make }
    }
    let registry = _TestDefaults.Registry(defaults)
    let isNew = registries.withLock { registries in
      guard registries[module] == nil else { return false }
      registries[module] = registry
      return true
    }
    if isNew, module != exitTestChildModule { ExitTestChild.noteTestModule(module) }
    return registries.withLock { $0[module]! }
  }

  /// The module name an exit test's child scope asks defaults for.
  static let exitTestChildModule = "(exit test child)"

  /// The entries of the test target `module`: its own `SharedTestDefaults`, else those of the
  /// deprecated conformance of this type that it declared.
  private static func entries(ofModule module: String) -> [SharedTestDefault] {
    if let provider = provider(inModule: module) { return provider.defaults }
    guard
      let legacy = SharedTestDefaults.self as Any.Type as? any SharedTestDefaultsProviding.Type
    else { return [] }
    return legacy.defaults.filter { $0.module == module }
  }

  /// The module's top-level `SharedTestDefaults`, found by its mangled name (an enum, a
  /// struct or a class).
  private static func provider(inModule module: String) -> (any SharedTestDefaultsProviding.Type)? {
    let name = "SharedTestDefaults"
    let prefix = "\(module.utf8.count)\(module)\(name.utf8.count)\(name)"
    for kind in ["O", "V", "C"] {
      if let provider = _typeByName(prefix + kind) as? any SharedTestDefaultsProviding.Type {
        return provider
      }
    }
    return nil
  }

  /// The module of a `#fileID` (`"AppTests/CheckoutTests.swift"` → `"AppTests"`).
  static func module(ofFileID fileID: String) -> String {
    String(fileID.prefix { $0 != "/" })
  }

  /// The module of an XCTest test case class (`AppTests.CheckoutTests` → `"AppTests"`).
  static func module(of testCase: AnyObject) -> String {
    String(String(reflecting: type(of: testCase)).prefix { $0 != "." })
  }
}

/// What a test target's `SharedTestDefaults` conforms to, to list its test defaults.
///
/// ```swift
/// enum SharedTestDefaults: SharedTestDefaultsProviding {
///   static var defaults: [SharedTestDefault] {
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
  /// The module that declared the entry: the test target whose tests it is for.
  let module: String

  /// Declares that isolated tests which do not override `box` get what `make` creates.
  ///
  /// ```swift
  /// SharedTestDefault(Session.currentUser) { User.fixture }
  /// ```
  ///
  /// `box` is a `Resettable` or a value that stands for one, such as a clock box:
  /// `SharedTestDefault(SystemBoxes.continuousClock) { AnyClock(UnimplementedClock()) }`.
  ///
  /// - Parameters:
  ///   - box: The box.
  ///   - fileID: Where the entry is declared: its module is the test target it is for. Leave
  ///     the default.
  ///   - make: Creates the test double, once per test, on that test's first read of the box.
  public init<Box: ResettableConvertible>(
    _ box: Box,
    fileID: StaticString = #fileID,
    _ make: @escaping @Sendable () -> Box.Shared
  ) {
    self.box = box.resettable._boxIdentity.id
    self.make = { make() }
    self.module = SharedTestDefaults.module(ofFileID: "\(fileID)")
  }
}
