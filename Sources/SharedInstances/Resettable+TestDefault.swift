extension Resettable {
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
      name: nil,
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
    let inScope =
      _ProcessWords.isolationIsActive ? _Isolation.hooks.testDefaultsOfCurrentScope() : nil
    let target = inScope ?? _TestDefaults.ofRunningTest()
    return target?.defaults[_identity.id] != nil
  }
}

extension Resettable {
  /// Creates an empty box with a test default, in the previous release's spelling.
  @available(
    *,
    deprecated,
    message: "write empty(inTests: .optional(default: { … })) instead of empty(testDefault:)"
  )
  @_disfavoredOverload @_alwaysEmitIntoClient
  public static func empty(
    in lifetime: SharedLifetime? = nil,
    name: String? = nil,
    testDefault: @escaping @Sendable () -> Shared,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Resettable {
    empty(
      in: lifetime,
      name: name,
      inTests: .optional(default: testDefault),
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
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
