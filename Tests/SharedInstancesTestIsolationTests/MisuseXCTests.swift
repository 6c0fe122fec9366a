import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import XCTest

/// Misuse reported through XCTest: a change made outside isolation to a box that an isolated
/// scope is using fails the XCTest test that made it, at its line.
final class MisuseXCTests: XCTestCase {
  static let box = Resettable { Tagged("real") }
  private var captured: [(message: String, file: String, line: Int)] = []

  /// Captures the library's failure (XCTExpectFailure is not on Linux); any other failure
  /// still fails the test.
  override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    if description.contains("outside any isolated scope") {
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
    XCTAssertEqual(captured.count, 1)
    XCTAssertTrue(captured.first?.message.contains("reset()") ?? false, "\(captured)")
    XCTAssertEqual(captured.first?.file, "MisuseXCTests.swift")
    XCTAssertEqual(captured.first?.line, line)
    // No scope uses the box any more, but one did: the reset leaks into every later
    // test, so it is still reported (it was not before).
    Self.box.reset()
    XCTAssertEqual(captured.count, 2)
    XCTAssertTrue(
      captured.last?.message.contains("which isolated tests in this process use") ?? false,
      "\(captured)"
    )
  }
}
