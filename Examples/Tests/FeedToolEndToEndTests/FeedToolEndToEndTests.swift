import FeedToolExample
import Foundation
import SharedInstancesTesting
import Testing

// Launches the built executable with `Process`, which macOS and Linux have.
#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  /// End-to-end tests of `feed-tool`: each launches the built executable with its own hand-off
  /// and checks what it printed and which requests it made.
  @Suite struct FeedToolEndToEndTests {
    static let feedURL = FeedTool.feedURL.absoluteString

    /// The hand-off of launch `index`: its own feed, date, UUIDs and headline.
    static func handoff(_ index: Int) throws -> LaunchHandoff {
      var handoff = LaunchHandoff()
      handoff.stub(
        .get(feedURL),
        try .json([
          FeedTool.Item(title: "story \(index)a"), FeedTool.Item(title: "story \(index)b"),
        ])
      )
      handoff.date = .incrementing(
        from: Date(timeIntervalSince1970: Double(index) * 86_400),
        by: 60
      )
      handoff.uuid = .incrementing
      try handoff.scenario("headline", ["text": "Headline \(index)"])
      return handoff
    }

    static func expectedOutput(_ index: Int) -> String {
      let day = Date(timeIntervalSince1970: Double(index) * 86_400)
      let formatter = ISO8601DateFormatter()
      formatter.timeZone = TimeZone(identifier: "UTC")!
      return """
        Headline \(index)
        \(formatter.string(from: day)) 00000000-0000-0000-0000-000000000000 story \(index)a
        \(formatter.string(from: day + 60)) 00000000-0000-0000-0000-000000000001 story \(index)b

        """
    }

    @Test func printsTheStubbedFeedWithTheTestsDatesAndIDs() async throws {
      let result = try await PreparedLaunch(Self.handoff(3)).run(FeedToolBinary.url)
      #expect(result.status == 0)
      #expect(result.standardOutput == Self.expectedOutput(3))
      #expect(result.report.requests.map(\.description) == ["GET \(Self.feedURL)"])
    }

    @Test func fiftyParallelLaunchesEachServeTheirOwnDoubles() async throws {
      let outputs = try await withThrowingTaskGroup(of: (Int, LaunchResult).self) { group in
        for index in 0..<50 {
          group.addTask {
            (index, try await PreparedLaunch(Self.handoff(index)).run(FeedToolBinary.url))
          }
        }
        return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
      }
      #expect(outputs.count == 50)
      var crossTalk = 0
      for (index, result) in outputs {
        if result.standardOutput != Self.expectedOutput(index) { crossTalk += 1 }
        #expect(result.report.requests.map(\.description) == ["GET \(Self.feedURL)"])
        #expect(result.report.processes == 1)
      }
      #expect(crossTalk == 0)
    }

    @Test func aNamedBoxIsOverriddenWithTheTestsValue() async throws {
      var handoff = try Self.handoff(1)
      try handoff.override(named: "FeedTool.settings", with: FeedTool.Settings(limit: 1))
      handoff.scenario("quiet")
      let result = try await PreparedLaunch(handoff).run(FeedToolBinary.url)
      #expect(result.standardOutput.split(separator: "\n").count == 1)
      #expect(result.report.declared == "box FeedTool.settings, scenario quiet")
    }

    @Test func aServerErrorIsPrintedAsTheToolWould() async throws {
      var handoff = LaunchHandoff()
      handoff.stub(.get(Self.feedURL), .status(503))
      let result = try await PreparedLaunch(handoff).run(FeedToolBinary.url)
      #expect(result.status == 1)
      #expect(result.standardError == "feed-tool: the server answered 503\n")
    }

    @Test func anUnstubbedRequestFailsTheLaunchingTest() async throws {
      var handoff = LaunchHandoff()
      handoff.stub(.get("https://api.example.com/other.json"), .text("[]"))
      try await withKnownIssue {
        let result = try await PreparedLaunch(handoff).run(FeedToolBinary.url)
        #expect(result.status == 1)
      } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.contains("GET \(Self.feedURL)")
          && text.contains("GET https://api.example.com/other.json")
      }
    }

    @Test func strictModeFailsARealReadInTheLaunchedTool() async throws {
      var handoff = try Self.handoff(2)
      handoff.isStrict = true
      // Every box the tool reads is overridden but the time zone that --local-time reads.
      try handoff.override(named: "FeedTool.settings", with: FeedTool.Settings(limit: 5))
      try await withKnownIssue {
        _ = try await PreparedLaunch(handoff).run(FeedToolBinary.url, arguments: ["--local-time"])
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("SystemBoxes.timeZone")
      }
    }
  }

  /// The built `feed-tool`, beside the test binary.
  enum FeedToolBinary {
    static let url: URL = {
      var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent()
      // On macOS the tests run inside a bundle: …/debug/X.xctest/Contents/MacOS/X.
      while folder.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
        folder = folder.deletingLastPathComponent()
      }
      return folder.appendingPathComponent("feed-tool")
    }()
  }
#endif
