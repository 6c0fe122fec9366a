import _SharedInstancesShims

extension Resettable {
  /// Creates a box whose instance `factory` creates on first read, and says what isolated tests
  /// get when they did not override it.
  ///
  /// Declare a test default where a real instance must never be used by a test that forgot its
  /// override — an "unimplemented" double that fails the test when it is used, or a fake from
  /// the app module. Inside an isolated test (`@Test(.isolatedShared)`, `IsolatedSharedTestCase`,
  /// `withIsolatedShared`) the box's first read creates the test default instead of running
  /// `factory`; the app never runs `testDefault`.
  ///
  /// ```swift
  /// enum Payments {
  ///   static let gateway = Resettable<any PaymentGateway>(
  ///     overrideInTests: .required,
  ///     testDefault: { UnimplementedPaymentGateway() }
  ///   ) {
  ///     LivePaymentGateway(url: URL(string: "https://payments.example.com/charges")!)
  ///   }
  /// }
  /// ```
  ///
  /// What a test that did not override the box gets:
  ///
  /// - the default the test target declared for this box in `SharedTestDefaults`, if any (the
  ///   test target's choice: no failure);
  /// - else `testDefault`, a test double (``isOverridden`` is true). With
  ///   ``OverrideInTests/required`` the read also fails the test, naming the box: the test was
  ///   supposed to override it;
  /// - the real instance only in a test that exempts the box by name.
  ///
  /// Like a factory, the test default runs on the first read that creates the instance in the
  /// test's scope, once per test (each test gets its own), and again after a reset.
  ///
  /// - Parameters:
  ///   - name: What messages, records and the map call the box; without a name they call it
  ///     by its type and where it is declared.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - policy: Whether isolated tests must override the box.
  ///   - testDefault: Creates the instance isolated tests get when they did not override the box.
  ///   - factory: Creates the real instance, at most once per generation, holding no lock that
  ///     other boxes need. It must not read this box.
  @_alwaysEmitIntoClient
  public convenience init(
    name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    overrideInTests policy: OverrideInTests = .optional,
    testDefault: @escaping @Sendable () -> Shared,
    _ factory: @escaping @Sendable () -> Shared
  ) {
    self.init(
      factory: factory,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      requiresOverrideInTests: policy == .required,
      testDefault: testDefault,
      name: name
    )
  }

  /// Creates an empty box that isolated tests find holding their own test default.
  ///
  /// In the app the box is empty until ``set(_:fileID:filePath:line:column:)``. Inside an
  /// isolated test that neither sets nor overrides it, its first ``value`` is created by
  /// `testDefault` (a test double), and the read fails the test, naming the box: the code under
  /// test read a value the test never provided. A default the test target declares in
  /// `SharedTestDefaults` is served without a failure.
  ///
  /// ```swift
  /// enum Session {
  ///   static let currentUser = Resettable<User>.empty(testDefault: { .signedInFixture })
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What messages, records and the map call the box; without a name they call it
  ///     by its type and where it is declared.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - testDefault: Creates the instance isolated tests get when they neither set nor
  ///     overrode the box.
  /// - Returns: A box with no instance and no factory.
  @_alwaysEmitIntoClient
  public static func empty(
    name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    testDefault: @escaping @Sendable () -> Shared
  ) -> Resettable {
    Resettable(
      factory: nil,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      testDefault: testDefault,
      name: name
    )
  }

  /// Creates a box for the tests' own machinery (`Spy.perTest` in `SharedInstancesTesting`):
  /// `make` creates the process-wide instance, and each isolated scope's own as its test
  /// default, so that strict mode never counts it as real. Records of what a scope touched
  /// (dependency records, the dependency map, `touchedInstances`) leave the box out.
  package static func _testInfrastructure(
    location: _SourceLocation,
    _ make: @escaping @Sendable () -> Shared
  ) -> Resettable {
    Resettable(
      factory: make,
      location: location,
      testDefault: make,
      isTestInfrastructure: true
    )
  }

  /// Whether isolated tests get a test default for this box when they do not override it:
  /// one declared with the box, or one the running test's target declared in its
  /// `SharedTestDefaults`.
  ///
  /// ```swift
  /// #expect(Payments.gateway.hasTestDefault)
  /// ```
  public var hasTestDefault: Bool {
    guard _testDefault == nil else { return true }
    let inScope = si_isolation_is_active() ? _Isolation.hooks.testDefaultsOfCurrentScope() : nil
    let target = inScope ?? _TestDefaults.ofRunningTest()
    return target?.defaults[_identity.id] != nil
  }
}

