import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import XCTest

/// XCTest's `overrideShared(_:with:)` takes a value of the user's that stands for a box.
final class ResettableConvertibleXCTests: IsolatedSharedTestCase {
  func testOverrideSharedTakesAValueThatStandsForABox() {
    overrideShared(ConvertibleBoxes.referred, with: Tagged("overridden"))
    XCTAssertTrue(ConvertibleBoxes.referred.resettable.isOverridden)
    XCTAssertEqual(ConvertibleBoxes.referred.resettable.value.tag, "overridden")
  }
}
