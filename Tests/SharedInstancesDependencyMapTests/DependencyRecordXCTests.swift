import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import XCTest

/// XCTest's switch: an `IsolatedSharedTestCase` whose test methods are checked against the
/// records committed in `__Dependencies__/DependencyRecordXCTests/`.
final class DependencyRecordXCTests: IsolatedSharedTestCase {
  override var dependencyRecording: DependencyRecording? { DependencyRecording() }

  func testOverridesTheClockAndReadsTheAnalytics() {
    DependencyBoxes.clock.override(with: DepClock("fake"))
    XCTAssertEqual(DependencyBoxes.clock.value.tag, "fake")
    XCTAssertEqual(DependencyBoxes.analytics.value.tag, "real")
  }
}

/// A test with no record while recording is off fails, at the line of its switch, saying how
/// to record it.
final class MissingDependencyRecordXCTests: FailureCapturingIsolatedTestCase {
  override var expectedFailure: String { "has no dependency record" }
  private static let switchLine = #line + 1
  override var dependencyRecording: DependencyRecording? { DependencyRecording(.never) }

  override func invokeTest() {
    super.invokeTest()  // the record is checked as the test ends, inside this call
    XCTAssertEqual(captured.all.count, 1, "\(captured.all)")
    XCTAssertEqual(captured.failures.first?.file, "DependencyRecordXCTests.swift")
    XCTAssertEqual(captured.failures.first?.line, Self.switchLine)
    XCTAssertTrue(
      captured.all.first?.contains(
        "__Dependencies__/DependencyRecordXCTests/MissingDependencyRecordXCTests.testHasNoRecord"
          + ".txt, and recording is off (never). Record it with SHARED_INSTANCES_RECORD=missing"
      ) ?? false,
      "\(captured.all)"
    )
  }

  func testHasNoRecord() {
    DependencyBoxes.clock.override(with: DepClock("fake"))
  }
}
