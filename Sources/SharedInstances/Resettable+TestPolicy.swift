/// Whether isolated tests must replace a box's real instance with a double.
///
/// A box reports it through ``Resettable/overrideInTests``; declare it with the box's
/// ``Resettable/TestPolicy`` (`inTests: .required`).
///
/// ```swift
/// #expect(Network.client.overrideInTests == .required)
/// ```
public enum OverrideInTests: Sendable, Hashable {
  /// Tests may read the real instance (unless they are strict). The default.
  ///
  /// ```swift
  /// #expect(Formatters.date.overrideInTests == .optional)
  /// ```
  case optional
  /// Every isolated test that reads the box must override it first: a read without an override
  /// fails the test, whatever the test's strict setting, and never creates the real instance.
  ///
  /// ```swift
  /// #expect(Network.client.overrideInTests == .required)
  /// ```
  case required
}

extension Resettable {
  /// What isolated tests get from a box they did not override: one value, declared with the
  /// box.
  ///
  /// The app never sees it. Inside an isolated test (`@Test(.isolatedShared)`,
  /// `IsolatedSharedTestCase`), a read of a box the test did not override gets:
  ///
  /// - the default the test target declared for this box in `SharedTestDefaults`, if any (the
  ///   test target's choice: no failure);
  /// - else the policy's test default, if it has one: a test double (``isOverridden`` is true),
  ///   created on the first read in the test's scope, once per test;
  /// - else, for ``optional``, the real instance (unless the test is strict).
  ///
  /// With ``required`` or ``required(default:)`` the read also fails the test, naming the box
  /// and where it is declared, even in a test that opted out of strict mode; a test or suite
  /// that exempts the box by name is the only way to read it for real. A required box without a
  /// test default is served its type's placeholder (`SpyPlaceholder`) if it has one; otherwise
  /// there is no value to serve that is not real, and the test process stops with a message
  /// naming the box and the test (see <doc:Limitations>): prefer ``required(default:)``.
  ///
  /// ```swift
  /// enum Network {
  ///   static let client = Resettable<any NetworkClient>(
  ///     inTests: .required(default: { UnimplementedNetworkClient() })
  ///   ) {
  ///     LiveNetworkClient()
  ///   }
  /// }
  /// ```
  public struct TestPolicy: Sendable {
    @usableFromInline let _requiresOverride: Bool
    @usableFromInline let _testDefault: (@Sendable () -> Shared)?

    @_alwaysEmitIntoClient
    init(requiresOverride: Bool, testDefault: (@Sendable () -> Shared)?) {
      _requiresOverride = requiresOverride
      _testDefault = testDefault
    }

    /// Tests may read the real instance (unless they are strict). The default.
    ///
    /// ```swift
    /// static let formatter = Resettable(inTests: .optional) { DateFormatter() }
    /// ```
    @_alwaysEmitIntoClient
    public static var optional: TestPolicy {
      TestPolicy(requiresOverride: false, testDefault: nil)
    }

    /// Every isolated test that reads the box must override it first; the real factory never
    /// runs in an isolated test.
    ///
    /// ```swift
    /// static let uploader = Resettable(inTests: .required) { LiveUploader() }
    /// ```
    @_alwaysEmitIntoClient
    public static var required: TestPolicy {
      TestPolicy(requiresOverride: true, testDefault: nil)
    }

    /// Tests that did not override the box get the instance `testDefault` creates, with no
    /// failure: a fake the app module provides.
    ///
    /// ```swift
    /// static let clock = Resettable<any Clock>(inTests: .optional(default: { FixedClock() })) {
    ///   SystemClock()
    /// }
    /// ```
    ///
    /// - Parameter testDefault: Creates the instance isolated tests get when they did not
    ///   override the box, once per test, like a factory.
    /// - Returns: The policy.
    @_alwaysEmitIntoClient
    public static func optional(default testDefault: @escaping @Sendable () -> Shared) -> Self {
      TestPolicy(requiresOverride: false, testDefault: testDefault)
    }

    /// Every isolated test that reads the box must override it first; one that did not fails,
    /// naming the box, and is served the instance `testDefault` creates (an "unimplemented"
    /// double), so the test process never stops.
    ///
    /// ```swift
    /// static let gateway = Resettable<any PaymentGateway>(
    ///   inTests: .required(default: { UnimplementedPaymentGateway() })
    /// ) {
    ///   LivePaymentGateway()
    /// }
    /// ```
    ///
    /// - Parameter testDefault: Creates the instance a test that did not override the box is
    ///   served, once per test, like a factory.
    /// - Returns: The policy.
    @_alwaysEmitIntoClient
    public static func required(default testDefault: @escaping @Sendable () -> Shared) -> Self {
      TestPolicy(requiresOverride: true, testDefault: testDefault)
    }
  }

  /// Whether isolated tests must override this box (declared with `inTests: .required` or
  /// `.required(default:)`).
  ///
  /// ```swift
  /// #expect(Network.client.overrideInTests == .required)
  /// ```
  public var overrideInTests: OverrideInTests {
    _identity.requiresOverrideInTests ? .required : .optional
  }

  /// The box's identity, for `SharedInstancesTesting` (exemptions, records).
  package var _boxIdentity: _BoxIdentity { _identity }

  /// Creates a box with the test policy of the previous release's spelling.
  @available(
    *,
    deprecated,
    message:
      "write inTests: .required, .optional(default: { … }) or .required(default: { … }) instead of overrideInTests: and testDefault:, and pass the factory before the source location"
  )
  @_disfavoredOverload @_alwaysEmitIntoClient
  public convenience init(
    in lifetime: SharedLifetime? = nil,
    name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    overrideInTests requirement: OverrideInTests = .optional,
    testDefault: (@Sendable () -> Shared)? = nil,
    _ factory: @escaping @Sendable () -> Shared
  ) {
    self.init(
      in: lifetime,
      name: name,
      inTests: TestPolicy(requiresOverride: requirement == .required, testDefault: testDefault),
      factory,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}
