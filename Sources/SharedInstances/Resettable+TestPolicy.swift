/// Whether isolated tests must replace a box's real instance with a double.
///
/// Declare it once, where the box is, for instances a test must never use for real: a network
/// client, an analytics uploader, a payment gateway. The app is unaffected; inside an isolated
/// test (`@Test(.isolatedShared)`, `IsolatedSharedTestCase`) the box's real factory never runs:
/// a test that reads the box without overriding it fails, naming the box and where it is
/// declared, and is served the box's test default.
///
/// ```swift
/// enum Network {
///   static let client = Resettable<any NetworkClient>(
///     overrideInTests: .required,
///     testDefault: { UnimplementedNetworkClient() }
///   ) {
///     LiveNetworkClient()
///   }
/// }
/// ```
public enum OverrideInTests: Sendable, Hashable {
  /// Tests may read the real instance (unless they are strict). The default.
  ///
  /// ```swift
  /// static let formatter = Resettable(overrideInTests: .optional) { DateFormatter() }
  /// ```
  case optional
  /// Every isolated test that reads the box must override it first: a read without an override
  /// fails the test, whatever the test's strict setting, and never creates the real instance.
  ///
  /// ```swift
  /// static let uploader = Resettable(overrideInTests: .required) { LiveUploader() }
  /// ```
  case required
}

extension Resettable {
  /// Creates a box whose instance `factory` creates on first read, and says whether isolated
  /// tests must override it.
  ///
  /// With ``OverrideInTests/required``, inside an isolated test that did not override the box,
  /// `factory` never runs. The read fails that test (at the test, naming this box and where it is
  /// declared, and the box whose factory made the read, if any) and is served the box's test
  /// default: declare one with
  /// ``init(name:fileID:filePath:line:column:overrideInTests:testDefault:_:)``, or for the whole test
  /// target in `SharedTestDefaults`. Without a test default, a type with a placeholder
  /// (`SpyPlaceholder` in `SharedInstancesTesting`) is served its placeholder; for any other type
  /// there is no value to serve that is not real, and the test process stops with a message
  /// naming the box and the test (see
  /// <doc:Limitations>). Outside isolated tests the box behaves exactly like one made with
  /// ``init(name:fileID:filePath:line:column:_:)``.
  ///
  /// ```swift
  /// enum Network {
  ///   static let client = Resettable<any NetworkClient>(overrideInTests: .required) {
  ///     LiveNetworkClient()
  ///   }
  /// }
  /// ```
  ///
  /// A box declared `.required` is checked even in a test that opted out of strict mode; a
  /// test or suite that exempts the box by name is the only way to read it for real.
  ///
  /// > Tip: Prefer ``init(name:fileID:filePath:line:column:overrideInTests:testDefault:_:)``: a
  /// > `.required` box with a test default can never stop the test process.
  ///
  /// - Parameters:
  ///   - name: What messages, records and the map call the box; without a name they call it
  ///     by its type and where it is declared.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - policy: Whether isolated tests must override the box.
  ///   - factory: Creates the instance, at most once per generation, holding no lock that other
  ///     boxes need. It must not read this box.
  @_alwaysEmitIntoClient
  public convenience init(
    name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    overrideInTests policy: OverrideInTests,
    _ factory: @escaping @Sendable () -> Shared
  ) {
    self.init(
      factory: factory,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      requiresOverrideInTests: policy == .required,
      name: name
    )
  }

  /// Whether isolated tests must override this box (declared with
  /// ``init(name:fileID:filePath:line:column:overrideInTests:_:)``).
  ///
  /// ```swift
  /// #expect(Network.client.overrideInTests == .required)
  /// ```
  public var overrideInTests: OverrideInTests {
    _identity.requiresOverrideInTests ? .required : .optional
  }

  /// The box's identity, for `SharedInstancesTesting` (exemptions, records).
  package var _boxIdentity: _BoxIdentity { _identity }
}
