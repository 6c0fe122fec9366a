import SharedInstances
import SharedInstancesTesting
import XCTest

/// In XCTest: each test method of an `IsolatedSharedTestCase` bootstraps its
/// own backend, and a test that did not bootstrap reads the default.
final class BootstrapOnceXCTests: IsolatedSharedTestCase {
  func testATestBootstrapsItsOwnBackend() {
    XCTAssertFalse(XCTBootstrapBoxes.backend.isBootstrapped)
    XCTBootstrapBoxes.backend.bootstrap("memory")
    XCTAssertEqual(XCTBootstrapBoxes.backend.value, "memory")
    XCTAssertTrue(XCTBootstrapBoxes.backend.isBootstrapped)
  }

  func testAnotherTestBootstrapsAnother() {
    XCTBootstrapBoxes.backend.bootstrap("statsd")
    XCTAssertEqual(XCTBootstrapBoxes.backend.value, "statsd")
  }

  func testATestThatDidNotBootstrapReadsTheDefault() {
    XCTAssertFalse(XCTBootstrapBoxes.backend.isBootstrapped)
    XCTAssertEqual(XCTBootstrapBoxes.backend.value, "no-op")
  }
}

// MARK: - Fixtures

private enum XCTBootstrapBoxes {
  static let backend = BootstrapOnce<String>(name: "XCT.backend") { "no-op" }
}
