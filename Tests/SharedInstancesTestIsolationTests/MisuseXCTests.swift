import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import XCTest

/// Misuse reported through XCTest: a change made outside isolation to a box that an isolated
/// scope is using fails the XCTest test that made it, at its line.
final class MisuseXCTests: FailureCapturingTestCase {
  static let box = Resettable { Tagged("real") }
  override var expectedFailure: String { "outside any isolated scope" }

  func testAChangeOutsideIsolationIsReportedAtTheCallersLine() {
    let inside = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    Thread {
      withIsolatedShared {
        _ = Self.box.value
        inside.signal()
        release.waitOrFail("the test to end the scope")
      }
      finished.signal()
    }.start()
    inside.waitOrFail("the thread to enter its scope")
    Self.box.reset(); let line = #line
    release.signal()
    finished.waitOrFail("the thread to finish")
    XCTAssertEqual(captured.all.count, 1)
    XCTAssertTrue(captured.all.first?.contains("reset()") ?? false, "\(captured.all)")
    XCTAssertEqual(captured.failures.first?.file, "MisuseXCTests.swift")
    XCTAssertEqual(captured.failures.first?.line, line)
    // No scope uses the box any more, but one did: the reset leaks into every later
    // test, so it is still reported (it was not before).
    Self.box.reset()
    XCTAssertEqual(captured.all.count, 2)
    XCTAssertTrue(
      captured.all.last?.contains("which isolated tests in this process use") ?? false,
      "\(captured.all)"
    )
  }
}
