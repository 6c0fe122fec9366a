import SharedInstances
import Testing
import XCTest

/// Reports a failure into whichever test framework is running the current code.
///
/// Swift Testing and XCTest do not see each other's failures (Swift 6.3 on Linux): `XCTFail`
/// inside a Swift Testing test is dropped, and so is `Issue.record` inside an XCTest test. So
/// every failure the library raises goes through here: `Issue.record` when a Swift Testing test
/// is current on this task, `XCTFail` while an XCTest test runs, and standard error otherwise.
enum TestFailure {
  /// Records `message` as a failure of the running test, pointing at `location`.
  static func record(_ message: String, at location: _SourceLocation) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: "\(location.fileID)",
          filePath: "\(location.filePath)",
          line: Int(location.line),
          column: Int(location.column)
        )
      )
    } else {
      // Dropped by XCTest when none of its tests is running; then standard error keeps it.
      XCTFail(message, file: location.filePath, line: location.line)
      if !XCTestRun.isRunning {
        printToStandardError("SharedInstances: \(message)")
      }
    }
  }

  /// Records `message` as a failure pointing at a caller's `#fileID`/`#filePath`/`#line`.
  static func record(
    _ message: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    record(
      message,
      at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Installs the route for diagnostics the core raises outside any scope. Idempotent.
  static func installDiagnosticsHandler() {
    _ = installOnce
  }

  private static let installOnce: Void = {
    _Diagnostics.handler.withLock { handler in
      handler = { diagnostic in TestFailure.record(diagnostic.message, at: diagnostic.location) }
    }
    _Scope.runsInTestTask.withLock { probe in
      probe = { Test.current != nil }
    }
    XCTestRun.startObserving()
  }()
}

/// Whether an XCTest test is running in this process (XCTest runs one at a time).
enum XCTestRun {
  private static let running = Protected(0)

  static var isRunning: Bool { running.withLock { $0 > 0 } }

  static func willStart() { running.withLock { $0 += 1 } }
  static func didFinish() { running.withLock { $0 = max(0, $0 - 1) } }

  /// Starts following XCTest's test cases, once per process.
  static func startObserving() { _ = observing }

  private static let observing: Void = {
    XCTestObservationCenter.shared.addTestObserver(Observer())
  }()

  private final class Observer: NSObject, XCTestObservation, @unchecked Sendable {
    // @unchecked: stateless; XCTest calls it on the thread that runs the tests.
    func testCaseWillStart(_ testCase: XCTestCase) { XCTestRun.willStart() }
    func testCaseDidFinish(_ testCase: XCTestCase) { XCTestRun.didFinish() }
  }
}
