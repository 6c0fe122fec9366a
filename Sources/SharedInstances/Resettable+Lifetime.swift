import _SharedInstancesShims

extension Resettable {
  /// Creates a box that belongs to `lifetime`, whose instance `factory` creates on first read.
  ///
  /// The box behaves like one made with ``init(name:fileID:filePath:line:column:_:)``; in addition,
  /// ``SharedLifetime/end(fileID:filePath:line:column:)`` resets it together with every other
  /// box of the lifetime, so the next read creates a fresh instance.
  ///
  /// ```swift
  /// enum Session {
  ///   static let lifetime = SharedLifetime("session")
  ///   static let cart = Resettable(in: lifetime) { Cart() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to.
  ///   - name: What messages, records and the map call the box; without a name they call it
  ///     by its type and where it is declared.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - factory: Creates the instance, at most once per generation, on the thread of the
  ///     first read. It must not read this box.
  @_alwaysEmitIntoClient
  public convenience init(
    in lifetime: SharedLifetime,
    name: String? = nil,
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
    lifetime.add(self)
  }

  /// Creates an empty box that belongs to `lifetime`, for an instance such as the signed-in
  /// user.
  ///
  /// The box holds nothing until ``set(_:fileID:filePath:line:column:)``;
  /// ``SharedLifetime/end(fileID:filePath:line:column:)`` empties it again, together with every
  /// other box of the lifetime.
  ///
  /// ```swift
  /// enum Session {
  ///   static let lifetime = SharedLifetime("session")
  ///   static let currentUser = Resettable<User>.empty(in: lifetime)
  /// }
  /// ```
  ///
  /// > Important: ``value`` on an empty box stops the program. Read ``currentValue`` or
  /// > ``require(fileID:filePath:line:column:)`` where the lifetime may have ended.
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to.
  ///   - name: What messages, records and the map call the box; without a name they call it
  ///     by its type and where it is declared.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  /// - Returns: A box with no instance and no factory, member of `lifetime`.
  @_alwaysEmitIntoClient
  public static func empty(
    in lifetime: SharedLifetime,
    name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Resettable {
    let box = Resettable(
      factory: nil,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      name: name
    )
    lifetime.add(box)
    return box
  }
}

extension Resettable where Shared: Sendable {
  /// Creates a box that belongs to `lifetime`, for a `@MainActor` class whose factory runs on
  /// the main actor.
  ///
  /// The box behaves like one made with ``init(name:fileID:filePath:line:column:mainActor:)``, and
  /// ``SharedLifetime/end(fileID:filePath:line:column:)`` resets it with the lifetime's other
  /// boxes.
  ///
  /// ```swift
  /// @MainActor final class ProfileCoordinator {
  ///   nonisolated static let shared = Resettable(
  ///     in: Session.lifetime,
  ///     mainActor: { ProfileCoordinator() }
  ///   )
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to.
  ///   - name: What messages, records and the map call the box; without a name they call it
  ///     by its type and where it is declared.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - factory: Creates the instance on the main actor; the first read must happen there.
  @_alwaysEmitIntoClient
  public convenience init(
    in lifetime: SharedLifetime,
    name: String? = nil,
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

extension Resettable: _LifetimeMember {
  @usableFromInline func _endLifetime(at location: _SourceLocation) {
    // In a scope that never touched this box (nor did the scopes it nests in), the box holds
    // nothing of this test: a read would start fresh anyway. Leaving it alone keeps a test's
    // record of what it touched the same whichever boxes other tests happened to declare first.
    if si_isolation_is_active(), _Isolation.hooks.isUntouchedInScope(_identity) { return }
    _slotForChange(.reset, location: location)?.clear()
  }
}
