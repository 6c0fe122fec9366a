/// The error ``Resettable/require(fileID:filePath:line:column:)`` throws when a box with a
/// limited lifetime is empty.
///
/// A box made with ``Resettable/empty(in:name:inTests:fileID:filePath:line:column:)`` holds nothing until
/// something calls ``Resettable/set(_:fileID:filePath:line:column:)``, and again after each
/// ``Resettable/reset(fileID:filePath:line:column:)``. `require()` throws this error then, so
/// that code which needs the instance handles its absence; the error names the box and the
/// place that read it.
///
/// ```swift
/// do {
///   let user = try Session.currentUser.require()
///   show(user)
/// } catch {
///   showSignIn()   // error.description names the box and what to do
/// }
/// ```
public struct EmptySharedInstanceError: Error, Equatable, CustomStringConvertible {
  /// The box, e.g. `Resettable<User> (declared at App/Session.swift:4)`.
  ///
  /// The same text as the box's ``Resettable/description``.
  ///
  /// ```swift
  /// #expect(error.boxDescription.hasPrefix("Resettable<User>"))
  /// ```
  public let boxDescription: String
  /// The name of the box's `Shared` type, e.g. `User`.
  ///
  /// ```swift
  /// #expect(error.sharedTypeName == "User")
  /// ```
  public let sharedTypeName: String
  /// The file of the `require()` call that found the box empty, as `#fileID` spells it.
  ///
  /// ```swift
  /// #expect(error.fileID == "App/ProfileScreen.swift")
  /// ```
  public let fileID: String
  /// The line of the `require()` call that found the box empty.
  ///
  /// ```swift
  /// logger.error("no user at \(error.fileID):\(error.line)")
  /// ```
  public let line: Int

  /// A sentence naming the box and what to do.
  ///
  /// ```swift
  /// print(error)
  /// // Resettable<User> (declared at App/Session.swift:4) is empty (read at
  /// // App/ProfileScreen.swift:12): nothing was set since it was created or last reset. …
  /// ```
  public var description: String {
    """
    \(boxDescription) is empty (read at \(fileID):\(line)): nothing was set since it was \
    created or last reset. Call set(_:) when the \(sharedTypeName) becomes available, or read \
    currentValue to handle its absence.
    """
  }
}
