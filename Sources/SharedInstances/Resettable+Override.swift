extension Resettable {
  /// Runs `operation` with `replacement` in place of the instance, then restores the previous
  /// state, also when `operation` throws.
  ///
  /// The previous state comes back as it was: the same created instance, the same override, or
  /// an empty box. Like ``override(with:fileID:filePath:line:column:)``, the replacement is seen
  /// by every thread that resolves to the same state while `operation` runs. Nest calls; do not
  /// interleave them from several threads on one box.
  ///
  /// ```swift
  /// @Test func refreshFailsOffline() throws {
  ///   try ArticleManager.shared.withOverride(OfflineArticleManager()) {
  ///     #expect(throws: OfflineError.self) { try ArticleListModel().refresh() }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - replacement: The instance reads return while `operation` runs.
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  ///   - operation: The code to run with the override in place.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  @_alwaysEmitIntoClient
  public func withOverride<Result, Failure: Error>(
    _ replacement: Shared,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    operation: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let restore = _beginOverride(
      replacement,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    defer { restore() }
    return try operation()
  }

  /// Runs the asynchronous `operation` with `replacement` in place of the instance, then
  /// restores the previous state, also when `operation` throws.
  ///
  /// ```swift
  /// @Test func loadsArticles() async throws {
  ///   let fake = FakeArticleManager(articles: [.sample])
  ///   try await ArticleManager.shared.withOverride(fake) {
  ///     try await ArticleListModel().load()
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - replacement: The instance reads return while `operation` runs.
  ///   - isolation: The actor `operation` runs on. Leave the default.
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  ///   - operation: The code to run with the override in place.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  @_alwaysEmitIntoClient
  public func withOverride<Result, Failure: Error>(
    _ replacement: Shared,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    operation: () async throws(Failure) -> sending Result
  ) async throws(Failure) -> sending Result {
    let restore = _beginOverride(
      replacement,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    defer { restore() }
    return try await operation()
  }

  /// Installs `replacement` and returns the function that puts the previous state back.
  @usableFromInline
  package func _beginOverride(
    _ replacement: Shared,
    location: _SourceLocation
  ) -> () -> Void {
    guard
      let slot = _slotForChange(.withOverride, location: location)
    else { return {} }  // refused inside this box's own factory or update (reported)
    let saved = slot.exchange(_Slot.makeCell(replacement, kind: .double))
    return { slot.retire(slot.exchange(saved)) }
  }
}
