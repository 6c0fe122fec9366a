import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import XCTest

/// In XCTest: a read from a `DispatchQueue` block or a `Thread` of a box the running test's
/// isolated scope provides fails that test, naming its scope.
final class EscapedReadAttributionXCTests: FailureCapturingTestCase {
  override var expectedFailure: String { "was read outside the test's tasks" }

  /// Before the fix, a line on standard error, and the test passed.
  func testAReadFromADispatchQueueFailsTheRunningTest() {
    withIsolatedShared(name: "the XCTest's scope") {
      XCTBoxes.queue.override(with: Tagged("the test's double"))
      let done = DispatchSemaphore(value: 0)
      let read = Locked<String?>(nil)
      DispatchQueue.global().async {
        read.set(XCTBoxes.queue.value.tag)
        done.signal()
      }
      XCTAssertEqual(done.wait(timeout: .now() + 120), .success)
      XCTAssertEqual(read.get(), "real")
    }
    XCTAssertEqual(captured.all.count, 1, "\(captured.all)")
    XCTAssertTrue(
      captured.all.first?.contains("while the isolated test the XCTest's scope provided") ?? false,
      "\(captured.all)"
    )
  }

  func testAReadFromAThreadFailsTheRunningTestOncePerBox() {
    withIsolatedShared(name: "the XCTest's scope") {
      XCTBoxes.thread.override(with: Tagged("the test's double"))
      XCTAssertEqual(escapeOnThread { XCTBoxes.thread.value.tag }, "real")
      XCTAssertEqual(escapeOnThread { XCTBoxes.thread.value.tag }, "real")
    }
    XCTAssertEqual(captured.all.count, 1, "\(captured.all)")
  }
}

// MARK: - Fixtures

private enum XCTBoxes {
  static let queue = Resettable { Tagged("real") }
  static let thread = Resettable { Tagged("real") }
}
