import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// In XCTest, an unstubbed call that the app wraps in its own error fails the test once:
/// `IsolatedSharedTestCase` drops the thrown error whose failure the spy
/// already reported, and keeps every other thrown error.
///
/// The fixture test case runs inside this test with `invokeTest()`. Every failure either
/// records (the spy's `XCTFail`, which reaches the running test, and the fixture's own "threw
/// error") is captured here instead of failing this test.
final class WrappedUnstubbedErrorXCTests: XCTestCase {
  override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    guard Capture.shared.append(description) else {
      super.recordFailure(
        withDescription: description,
        inFile: filePath,
        atLine: lineNumber,
        expected: expected
      )
      return
    }
  }

  func testAnUnstubbedCallTheAppWrapsFailsTheTestOnce() {
    let spy = SubmitSpy()
    let failures = Capture.shared.capturing {
      Fixture(name: "testCheckout") { _ in try Checkout(orders: spy).run() }.invokeTest()
    }
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(failures.first?.contains("Unstubbed call: SubmitSpy.submit") == true)
  }

  /// A request no stub of the test's network answers fails the test once, however the app
  /// wraps the error (before the fix: the network's failure and the thrown error's).
  func testAnUnansweredRequestTheAppWrapsFailsTheTestOnce() {
    let failures = Capture.shared.capturing {
      Fixture(name: "testFetch") { _ in
        let url = URL(string: "https://api.example.com/unstubbed")!
        let failed = Locked<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        SystemBoxes.urlSession.value.dataTask(with: url) { _, _, error in
          failed.set(error)
          done.signal()
        }.resume()
        done.waitOrFail("the data task to complete")
        if let error = failed.get() { throw WrappingError.wrapped(error) }
      }.invokeTest()
    }
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(failures.first?.contains("No stub of the test network") == true, "\(failures)")
  }

  func testAnotherErrorTheTestThrowsStillFailsIt() {
    let failures = Capture.shared.capturing {
      Fixture(name: "testThrows") { _ in throw WrappingError.wrapped(CocoaError(.fileNoSuchFile)) }
        .invokeTest()
    }
    XCTAssertEqual(failures.count, 1, "\(failures)")
  }
}

// MARK: - Fixtures

/// The failures recorded while `capturing` runs; nil when not capturing.
private final class Capture: @unchecked Sendable {
  // @unchecked: `failures` is only touched under `lock`.
  static let shared = Capture()
  private let lock = NSLock()
  private var failures: [String]?

  func append(_ failure: String) -> Bool {
    lock.withLock {
      guard failures != nil else { return false }
      failures?.append(failure)
      return true
    }
  }

  func capturing(_ body: () -> Void) -> [String] {
    lock.withLock { failures = [] }
    body()
    return lock.withLock {
      defer { failures = nil }
      return failures ?? []
    }
  }
}

private final class Fixture: IsolatedSharedTestCase {
  #if canImport(ObjectiveC)
    // Apple's XCTest makes a test case from a selector (swift-corelibs-xctest from a name and a
    // closure): `runBody` runs the closure.
    private var body: (XCTestCase) throws -> Void = { _ in }

    convenience init(name: String, testClosure: @escaping (XCTestCase) throws -> Void) {
      self.init(selector: #selector(runBody))
      body = testClosure
    }

    @objc func runBody() throws { try body(self) }
  #endif

  override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    _ = Capture.shared.append(description)
  }
}

private enum WrappingError: Error {
  case wrapped(any Error)
}

private protocol Submitting: Sendable {
  func submit() throws -> Int
}

private struct Checkout {
  let orders: any Submitting

  func run() throws {
    do {
      _ = try orders.submit()
    } catch {
      throw WrappingError.wrapped(error)
    }
  }
}

private final class SubmitSpy: Spy<SubmitSpy.Call>, Submitting, @unchecked Sendable {
  // @unchecked: no state of its own; the spy's lock guards all of it.
  enum Call: SpyCall {
    case submit
    enum Method { case submit }
    var method: Method { .submit }
  }

  func submit() throws -> Int { try recordThrowing(.submit) }
}
