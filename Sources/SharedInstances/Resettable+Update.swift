extension Resettable {
  /// Installs `instance` only if the box holds no instance, atomically, and tells whether it
  /// did.
  ///
  /// Use it for a "bootstrap once" check: however many threads call it at the same moment,
  /// exactly one gets `true`, and every read after that returns its instance. A check made of
  /// ``currentValue`` followed by ``set(_:fileID:filePath:line:column:)`` is not atomic: two
  /// threads can both find the box empty and both install.
  ///
  /// The box holds no instance when it is empty, after a ``reset(fileID:filePath:line:column:)``,
  /// and, for a box with a factory, until its first read: an instance installed then is the one
  /// reads return, and the factory does not run. A factory already running on another thread
  /// has its result dropped. Like `set`, the instance is not a test double (``isOverridden``
  /// stays false), and inside an isolated test it belongs to that test alone.
  ///
  /// ```swift
  /// enum LoggingSystem {
  ///   static let handler = Resettable<any LogHandler>.empty()
  ///
  ///   static func bootstrap(_ handler: any LogHandler) {
  ///     guard self.handler.setIfEmpty(handler) else {
  ///       fatalError("LoggingSystem.bootstrap was called twice")
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - instance: The instance to install.
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  /// - Returns: `true` when `instance` was installed; `false` when the box already held an
  ///   instance, which it keeps.
  @discardableResult
  @_alwaysEmitIntoClient
  public func setIfEmpty(
    _ instance: Shared,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    _slotForChange(
      .setIfEmpty,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )?.storeIfEmpty(instance) ?? false
  }

  /// Replaces the instance with one made from it, atomically, and returns the new instance.
  ///
  /// `transform` receives the instance reads return now, or nil when the box holds none (an
  /// empty box, or a box whose factory has not run: `update` does not run it). What it returns
  /// is installed only if no other change happened meanwhile, so no concurrent
  /// ``set(_:fileID:filePath:line:column:)``, ``override(with:fileID:filePath:line:column:)``,
  /// ``reset(fileID:filePath:line:column:)`` or other `update` is lost.
  ///
  /// Updates of one box wait for each other, and for a factory of that box that is running.
  /// `transform` runs holding only that box's own creation lock, never a lock that other boxes
  /// need, so it may read other boxes. It runs once, unless a `set`, `override` or `reset` from
  /// another thread lands while it runs: then it runs again with the instance that change
  /// installed. An override stays an override: in a test, updating a double gives a double.
  /// Inside an isolated test the update applies to that test's own instance.
  ///
  /// ```swift
  /// enum Settings {
  ///   static let current = Resettable<AppSettings> { AppSettings.defaults }
  /// }
  ///
  /// Settings.current.update { settings in
  ///   var settings = settings ?? .defaults
  ///   settings.useDarkMode = true
  ///   return settings
  /// }
  /// ```
  ///
  /// > Important: `transform` must not read, set or reset its own box; a read of its own box
  /// > while the box holds nothing stops the program with a message naming the box. Use the
  /// > instance it is given.
  ///
  /// - Parameters:
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  ///   - transform: Makes the new instance from the current one (nil when there is none).
  /// - Returns: The instance `transform` returned, now installed.
  /// - Throws: What `transform` throws; the box is then left unchanged.
  @discardableResult
  @_alwaysEmitIntoClient
  public func update<Failure: Error>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ transform: (_ current: Shared?) throws(Failure) -> Shared
  ) throws(Failure) -> Shared {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let slot = _slotForChange(.update, location: location) else {
      // Refused (inside this box's own factory or update): made, returned, not installed.
      return try transform(currentValue)
    }
    return try slot.update(_identity, transform)
  }
}
