import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import XCTest

/// In XCTest: a report raised on a thread no test owns fails the XCTest
/// test that is running.
final class FailureRoutingXCTests: FailureCapturingTestCase {
  override var expectedFailure: String { "outside any isolated scope" }

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
