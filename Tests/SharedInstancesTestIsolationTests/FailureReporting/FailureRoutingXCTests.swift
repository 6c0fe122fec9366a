import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import XCTest

/// In XCTest: a report raised on a thread no test owns fails the XCTest
/// test that is running.
final class FailureRoutingXCTests: XCTestCase {
  private let captured = CapturedFailures()

  /// Captures the library's failure (XCTExpectFailure is not on Linux); any other failure
  /// still fails the test.
  override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    if description.contains("outside any isolated scope") {
      captured.append(description)
    } else {
      super.recordFailure(
        withDescription: description,
        inFile: filePath,
        atLine: lineNumber,
        expected: expected
      )
    }
  }

  func testAChangeFromAQueueFailsTheRunningTest() {
    let inside = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    Thread {
      withIsolatedShared {
        _ = EdgeBoxes.xcMisuse.value
        inside.signal()
        release.waitOrFail("the test to end the scope")
      }
      finished.signal()
    }.start()
    inside.waitOrFail("the thread to enter its scope")
    let changed = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      EdgeBoxes.xcMisuse.set(Tagged("leaks"))
      changed.signal()
    }
    changed.waitOrFail("the change on a queue")
    release.signal()
    finished.waitOrFail("the thread to finish")
    XCTAssertEqual(captured.all.count, 1)
    XCTAssertTrue(captured.all.first?.contains("set(_:)") ?? false, "\(captured.all)")
  }
}

/// Failures captured from any thread.
final class CapturedFailures: @unchecked Sendable {
  // @unchecked: `messages` is only accessed while `lock` is held.
  private let lock = NSLock()
  private var messages: [String] = []

  func append(_ message: String) { lock.withLock { messages.append(message) } }
  var all: [String] { lock.withLock { messages } }
}
