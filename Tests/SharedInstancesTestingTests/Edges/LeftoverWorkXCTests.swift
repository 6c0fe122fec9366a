import Foundation
import SharedInstances
import SharedInstancesTesting
import XCTest

/// Issue 14, item 2, XCTest: the quiet period of an `IsolatedSharedTestCase` reports a late read
/// as a failure of the test that left the work.
final class LeftoverWorkXCTests: IsolatedSharedTestCase {
  override var sharedIsolationOptions: SharedIsolationOptions { [.processWide, .quietPeriod] }

  private let captured = CapturedFailures()

  override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    if description.contains("during its quiet period") {
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

  override func invokeTest() {
    super.invokeTest()  // the quiet period ends inside
    if name.contains("testLateWork") {
      XCTAssertEqual(captured.all.count, 1, "\(captured.all)")
    } else {
      XCTAssertEqual(captured.all, [])
    }
  }

  func testLateWorkIsReportedByTheQuietPeriod() {
    LeftoverBoxes.xcTest.override(with: Tagged("test 1"))
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
      _ = LeftoverBoxes.xcTest.value
    }
  }

  func testNoLateWorkReportsNothing() {
    LeftoverBoxes.xcTest.override(with: Tagged("quiet"))
  }
}
