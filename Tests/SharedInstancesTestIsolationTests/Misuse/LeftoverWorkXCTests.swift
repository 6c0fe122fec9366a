import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import XCTest

/// In XCTest: the quiet period of an `IsolatedSharedTestCase` reports a late read
/// as a failure of the test that left the work.
final class LeftoverWorkXCTests: FailureCapturingIsolatedTestCase {
  override var sharedIsolationOptions: SharedIsolationOptions { [.processWide, .quietPeriod] }

  override var expectedFailure: String { "during its quiet period" }
  private let lingering = LockedReader()

  override func invokeTest() {
    super.invokeTest()  // the quiet period ends inside
    lingering.stop()
    if name.contains("testLateWork") {
      XCTAssertEqual(captured.all.count, 1, "\(captured.all)")
    } else {
      XCTAssertEqual(captured.all, [])
    }
  }

  func testLateWorkIsReportedByTheQuietPeriod() {
    LeftoverBoxes.xcLingering.override(with: Tagged("test 1"))
    lingering.start { _ = LeftoverBoxes.xcLingering.value }  // still reading after the test returns
  }

  func testNoLateWorkReportsNothing() {
    LeftoverBoxes.xcTest.override(with: Tagged("quiet"))
  }
}

/// Holds the lingering reader a test starts, to stop it after the quiet period.
private final class LockedReader: @unchecked Sendable {
  // @unchecked: `reader` is only accessed while `lock` is held.
  private let lock = NSLock()
  private var reader: LingeringReader?

  func start(reading read: @escaping @Sendable () -> Void) {
    let started = LingeringReader(reading: read)
    lock.withLock { reader = started }
  }

  func stop() { lock.withLock { reader?.stop() } }
}
