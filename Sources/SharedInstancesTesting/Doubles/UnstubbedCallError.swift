/// The error a spy throws from a call that the test stubbed no usable answer for.
///
/// ``Spy/recordThrowing(_:fileID:filePath:line:column:)->_`` has no value to
/// return when the test stubbed nothing for the method (or stubbed a value of another type).
/// It reports a test failure that names the double and the method, then throws this error so
/// the code under test stops there instead of going on with an invented value.
///
/// ```swift
/// let spy = FileStoreSpy()   // nothing stubbed
/// withKnownIssue {
///   #expect(throws: UnstubbedCallError.self) { try spy.open(id: 3) }
/// }
/// ```
public struct UnstubbedCallError: Error, CustomStringConvertible, Sendable {
  /// The name of the double, such as `FileStoreSpy`.
  ///
  /// ```swift
  /// #expect(error.double == "FileStoreSpy")
  /// ```
  public let double: String

  /// The method the call was made to, such as `open`.
  ///
  /// ```swift
  /// #expect(error.method == "open")
  /// ```
  public let method: String

  /// The call with its arguments, such as `open(id: 3)`.
  ///
  /// ```swift
  /// #expect(error.call == "open(id: 3)")
  /// ```
  public let call: String

  /// A sentence naming the double, the method and the call.
  ///
  /// ```swift
  /// print(error)   // FileStoreSpy.open has no stub for the call open(id: 3).
  /// ```
  public var description: String {
    "\(double).\(method) has no stub for the call \(call)."
  }
}
