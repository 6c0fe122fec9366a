import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import XCTest

/// In XCTest: `IsolatedSharedTestCase` holds the gate exclusive (blocking, on the
/// main thread); scopes the test opens, on its thread or on others, nest instead of waiting.
final class ProcessWideGateXCTests: IsolatedSharedTestCase {
  func testAThreadOfTheTestCanOpenAScopeWithoutWaitingForTheTest() {
    EdgeBoxes.nestedSuite.override(with: Tagged("the test's"))
    let finished = expectation(description: "the thread's scope ended")
    let seen = CapturedFailures()
    Thread {
      withIsolatedShared {
        seen.append(EdgeBoxes.nestedSuite.value.tag)  // nested: starts from the test's scope
      }
      finished.fulfill()
    }.start()
    wait(for: [finished], timeout: 10)
    XCTAssertEqual(seen.all, ["the test's"])
  }

  func testAScopeOnTheTestsThreadNests() {
    EdgeBoxes.nestedSuite.override(with: Tagged("outer"))
    let inner = withIsolatedShared(.processWide) { EdgeBoxes.nestedSuite.value.tag }
    XCTAssertEqual(inner, "outer")
  }

  /// A process-wide state carried from outside every scope reads the process-wide instance.
  func testACarriedProcessWideStateReadsTheProcessWideInstance() {
    let outside = Self.capturedOutside
    EdgeBoxes.carried.override(with: Tagged("the test's"))
    XCTAssertEqual(readOnThread { EdgeBoxes.carried.value }.tag, "the test's")
    XCTAssertEqual(readOnThread { outside.run { EdgeBoxes.carried.value } }.tag, "real")
  }

  /// Captured while no scope is open: in the class's `setUp`, before any test runs.
  static let capturedOutside = SharedScope.current

  override class func setUp() {
    super.setUp()
    _ = capturedOutside
  }
}
