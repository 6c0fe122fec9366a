import _SharedInstancesShims

// Named boxes: every initializer form again, with a `name` first. Two boxes of one type are
// told apart by their names, not only by where they are declared.

extension Resettable {
  /// The name the box was declared with, if any.
  ///
  /// Every message, dependency record and dependency map shows a named box by its name, and
  /// by its type and declaration next to it:
  /// `MetricsSystem.factory (Resettable<MetricsFactory>, declared at Metrics/System.swift:4)`.
  ///
  /// ```swift
  /// enum MetricsSystem {
  ///   static let factory = Resettable<any MetricsFactory>(name: "MetricsSystem.factory") {
  ///     NoOpMetricsFactory()
  ///   }
  /// }
  /// #expect(MetricsSystem.factory.name == "MetricsSystem.factory")
  /// ```
  public var name: String? { _identity.name }

  /// Creates a named box whose instance `factory` creates on first read.
  ///
  /// The box behaves exactly like one made with ``init(fileID:filePath:line:column:_:)``; its
  /// name is what reports, `touchedInstances`, dependency records and the dependency map call
  /// it. Name a box after the property that holds it, as code spells it.
  ///
  /// ```swift
  /// enum MetricsSystem {
  ///   static let factory = Resettable<any MetricsFactory>(name: "MetricsSystem.factory") {
  ///     NoOpMetricsFactory()
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What messages, records and the map call the box.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - factory: Creates the instance, at most once per generation. It must not read this box.
  @_alwaysEmitIntoClient
  public convenience init(
    name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ factory: @escaping @Sendable () -> Shared
  ) {
    self.init(
      factory: factory,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      name: name
    )
  }

