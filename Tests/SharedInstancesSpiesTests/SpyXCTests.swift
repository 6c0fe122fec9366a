import Foundation
import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import TestSupport
import XCTest

/// Spies in XCTest: assertions, the blocking wait, and failures reported through `XCTFail`.
///
/// `XCTExpectFailure` does not exist in swift-corelibs-xctest, so the tests that expect a
/// failure override `recordFailure(withDescription:inFile:atLine:expected:)`, the method every
/// XCTest failure goes through, and capture what it receives instead of failing. Failures that
/// arrive outside `expectingFailures` still fail the test.
final class SpyXCTests: XCTestCase {
  private struct Failure {
    let description: String
    let filePath: String
    let line: Int
  }

  /// Captured failures; nil when failures should fail the test. Locked: XCTest may record a
  /// failure from the thread that called the double.
  private let captured = Protected<[Failure]?>(nil)

  override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    let failure = Failure(description: description, filePath: filePath, line: lineNumber)
    let wasCaptured = captured.withLock { captured -> Bool in
      guard captured != nil else { return false }
      captured?.append(failure)
      return true
    }
    if !wasCaptured {
      super.recordFailure(
        withDescription: description,
        inFile: filePath,
        atLine: lineNumber,
        expected: expected
      )
    }
  }

  /// Runs `body`, returning the failures it recorded instead of failing the test.
  private func expectingFailures(_ body: () throws -> Void) rethrows -> [Failure] {
    captured.withLock { $0 = [] }
    try body()
    return captured.withLock { captured in
      defer { captured = nil }
      return captured ?? []
    }
  }

  func testAssertionsReadNaturally() throws {
    let spy = FileStoreSpy()
    spy.stub(.open, returning: "contents")
    spy.refresh()
    XCTAssertEqual(try spy.open(id: 3), "contents")
    XCTAssertEqual(spy.calls, [.refresh, .open(id: 3)])
    XCTAssertTrue(spy.wasCalled(.refresh), "\(spy)")
    XCTAssertEqual(spy.callCount(to: .open), 1)
    XCTAssertEqual(spy.lastCall(to: .open), .open(id: 3))
  }

  func testAStubbedErrorIsThrown() {
    let spy = FileStoreSpy()
    spy.stub(.open, throwing: FileStoreError.notFound(3))
    XCTAssertThrowsError(try spy.open(id: 3)) { error in
      XCTAssertEqual(error as? FileStoreError, .notFound(3))
    }
  }

  func testAnUnstubbedCallFailsTheTestNamingTheDoubleAndTheMethod() throws {
    let line = #line + 1
    let spy = FileStoreSpy()
    // `try`: the closure counts as throwing because of the `try` inside XCTAssertThrowsError.
    let failures = try expectingFailures {
      XCTAssertThrowsError(try spy.open(id: 3)) { error in
        XCTAssertTrue(error is UnstubbedCallError)
      }
    }
    XCTAssertEqual(failures.count, 1)
    let failure = failures.first
    XCTAssertTrue(
      failure?.description.contains("Unstubbed call: FileStoreSpy.open received open(id: 3)")
        ?? false,
      failure?.description ?? "no failure"
    )
    // It points at the test's line that created the spy, and names where the double records.
    XCTAssertEqual(failure?.filePath, "\(#filePath)")
    XCTAssertEqual(failure?.line, line)
    XCTAssertTrue(
      failure?.description.contains("It records the call at FileStoreSpy.swift:") ?? false,
      failure?.description ?? "no failure"
    )
  }

  func testAnUnstubbedCallOnAnotherThreadFailsTheTest() {
    let spy = FileStoreSpy()
    let failures = expectingFailures {
      let done = DispatchSemaphore(value: 0)
      Thread {
        _ = spy.size(of: 5)
        done.signal()
      }.start()
      done.waitOrFail("the call on another thread")
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.description.contains("FileStoreSpy.size received size(of: 5)") ?? false,
      failures.first?.description ?? "no failure"
    )
  }

  func testTheBlockingWaitWaitsForACallFromAnotherThread() {
    let spy = FileStoreSpy()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) { spy.refresh() }
    XCTAssertTrue(spy.waitUntilCalled(.refresh, timeout: .seconds(5)))
    XCTAssertEqual(spy.calls, [.refresh])
  }

  func testTheBlockingWaitFailsTheTestAtItsLineOnTimeout() {
    let spy = FileStoreSpy()
    spy.refresh()
    var arrived = true
    var line = 0
    let failures = expectingFailures {
      line = #line + 1
      arrived = spy.waitUntilCalled(.open, timeout: .milliseconds(50))
    }
    XCTAssertFalse(arrived)
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.description.contains(
        "Timed out after 0.05 seconds waiting for FileStoreSpy.open to be called 1 time; "
          + "it was called 0 times. FileStoreSpy recorded 1 call: [refresh]."
      ) ?? false,
      failures.first?.description ?? "no failure"
    )
    XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
    XCTAssertEqual(failures.first?.line, line)
  }

  func testTheBlockingWaitTakesADuration() throws {
    guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else {
      throw XCTSkip("waitUntilCalled(_:timeout:) takes a Duration: macOS 13, iOS 16 or later")
    }
    let spy = FileStoreSpy()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) { spy.refresh() }
    XCTAssertTrue(spy.waitUntilCalled(.refresh, timeout: .seconds(5)))
    let failures = expectingFailures {
      XCTAssertFalse(spy.waitUntilCalled(.open, timeout: .milliseconds(50)))
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.description.contains("Timed out after 0.05 seconds") ?? false,
      failures.first?.description ?? "no failure"
    )
  }

  func testTheBlockingWaitForMatchingArgumentsIgnoresOtherArguments() {
    let spy = FileStoreSpy()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) {
      _ = spy.owner(of: 1)
      _ = spy.owner(of: 7)
    }
    XCTAssertTrue(spy.waitUntilCalled(timeout: .seconds(5)) { $0 == .owner(of: 7) })
    let failures = expectingFailures {
      XCTAssertFalse(
        spy.waitUntilCalled(times: 2, timeout: .milliseconds(50)) { $0 == .owner(of: 7) }
      )
    }
    XCTAssertEqual(failures.count, 1)
  }

  func testCallsReadPlainlyInAFailedAssertEqual() {
    let spy = FileStoreSpy()
    spy.refresh()
    _ = spy.owner(of: 3)
    let failures = expectingFailures {
      XCTAssertEqual(spy.calls, [.refresh])
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.description.contains(
        #"("[refresh, owner(of: 3)]") is not equal to ("[refresh]")"#
      ) ?? false,
      failures.first?.description ?? "no failure"
    )
  }

  func testTheAsyncWaitWorksInAnAsyncTest() async {
    let spy = FileStoreSpy()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) { spy.refresh() }
    let arrived = await spy.waitUntilCalled(.refresh, timeout: .seconds(5))
    XCTAssertTrue(arrived)
  }
}
