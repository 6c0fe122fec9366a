// One way to isolate an XCTest test case: inheriting from IsolatedSharedTestCase. The method
// that isolated from `setUp()` still works, with a warning that says what to write.
// expect-warning: 'isolateSharedInstances' is deprecated: inherit from IsolatedSharedTestCase (or make your base class inherit from it)
import SharedInstancesTesting
import XCTest

final class LegacyTests: XCTestCase {
  override func setUp() {
    super.setUp()
    isolateSharedInstances()
  }
}
