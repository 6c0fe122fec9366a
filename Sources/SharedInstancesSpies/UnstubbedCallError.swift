import _SharedInstancesTestReporting

/// The error a spy throws from a call that the test stubbed no usable answer for.
///
/// ``Spy/recordThrowing(_:fileID:filePath:line:column:)->_`` has no value to
/// return when the test stubbed nothing for the method (or stubbed a value of another type).
/// It reports a test failure that names the double and the method, then throws so the code
/// under test stops there instead of going on with an invented value. It throws this error in
/// XCTest and off a Swift Testing test's task; on the test's task it throws Swift Testing's
/// `ExpectationFailedError`, as `#require` does, so that the failure is reported only once.
///
/// ```swift
/// func testAnUnstubbedCallThrows() {
///   let spy = FileStoreSpy()   // nothing stubbed: the call also fails this test
///   XCTAssertThrowsError(try spy.open(id: 3)) { error in
///     XCTAssertEqual((error as? UnstubbedCallError)?.method, "open")
///   }
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

// Reported before it is thrown: the isolation trait does not report it again.
extension UnstubbedCallError: ReportedFailure {}
