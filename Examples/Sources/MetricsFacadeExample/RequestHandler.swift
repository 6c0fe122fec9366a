/// App code that counts what it does through the facade, never naming a backend.
public struct RequestHandler: Sendable {
  /// Creates a handler.
  public init() {}

  /// Handles one request to `path`: counts it, and counts a failure for an unknown path.
  ///
  /// - Parameter path: The request's path.
  /// - Returns: The response's status code.
  public func handle(path: String) -> Int {
    Counter(label: "requests").increment()
    guard path.hasPrefix("/api/") else {
      Counter(label: "not_found").increment()
      return 404
    }
    return 200
  }
}
