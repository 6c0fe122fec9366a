import Foundation
import SharedInstancesTestIsolation
import XCTest

/// A failure an XCTest test recorded: its message, and the file name and line it points at.
package struct CapturedFailure: Sendable, CustomStringConvertible {
  package let message: String
  /// The last path component of the file the failure points at.
  package let file: String
  package let line: Int

  package var description: String { "\(message) @ \(file):\(line)" }
}

/// Failures (or any messages) captured from any thread.
package final class CapturedFailures: @unchecked Sendable {
  // @unchecked: `kept` is only accessed while `lock` is held.
  private let lock = NSLock()
  private var kept: [CapturedFailure] = []

  package init() {}

  /// Keeps `message`, pointing nowhere.
  package func append(_ message: String) {
    append(CapturedFailure(message: message, file: "", line: 0))
  }

  package func append(_ failure: CapturedFailure) { lock.withLock { kept.append(failure) } }

  /// The messages kept, in order.
  package var all: [String] { lock.withLock { kept.map(\.message) } }

  /// The failures kept, in order.
  package var failures: [CapturedFailure] { lock.withLock { kept } }

  /// Keeps the failure XCTest is about to record if its description contains `marker` (a
  /// non-empty text of the failure the test provokes), and returns whether it did: a failure it
  /// returns false for must still fail the test.
  package func capture(
    _ description: String,
    inFile filePath: String,
    atLine line: Int,
    ifContains marker: String
  ) -> Bool {
    guard !marker.isEmpty, description.contains(marker) else { return false }
    append(
      CapturedFailure(
        message: description,
        file: (filePath as NSString).lastPathComponent,
        line: line
      )
    )
    return true
  }
}

/// An `XCTestCase` that captures the failures it provokes on purpose, those whose description
/// contains ``expectedFailure``, in ``captured`` (XCTExpectFailure is not on Linux); any other
/// failure still fails the test.
open class FailureCapturingTestCase: XCTestCase {
  /// Text that every failure the test provokes contains.
  open var expectedFailure: String { "" }

  /// The failures captured so far.
  package let captured = CapturedFailures()

  override open func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    guard
      !captured.capture(
        description,
        inFile: filePath,
        atLine: lineNumber,
        ifContains: expectedFailure
      )
    else { return }
    super.recordFailure(
      withDescription: description,
      inFile: filePath,
      atLine: lineNumber,
      expected: expected
    )
  }
}

/// An `IsolatedSharedTestCase` that captures the failures it provokes on purpose, as
/// ``FailureCapturingTestCase`` does.
open class FailureCapturingIsolatedTestCase: IsolatedSharedTestCase {
  /// Text that every failure the test provokes contains.
  open var expectedFailure: String { "" }

  /// The failures captured so far.
  package let captured = CapturedFailures()

  override open func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    guard
      !captured.capture(
        description,
        inFile: filePath,
        atLine: lineNumber,
        ifContains: expectedFailure
      )
    else { return }
    super.recordFailure(
      withDescription: description,
      inFile: filePath,
      atLine: lineNumber,
      expected: expected
    )
  }
}