extension Resettable {
  /// Creates a box that belongs to `lifetime`, with a test default.
  ///
  /// ```swift
  /// enum Session {
  ///   static let lifetime = SharedLifetime("session")
  ///   static let cart = Resettable(in: lifetime, testDefault: { Cart.empty }) { Cart() }
  /// }
  /// ```
  ///
  /// See ``init(name:fileID:filePath:line:column:overrideInTests:testDefault:_:)`` for what tests get,
  /// and ``init(in:name:fileID:filePath:line:column:_:)`` for lifetimes.
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to.
  ///   - name: What messages, records and the map call the box; without a name they call it
  ///     by its type and where it is declared.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - policy: Whether isolated tests must override the box.
  ///   - testDefault: Creates the instance isolated tests get when they did not override the box.
  ///   - factory: Creates the real instance. It must not read this box.
  @_alwaysEmitIntoClient
  public convenience init(
    in lifetime: SharedLifetime,
    name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    overrideInTests policy: OverrideInTests = .optional,
    testDefault: @escaping @Sendable () -> Shared,
    _ factory: @escaping @Sendable () -> Shared
  ) {
    self.init(
      name: name,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column,
      overrideInTests: policy,
      testDefault: testDefault,
      factory
    )
    lifetime.add(self)
  }

  /// Creates an empty box that belongs to `lifetime`, with a test default.
  ///
  /// ```swift
  /// enum Session {
  ///   static let lifetime = SharedLifetime("session")
  ///   static let currentUser = Resettable<User>.empty(in: lifetime, testDefault: { .fixture })
  /// }
  /// ```
  ///
  /// See ``empty(name:fileID:filePath:line:column:testDefault:)``.
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to.
  ///   - name: What messages, records and the map call the box; without a name they call it
  ///     by its type and where it is declared.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - testDefault: Creates the instance isolated tests get when they neither set nor
  ///     overrode the box.
  /// - Returns: A box with no instance and no factory, member of `lifetime`.
  @_alwaysEmitIntoClient
  public static func empty(
    in lifetime: SharedLifetime,
    name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    testDefault: @escaping @Sendable () -> Shared
  ) -> Resettable {
    let box = empty(
      name: name,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column,
      testDefault: testDefault
    )
    lifetime.add(box)
    return box
  }
}

/// The test defaults of a test target, by box: each isolated scope carries its test's target's
/// (`_ScopeTracking.testDefaults`, found by `SharedInstancesTesting`), so that one target's
/// defaults never serve another's tests. The placeholders of types are published once for all.
package enum _TestDefaults {
  /// The defaults, by box identifier.
  package final class Registry: Sendable {
    package let defaults: [UInt64: @Sendable () -> Any]
    /// The placeholder of a type, if it has one (`SpyPlaceholder` in `SharedInstancesTesting`):
    /// what a read that has nothing else to serve but must not reach the real thing gets.
    let placeholder: @Sendable (Any.Type) -> Any?
    /// The defaults of the running test's target, outside its scopes (`hasTestDefault`).
    let ofRunningTest: @Sendable () -> Registry?

    package init(
      _ defaults: [UInt64: @Sendable () -> Any],
      placeholder: @escaping @Sendable (Any.Type) -> Any? = { _ in nil },
      ofRunningTest: @escaping @Sendable () -> Registry? = { nil }
    ) {
      self.defaults = defaults
      self.placeholder = placeholder
      self.ofRunningTest = ofRunningTest
    }
  }

  private static let published = _PublishedOnce<Registry>()

  /// Publishes the placeholders (a registry's defaults are not used from here: each scope
  /// carries its target's); only the first call counts.
  package static func install(_ registry: Registry) {
    published.publish(registry)
  }

  /// The defaults of the running test's target, if the testing module knows the test.
  static func ofRunningTest() -> Registry? {
    published.value?.ofRunningTest()
  }

  /// The placeholder of `type`, if the testing module is loaded and the type has one.
  package static func placeholder<Value>(of type: Value.Type) -> Value? {
    published.value?.placeholder(type) as? Value
  }
}
