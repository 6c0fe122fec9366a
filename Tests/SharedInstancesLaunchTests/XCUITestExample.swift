// The XCUITest example of the article "Testing a launched app, server or tool", compiled against
// stand-ins of XCTest's UI-testing API (Linux has none): it type-checks and never runs.
#if os(Linux)
  import Foundation
  import SharedInstancesLaunchTesting

  private struct HeadlineText: Codable, Sendable { var text: String }

  // MARK: The article's code, as it appears there

  private final class FeedUITests: XCTestCase {
    func testShowsTheStubbedHeadline() throws {
      var handoff = LaunchHandoff()
      handoff.stub(.get("https://api.example.com/feed.json"), .text(#"[{"title":"Hello"}]"#))
      try handoff.scenario("headline", HeadlineText(text: "Breaking"))
      let launch = try PreparedLaunch(handoff)

      let app = XCUIApplication()
      app.launchEnvironment.merge(launch.environment) { $1 }
      app.launch()
      XCTAssertTrue(app.staticTexts["Breaking"].waitForExistence(timeout: 5))
      app.terminate()

      let report = launch.finish()  // fails this test for an unstubbed request, a strict read
      XCTAssertEqual(report.requests.map(\.url), ["https://api.example.com/feed.json"])
    }
  }

  // MARK: - Fixtures

  private class XCTestCase {}

  private final class XCUIApplication {
    var launchEnvironment: [String: String] = [:]
    var launchArguments: [String] = []
    var staticTexts: XCUIElementQuery { XCUIElementQuery() }
    func launch() {}
    func terminate() {}
  }

  private struct XCUIElementQuery {
    subscript(_ identifier: String) -> XCUIElement { XCUIElement() }
  }

  private struct XCUIElement {
    func waitForExistence(timeout: TimeInterval) -> Bool { true }
  }

  private func XCTAssertTrue(_ expression: @autoclosure () -> Bool) {}
  private func XCTAssertEqual<T: Equatable>(
    _ lhs: @autoclosure () -> T,
    _ rhs: @autoclosure () -> T
  ) {}
#endif