  /// Creates a named empty box, for an instance with a limited lifetime.
  ///
  /// See ``empty(fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// enum Session {
  ///   static let currentUser = Resettable<User>.empty(name: "Session.currentUser")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What messages, records and the map call the box.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  /// - Returns: A box with no instance and no factory.
  @_alwaysEmitIntoClient
  public static func empty(
    name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Resettable {
    Resettable(
      factory: nil,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      name: name
    )
  }

  /// Creates a named box with a test default.
  ///
  /// See ``init(fileID:filePath:line:column:overrideInTests:testDefault:_:)``.
  ///
  /// ```swift
  /// enum Payments {
  ///   static let gateway = Resettable<any PaymentGateway>(
  ///     name: "Payments.gateway",
  ///     overrideInTests: .required,
  ///     testDefault: { UnimplementedPaymentGateway() }
  ///   ) { LivePaymentGateway() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What messages, records and the map call the box.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - policy: Whether isolated tests must override the box.
  ///   - testDefault: Creates the instance isolated tests get when they did not override the box.
  ///   - factory: Creates the real instance. It must not read this box.
  @_alwaysEmitIntoClient
  public convenience init(
    name: String,
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

  /// Creates a named box that isolated tests must override.
  ///
  /// See ``init(fileID:filePath:line:column:overrideInTests:_:)``.
  ///
  /// ```swift
  /// enum Network {
  ///   static let client = Resettable<any NetworkClient>(
  ///     name: "Network.client",
  ///     overrideInTests: .required
  ///   ) { LiveNetworkClient() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What messages, records and the map call the box.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - policy: Whether isolated tests must override the box.
  ///   - factory: Creates the instance. It must not read this box.
  @_alwaysEmitIntoClient
  public convenience init(
    name: String,
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

  /// Creates a named empty box that isolated tests find holding their own test default.
  ///
  /// See ``empty(fileID:filePath:line:column:testDefault:)``.
  ///
  /// ```swift
  /// enum Session {
  ///   static let currentUser = Resettable<User>.empty(
  ///     name: "Session.currentUser",
  ///     testDefault: { .signedInFixture }
  ///   )
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What messages, records and the map call the box.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - testDefault: Creates the instance isolated tests get when they neither set nor
  ///     overrode the box.
  /// - Returns: A box with no instance and no factory.
  @_alwaysEmitIntoClient
  public static func empty(
    name: String,
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

  /// Creates a named box that belongs to `lifetime`.
  ///
  /// See ``init(in:fileID:filePath:line:column:_:)``.
  ///
  /// ```swift
  /// enum Session {
  ///   static let lifetime = SharedLifetime("session")
  ///   static let cart = Resettable(in: lifetime, name: "Session.cart") { Cart() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to.
  ///   - name: What messages, records and the map call the box.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - factory: Creates the instance. It must not read this box.
  @_alwaysEmitIntoClient
  public convenience init(
    in lifetime: SharedLifetime,
    name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ factory: @escaping @Sendable () -> Shared
  ) {
    self.init(
      name: name,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column,
      factory
    )
    lifetime.add(self)
  }

  /// Creates a named empty box that belongs to `lifetime`.
  ///
  /// See ``empty(in:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// enum Session {
  ///   static let lifetime = SharedLifetime("session")
  ///   static let currentUser = Resettable<User>.empty(in: lifetime, name: "Session.currentUser")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to.
  ///   - name: What messages, records and the map call the box.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  /// - Returns: A box with no instance and no factory, member of `lifetime`.
  @_alwaysEmitIntoClient
  public static func empty(
    in lifetime: SharedLifetime,
    name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Resettable {
    let box = empty(name: name, fileID: fileID, filePath: filePath, line: line, column: column)
    lifetime.add(box)
    return box
  }

  /// Creates a named box that belongs to `lifetime`, with a test default.
  ///
  /// See ``init(in:fileID:filePath:line:column:overrideInTests:testDefault:_:)``.
  ///
  /// ```swift
  /// enum Session {
  ///   static let lifetime = SharedLifetime("session")
  ///   static let cart = Resettable(in: lifetime, name: "Session.cart", testDefault: { .empty }) {
  ///     Cart()
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to.
  ///   - name: What messages, records and the map call the box.
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
    name: String,
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

  /// Creates a named empty box that belongs to `lifetime`, with a test default.
  ///
  /// See ``empty(in:fileID:filePath:line:column:testDefault:)``.
  ///
  /// ```swift
  /// enum Session {
  ///   static let lifetime = SharedLifetime("session")
  ///   static let currentUser = Resettable<User>.empty(
  ///     in: lifetime,
  ///     name: "Session.currentUser",
  ///     testDefault: { .fixture }
  ///   )
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to.
  ///   - name: What messages, records and the map call the box.
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
    name: String,
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

extension Resettable where Shared: Sendable {
  /// Creates a named box for a `@MainActor` class, whose factory runs on the main actor.
  ///
  /// See ``init(fileID:filePath:line:column:mainActor:)``.
  ///
  /// ```swift
  /// @MainActor final class Router {
  ///   nonisolated static let shared = Resettable(name: "Router.shared", mainActor: { Router() })
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What messages, records and the map call the box.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - factory: Creates the instance on the main actor.
  @_alwaysEmitIntoClient
  public convenience init(
    name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    mainActor factory: @escaping @MainActor @Sendable () -> Shared
  ) {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(
      factory: Self._onMainActor(factory, name: name, location: location),
      location: location,
      name: name
    )
  }

  /// Creates a named box that belongs to `lifetime`, for a `@MainActor` class.
  ///
  /// See ``init(in:fileID:filePath:line:column:mainActor:)``.
  ///
  /// ```swift
  /// @MainActor final class ProfileCoordinator {
  ///   nonisolated static let shared = Resettable(
  ///     in: Session.lifetime,
  ///     name: "ProfileCoordinator.shared",
  ///     mainActor: { ProfileCoordinator() }
  ///   )
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to.
  ///   - name: What messages, records and the map call the box.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - factory: Creates the instance on the main actor; the first read must happen there.
  @_alwaysEmitIntoClient
  public convenience init(
    in lifetime: SharedLifetime,
    name: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    mainActor factory: @escaping @MainActor @Sendable () -> Shared
  ) {
    self.init(
      name: name,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column,
      mainActor: factory
    )
    lifetime.add(self)
  }
}
