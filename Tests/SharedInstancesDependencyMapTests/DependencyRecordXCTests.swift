import Foundation
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
final class MissingDependencyRecordXCTests: IsolatedSharedTestCase {
  private var captured: [(message: String, file: String, line: Int)] = []
  private static let switchLine = #line + 1
  override var dependencyRecording: DependencyRecording? { DependencyRecording(.never) }

  /// Captures the library's failure (XCTExpectFailure is not on Linux); any other failure
  /// still fails the test.
  override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    if description.contains("has no dependency record") {
      captured.append((description, (filePath as NSString).lastPathComponent, lineNumber))
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
    super.invokeTest()  // the record is checked as the test ends, inside this call
    XCTAssertEqual(captured.count, 1, "\(captured)")
    XCTAssertEqual(captured.first?.file, "DependencyRecordXCTests.swift")
    XCTAssertEqual(captured.first?.line, Self.switchLine)
    XCTAssertTrue(
      captured.first?.message.contains(
        "__Dependencies__/DependencyRecordXCTests/MissingDependencyRecordXCTests.testHasNoRecord"
          + ".txt, and recording is off (never). Record it with SHARED_INSTANCES_RECORD=missing"
      ) ?? false,
      "\(captured)"
    )
  }

  func testHasNoRecord() {
    DependencyBoxes.clock.override(with: DepClock("fake"))
  }
}
