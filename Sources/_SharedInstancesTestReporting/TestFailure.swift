// `_SharedInstancesTestReporting`: depends on the core and the isolation layer; every test-support
// module depends on it to route failures to the running test framework.

import Foundation
import SharedInstances
import Testing
import XCTest
import _SharedInstancesIsolation

/// Reports a failure into whichever test framework runs the process; ``fail(_:at:)`` always
/// fails the run, whatever thread raises it.
///
/// Swift Testing and XCTest do not see each other's failures (Swift 6.3 on Linux): `XCTFail`
/// inside a Swift Testing test is dropped, and so is `Issue.record` inside an XCTest test. So
/// every failure the library raises goes through ``fail(_:at:)``:
///
/// - on a Swift Testing test's task: `Issue.record`, failing that test;
/// - while an XCTest test runs (XCTest runs one at a time): `XCTFail`, failing that test, from
///   any thread;
/// - elsewhere in a Swift Testing process (a `Thread`, a `DispatchQueue` block,
///   `Task.detached`): `Issue.record` with no current test, which fails the run;
/// - between two XCTest tests: kept, and recorded on the next test that starts; if none starts,
///   the process exits with a failure when the test bundle finishes.
package enum TestFailure {
  /// Records `message` as a failure of the running test, or of the run, pointing at `location`:
  /// never only printed.
  package static func fail(_ message: String, at location: _SourceLocation) {
    if Test.current != nil {
      TestingProcess.markSwiftTesting()
      recordIssue(message, at: location)
    } else if XCTestRun.isRunning {
      XCTFail(message, file: location.filePath, line: location.line)
    } else if TestingProcess.isSwiftTesting {
      recordIssue(message, at: location)  // no current test: Swift Testing fails the run
    } else if XCTestRun.deliverToNextTest(message, at: location) {
      printToStandardError("SharedInstances: \(message)")
    } else {
      // No test framework is known to run here yet: XCTest takes the failure if one of its
      // tests is current; standard error keeps it otherwise.
      XCTFail(message, file: location.filePath, line: location.line)
      printToStandardError("SharedInstances: \(message)")
    }
  }

  /// Records `message` as a failure pointing at a Swift Testing test's own declaration: of that
  /// test on its task, else of the run (the test ended). For a failure the library detects with
  /// no line of the test's code to point at, such as a request to the test's default network.
  package static func fail(_ message: String, atTest test: SourceLocation) {
    TestingProcess.markSwiftTesting()
    Issue.record(Comment(rawValue: message), sourceLocation: test)
  }

  /// Records `message` as a failure of the running test if one can take it now; otherwise
  /// prints it, for callers that keep the failure and deliver it later themselves (the spies).
  package static func record(_ message: String, at location: _SourceLocation) {
    if Test.current != nil {
      recordIssue(message, at: location)
    } else {
      // Dropped by XCTest when none of its tests is running; then standard error keeps it.
      XCTFail(message, file: location.filePath, line: location.line)
      if !XCTestRun.isRunning {
        printToStandardError("SharedInstances: \(message)")
      }
    }
  }

  /// Reports `message` as a warning: a warning-severity issue in a Swift Testing process (which
  /// does not fail the run), a line on standard error otherwise (XCTest has no warnings).
  package static func warn(_ message: String, at location: _SourceLocation) {
    if Test.current != nil || TestingProcess.isSwiftTesting {
      Issue.record(
        Comment(rawValue: message),
        severity: .warning,
        sourceLocation: sourceLocation(location)
      )
    } else {
      printToStandardError("SharedInstances: warning: \(message)")
    }
  }

  /// Records `message` as a failure pointing at a caller's `#fileID`/`#filePath`/`#line`.
  package static func record(
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

  private static func recordIssue(_ message: String, at location: _SourceLocation) {
    let (message, sourceLocation) = atUsersLine(message, location)
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
  }

  /// Where a failure is shown: at `location` when it lies in the running test's own module,
  /// else at the test's own location, the message naming where it was detected.
  ///
  /// A location in another module is a library's (a wrapper that calls `bootstrap` or `set`
  /// with its own `#fileID`), which the user cannot act on there; the library did not know its
  /// caller. A wrapper that forwards its caller's location (see <doc:GettingStarted>) gets the
  /// failure at the caller's line.
  package static func atUsersLine(
    _ message: String,
    _ location: _SourceLocation
  ) -> (message: String, location: SourceLocation) {
    let detected = sourceLocation(location)
    guard let test = Test.current, test.sourceLocation.moduleName != detected.moduleName else {
      return (message, detected)
    }
    return (
      """
      \(message) (detected at \(detected.fileID):\(detected.line), outside the test's module \
      \(test.sourceLocation.moduleName); a library that wraps the box can forward its caller's \
      fileID, filePath, line and column to report there)
      """,
      test.sourceLocation
    )
  }

  package static func sourceLocation(_ location: _SourceLocation) -> SourceLocation {
    SourceLocation(
      fileID: "\(location.fileID)",
      filePath: "\(location.filePath)",
      line: Int(location.line),
      column: Int(location.column)
    )
  }

  /// Installs the route for diagnostics the core raises outside any scope. Idempotent.
  package static func installDiagnosticsHandler() {
    _ = installOnce
    if Test.current != nil { TestingProcess.markSwiftTesting() }
  }

  private static let installOnce: Void = {
    _Diagnostics.handler.withLock { handler in
      handler = { diagnostic in TestFailure.fail(diagnostic.message, at: diagnostic.location) }
    }
    _EscapedReads.handler.withLock { handler in
      handler = { diagnostic in TestFailure.warn(diagnostic.message, at: diagnostic.location) }
    }
    _RunningTest.provider.withLock { provider in
      provider = { Test.current?.name ?? XCTestRun.currentName }
    }
    _Scope.runsInTestTask.withLock { probe in
      probe = { Test.current != nil }
    }
    XCTestRun.startObserving()
  }()
}

/// Which test framework runs this process, as far as the library has seen.
package enum TestingProcess {
  /// Non-zero once Swift Testing is known to run here: an atomic flag, set once, so that every
  /// test's scope can mark it without a lock that other tests take.
  private static let swiftTesting = _AtomicInt(launchedForSwiftTesting ? 1 : 0)

  /// Whether Swift Testing runs tests in this process: it was launched for it (as `swift test`
  /// does on Linux, also for an exit test's child process), or a test's task was seen.
  package static var isSwiftTesting: Bool { swiftTesting.load() != 0 }

  /// Whether the command line says `--testing-library swift-testing`. External contract: the
  /// argument SwiftPM passes to a test binary it runs for Swift Testing (Swift 6.x on Linux),
  /// read here and nowhere else in the package.
  private static var launchedForSwiftTesting: Bool {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: "--testing-library"), flag + 1 < arguments.count
    else { return false }
    return arguments[flag + 1] == "swift-testing"
  }

  package static func markSwiftTesting() {
    if swiftTesting.load() == 0 { swiftTesting.add(1) }
  }
}

