import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import XCTest

/// The XCTest base class: every test method, sync or async, runs in its own scope, with
/// `setUp` and `tearDown` inside it.
final class IsolatedSharedTestCaseTests: IsolatedSharedTestCase {
  override func setUp() {
    super.setUp()
    // Each test starts from a fresh instance: no other test's override leaked in.
    XCTAssertFalse(Boxes.xcTest.isOverridden)
    XCTAssertEqual(Boxes.xcTest.value.tag, "real")
    Boxes.xcTest.override(with: Tagged("from setUp"))
  }

  override func tearDown() {
    XCTAssertEqual(Boxes.xcTest.value.tag, "from setUp or test")
    super.tearDown()
  }

  func testSyncTestSeesSetUpsOverride() {
    XCTAssertEqual(Boxes.xcTest.value.tag, "from setUp")
    Boxes.xcTest.override(with: Tagged("from setUp or test"))
  }

  func testAsyncTestSeesSetUpsOverride() async throws {
    try await Task.sleep(nanoseconds: 1_000_000)
    XCTAssertEqual(Boxes.xcTest.value.tag, "from setUp")
    Boxes.xcTest.override(with: Tagged("from setUp or test"))
  }

  func testOtherThreadsSeeTheOverride() {
    Boxes.xcTest.override(with: Tagged("from setUp or test"))
    let fromQueue = expectation(description: "queue")
    DispatchQueue.global().async {
      XCTAssertEqual(Boxes.xcTest.value.tag, "from setUp or test")
      fromQueue.fulfill()
    }
    wait(for: [fromQueue], timeout: 5)
    XCTAssertEqual(readOnThread { Boxes.xcTest.value }.tag, "from setUp or test")
  }
}

/// Strict mode in XCTest: the failure goes to XCTest, at the box's declaration.
final class StrictIsolatedSharedTestCaseTests: FailureCapturingIsolatedTestCase {
  override var sharedIsolationOptions: SharedIsolationOptions { [.processWide, .strict] }

  override var expectedFailure: String { "read the real instance of" }

  func testReadingABoxTheTestDidNotOverrideFails() {
    Boxes.strict.override(with: Tagged("fake"))
    _ = Boxes.strict.value
    _ = Boxes.strictOther.value
    XCTAssertEqual(captured.all.count, 1)
    XCTAssertTrue(captured.all.first?.contains("Resettable<Tagged>") ?? false, "\(captured.all)")
    XCTAssertEqual(captured.failures.first?.file, "Fixtures.swift", "\(captured.failures)")
  }
}

/// The deprecated `isolateSharedInstances()` keeps isolating, and `overrideShared` undoes itself.
final class XCTestHelpersTests: XCTestCase {
  override func setUp() {
    super.setUp()
    (self as any DeprecatedIsolation).isolateTheDeprecatedWay()
    XCTAssertFalse(Boxes.xcTestHelpers.isOverridden, "an earlier test's override leaked")
  }

  func testIsolateInSetUp() {
    Boxes.xcTestHelpers.override(with: Tagged("isolated"))
    XCTAssertEqual(readOnThread { Boxes.xcTestHelpers.value }.tag, "isolated")
  }

  func testOverrideSharedUndoesItselfAtTeardown() {
    overrideShared(Boxes.xcTestHelpers, with: Tagged("helper"))
    XCTAssertEqual(Boxes.xcTestHelpers.value.tag, "helper")
  }
}

/// `overrideShared` without any isolation restores the process-wide instance at teardown:
/// whichever test runs second checks that the first one's override is gone.
final class OverrideSharedWithoutIsolationTests: XCTestCase {
  static let box = Resettable { Tagged("real") }

  override func setUp() {
    super.setUp()
    XCTAssertFalse(Self.box.isOverridden, "an earlier test's override leaked")
    XCTAssertEqual(Self.box.value.tag, "real")
  }

  func testFirstOverride() {
    overrideShared(Self.box, with: Tagged("first"))
    XCTAssertEqual(Self.box.value.tag, "first")
  }

  func testSecondOverride() {
    overrideShared(Self.box, with: Tagged("second"))
    XCTAssertEqual(Self.box.value.tag, "second")
  }
}

// MARK: - Fixtures

/// Calls the deprecated spelling through a requirement, so that testing it does not warn.
private protocol DeprecatedIsolation {
  func isolateTheDeprecatedWay()
}

extension XCTestHelpersTests: DeprecatedIsolation {
  @available(*, deprecated)
  fileprivate func isolateTheDeprecatedWay() { isolateSharedInstances() }
}
