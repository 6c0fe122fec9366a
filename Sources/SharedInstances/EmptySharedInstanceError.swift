/// The error ``Resettable/require(fileID:filePath:line:column:)`` throws when a box with a
/// limited lifetime is empty.
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
  public let boxDescription: String
  /// The name of the box's `Shared` type, e.g. `User`.
  public let sharedTypeName: String
  /// The file of the `require()` call that found the box empty.
  public let fileID: String
  /// The line of the `require()` call that found the box empty.
  public let line: Int

  /// A sentence naming the box and what to do.
  public var description: String {
    """
    \(boxDescription) is empty (read at \(fileID):\(line)): nothing was set since it was \
    created or last reset. Call set(_:) when the \(sharedTypeName) becomes available, or read \
    currentValue to handle its absence.
    """
  }
}