/// Whether an XCTest test is running in this process (XCTest runs one at a time), and the
/// failures raised between two tests, for the next one.
package enum XCTestRun {
  private struct State {
    var running = 0
    var sawTest = false
    var currentName: String?
    var pending: [(message: String, location: _SourceLocation)] = []
  }

  private static let state = Protected(State())

  package static var isRunning: Bool { state.withLock { $0.running > 0 } }

  /// The name of the XCTest test that is running, as far as the observer saw it start.
  package static var currentName: String? {
    state.withLock { $0.running > 0 ? $0.currentName : nil }
  }

  package static func willStart(named name: String? = nil) {
    state.withLock { state in
      state.running += 1
      state.sawTest = true
      if let name { state.currentName = name }
    }
  }

  package static func didFinish() {
    state.withLock { state in
      state.running = max(0, state.running - 1)
    }
  }

  /// Keeps a failure raised between two XCTest tests for the next test; false when no XCTest
  /// test has run yet in this process.
  package static func deliverToNextTest(_ message: String, at location: _SourceLocation) -> Bool {
    state.withLock { state in
      guard state.sawTest else { return false }
      state.pending.append((message, location))
      return true
    }
  }

  private static func takePending() -> [(message: String, location: _SourceLocation)] {
    state.withLock { state in
      defer { state.pending = [] }
      return state.pending
    }
  }

  /// Starts following XCTest's test cases, once per process.
  package static func startObserving() { _ = observing }

  private static let observing: Void = {
    XCTestObservationCenter.shared.addTestObserver(Observer())
  }()

  private final class Observer: NSObject, XCTestObservation, @unchecked Sendable {
    // @unchecked: stateless; XCTest calls it on the thread that runs the tests.
    func testCaseWillStart(_ testCase: XCTestCase) {
      XCTestRun.willStart(named: testCase.name)
      for failure in XCTestRun.takePending() {
        testCase.recordFailure(
          withDescription: """
            \(failure.message) (raised between two tests, after the previous test ended; \
            reported on the next one)
            """,
          inFile: "\(failure.location.filePath)",
          atLine: Int(failure.location.line),
          expected: true
        )
      }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) { XCTestRun.didFinish() }

    func testBundleDidFinish(_ testBundle: Bundle) {
      let pending = XCTestRun.takePending()
      guard !pending.isEmpty else { return }
      for failure in pending {
        printToStandardError("SharedInstances: \(failure.message)")
      }
      printToStandardError(
        "SharedInstances: failures were raised after the last test ended; failing the run."
      )
      exit(EXIT_FAILURE)
    }
  }
}
