import FeedServerExample
import Foundation
import SharedInstancesTesting
import Testing

// Launches the built executable with `Process`, which macOS and Linux have.
#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  /// End-to-end tests of `feed-server`: each launches the built server with its own hand-off
  /// (stubs, dates, UUIDs, user defaults, a test clock, a scenario), talks to it over HTTP on the
  /// loopback address, and checks its answers and the requests it made upstream.
  @Suite struct FeedServerEndToEndTests {
    static let upstream = HeadlineServer.upstreamURL.absoluteString

    /// The hand-off of server `index`: its own headlines, date, banner and limit.
    static func handoff(_ index: Int) throws -> LaunchHandoff {
      var handoff = LaunchHandoff()
      handoff.stub(
        .get(upstream),
        try .json([
          HeadlineServer.Item(title: "story \(index)a"),
          HeadlineServer.Item(title: "story \(index)b"),
          HeadlineServer.Item(title: "story \(index)c"),
        ])
      )
      handoff.date = .constant(Date(timeIntervalSince1970: Double(index) * 86_400))
      handoff.uuid = .incrementing
      handoff.userDefaults = ["limit": .int(2)]
      handoff.clock = .test(startingAt: 0)
      try handoff.scenario("banner", ["text": "Banner \(index)"])
      return handoff
    }

    static func expectedPage(_ index: Int, requestID: Int = 0) -> HeadlineServer.Page {
      let formatter = ISO8601DateFormatter()
      formatter.timeZone = TimeZone(identifier: "UTC")!
      return HeadlineServer.Page(
        banner: "Banner \(index)",
        generatedAt: formatter.string(from: Date(timeIntervalSince1970: Double(index) * 86_400)),
        requestID: String(format: "00000000-0000-0000-0000-%012X", requestID),
        items: [
          HeadlineServer.Item(title: "story \(index)a"),
          HeadlineServer.Item(title: "story \(index)b"),
        ],
        refreshes: 0
      )
    }

    @Test func servesTheTestsHeadlinesDatesIDsDefaultsAndBanner() async throws {
      let launch = try PreparedLaunch(Self.handoff(4))
      try await LaunchedServer.with(launch) { server in
        let first = try server.get("/headlines")
        #expect(first.status == 200)
        #expect(try first.page() == Self.expectedPage(4))
        #expect(try server.get("/headlines").page() == Self.expectedPage(4, requestID: 1))
        #expect(try server.get("/nowhere").status == 404)
      }
      let report = launch.finish()
      // Fetched once, cached for the second request.
      #expect(report.requests.map(\.description) == ["GET \(Self.upstream)"])
      #expect(report.declared == "scenario banner")
    }

    @Test func theRefreshJobRunsWhenTheTestAdvancesTheClock() async throws {
      var handoff = try Self.handoff(1)
      handoff.stubs = []
      handoff.stub(
        .get(Self.upstream),
        try .json([HeadlineServer.Item(title: "before")]),
        try .json([HeadlineServer.Item(title: "after")])
      )
      try handoff.override(named: "HeadlineServer.settings", with: ["refreshSeconds": 300])
      let launch = try PreparedLaunch(handoff)
      try await LaunchedServer.with(launch) { server in
        #expect(try server.get("/headlines").page().items.map(\.title) == ["before"])
        // The job sleeps until the clock reaches 300 s; advancing sooner would move its deadline.
        try await launch.waitForReport { $0.clockSleeps == [300] }
        try launch.advanceClock(by: .seconds(300))
        // Woken, it refetches, then sleeps again until 600 s.
        try await launch.waitForReport { $0.clockSleeps == [300, 600] }
        let page = try server.get("/headlines").page()
        #expect(page.items.map(\.title) == ["after"])
        #expect(page.refreshes == 1)
      }
      #expect(launch.finish().requests.count == 2)
    }

    @Test func tenServersInParallelEachServeTheirOwnDoubles() async throws {
      let pages = try await withThrowingTaskGroup(of: (Int, HeadlineServer.Page).self) { group in
        for index in 0..<10 {
          group.addTask {
            let launch = try PreparedLaunch(Self.handoff(index))
            let page = try await LaunchedServer.with(launch) { server in
              try server.get("/headlines").page()
            }
            #expect(launch.finish().requests.map(\.description) == ["GET \(Self.upstream)"])
            return (index, page)
          }
        }
        return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
      }
      #expect(pages.count == 10)
      #expect(pages.filter { $0.value != Self.expectedPage($0.key) }.isEmpty)
    }

    @Test func anUnstubbedUpstreamRequestFailsTheLaunchingTest() async throws {
      var handoff = try Self.handoff(2)
      handoff.stubs = []
      handoff.stub(.get("https://upstream.example.com/other.json"), .text("[]"))
      try await withKnownIssue {
        let launch = try PreparedLaunch(handoff)
        try await LaunchedServer.with(launch) { server in
          let reply = try server.get("/headlines")
          #expect(reply.status == 502)
        }
        launch.finish()
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("GET \(Self.upstream)")
      }
    }
  }
#endif
