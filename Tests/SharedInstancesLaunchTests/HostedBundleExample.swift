// The app-hosted test bundle example of the article "Testing a launched app, server or tool",
// compiled against stand-ins of XCTest's classes (a Linux test process has no host app): it
// type-checks against the library's real API and never runs.
#if os(Linux)
  import SharedInstances
  import SharedInstancesTestIsolation

  // MARK: The article's code, as it appears there

  // In the app's test bundle, hosted by the app.
  private final class LaunchStateTests: XCTestCase {
    func testTheLaunchReadsOnlyTheSettings() {
      let launch = SharedScope.launchReads.filter(\.isBeforeFirstIsolatedTest)
      XCTAssertEqual(launch.compactMap(\.name), ["App.settings"])
    }

    func testTheFeedStartsFromAFreshState() {
      SharedScope.resetLaunchReads()  // the app's next read creates them again
      XCTAssertNil(Session.currentUser.currentValue)
    }
  }

  // MARK: - Fixtures

  private class XCTestCase {}

  private enum Session {
    static let currentUser = Resettable<String>.empty(name: "Session.currentUser")
  }

  private func XCTAssertEqual<T: Equatable>(
    _ lhs: @autoclosure () -> T,
    _ rhs: @autoclosure () -> T
  ) {}

  private func XCTAssertNil<T>(_ expression: @autoclosure () -> T?) {}
#endif
