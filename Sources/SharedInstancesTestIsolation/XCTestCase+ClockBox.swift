import SharedInstances
import SharedInstancesSystem
import XCTest

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension XCTestCase {
  /// Overrides a clock box until the end of the current test, then puts back what was there
  /// before.
  ///
  /// ```swift
  /// func testTimesOut() {
  ///   overrideShared(SystemBoxes.continuousClock, with: AnyClock(ImmediateClock()))
  ///   XCTAssertThrowsError(try Poller().waitForReply())
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - box: The clock box to override.
  ///   - replacement: The clock reads return until the test ends.
  ///   - file: The caller's location, for misuse reports. Leave the default.
  ///   - line: The caller's location. Leave the default.
  public func overrideShared<Duration>(
    _ box: ClockBox<Duration>,
    with replacement: AnyClock<Duration>,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    overrideShared(box.resettable, with: replacement, file: file, line: line)
  }
}
