import Foundation
import _SharedInstancesTestReporting

/// The error a request gets from a ``TestNetwork`` when none of the test's stubs answers it.
///
/// The test fails too, with the same message: the request, and every stub it was tried
/// against.
///
/// ```swift
/// await #expect(throws: UnansweredRequestError.self) {
///   try await network.session.data(from: URL(string: "https://api.example.com/unknown")!)
/// }
/// ```
public struct UnansweredRequestError: Error, Sendable, CustomStringConvertible {
  /// The request no stub answered.
  public let request: RecordedRequest
  /// The stubs it was tried against, newest first, each with where it was declared.
  public let stubs: [String]
  /// The test whose network received it.
  public let testName: String?

  /// The request, the test, and the stubs tried.
  ///
  /// ```swift
  /// print(error)   // No stub of the test network answers GET https://… Stubs tried: …
  /// ```
  public var description: String {
    var text = "No stub of the test network"
    if let testName { text += " of \(testName)" }
    text += " answers \(request)"
    if !request.headers.isEmpty {
      let headers = request.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
      text += " (headers: \(headers.joined(separator: ", ")))"
    }
    if stubs.isEmpty {
      text += ". The test declared no stub: add network.stub(…) for it."
    } else {
      text += ". Stubs tried, newest first:\n"
      text += stubs.map { "  - \($0)" }.joined(separator: "\n")
    }
    return text
  }
}

// Reported before it is thrown: the isolation trait does not report it again.
extension UnansweredRequestError: ReportedFailure {}
