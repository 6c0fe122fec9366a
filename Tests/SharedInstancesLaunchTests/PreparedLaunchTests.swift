import Foundation
import SharedInstancesDependencyMap
import SharedInstancesTesting
import TestSupport
import Testing

@testable import SharedInstancesLaunchTesting

// Launches processes with `Process`, which macOS and Linux have.
#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  @Suite(TimeLimits.waiting) struct PreparedLaunchTests {
    @Test func theLaunchedProcessServesEveryPartOfTheHandoff() async throws {
      var handoff = LaunchHandoff()
      handoff.stub(.get("https://example.com/feed"), .text("first"), .text("second"))
      handoff.stub(.prefix("https://example.com/items/").query("page", "2"), .status(404))
      handoff.date = .constant(Date(timeIntervalSince1970: 86_400))
      handoff.uuid = .incrementing
      handoff.random = .seeded(7)
      handoff.userDefaults = ["greeting": .string("hi"), "count": .int(3)]
      handoff.freshDirectories = true
      try handoff.override(named: "Fixture.settings", with: ["pageSize": 5])
      try handoff.scenario("greeting", ["text": "from the test"])
      let launch = try PreparedLaunch(handoff)

      let result = try await launch.run(
        Fixture.url,
        arguments: [
          "launched", "date", "uuid", "uuid", "random", "defaults", "greeting", "defaults", "count",
          "greeting", "settings", "directories", "fetch", "https://example.com/feed", "fetch",
          "https://example.com/feed", "fetch", "https://example.com/items/1?page=2",
        ]
      )

      #expect(result.status == 0)
      #expect(
        result.lines == [
          "launched true",
          "date 86400.0",
          "uuid 00000000-0000-0000-0000-000000000000",
          "uuid 00000000-0000-0000-0000-000000000001",
          // The first draw of xoshiro256** for seed 7, as SeededRandomNumberGenerator draws it.
          "random 12923355070828475994",
          "defaults hi",
          "defaults 3",
          "greeting from the test",
          "settings 5",
          "directories \(launch.directories!.documents.path)",
          "fetch 200 first",
          "fetch 200 second",
          "fetch 404 ",
        ]
      )
      #expect(
        result.report.requests.map(\.description) == [
          "GET https://example.com/feed", "GET https://example.com/feed",
          "GET https://example.com/items/1?page=2",
        ]
      )
      #expect(result.report.declared == "box Fixture.settings, scenario greeting")
      #expect(result.report.processes == 1)
      launch.finish()
      #expect(!FileManager.default.fileExists(atPath: launch.folder.path))
    }

    @Test func withoutAHandoffTheProgramRunsAsItIs() async throws {
      let result = try await Fixture.launch(["launched", "greeting", "settings"], environment: [:])
      #expect(result.lines == ["launched false", "greeting real greeting", "settings 20"])
    }

    @Test func theHandoffTravelsAsArgumentsToo() async throws {
      var handoff = LaunchHandoff()
      handoff.date = .constant(Date(timeIntervalSince1970: 5))
      let launch = try PreparedLaunch(handoff)
      let result = try await Fixture.launch(
        launch.arguments + ["launched", "date"],
        environment: [:]
      )
      #expect(result.lines == ["launched true", "date 5.0"])
    }

    @Test func aRequestNoStubAnswersFailsTheLaunchingTest() async throws {
      var handoff = LaunchHandoff()
      handoff.stub(.get("https://example.com/feed"), .text("feed"))
      let launch = try PreparedLaunch(handoff)
      var result: LaunchResult?
      try await withKnownIssue {
        result = try await launch.run(
          Fixture.url,
          arguments: ["fetch", "https://example.com/other"]
        )
      } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.contains("GET https://example.com/other")
          && text.contains("stubs tried, newest first: GET https://example.com/feed")
      }
      #expect(result?.lines == ["fetch failed \(URLError.Code.resourceUnavailable.rawValue)"])
      #expect(result?.report.unansweredRequests.map(\.url) == ["https://example.com/other"])
    }

    @Test func theSharedSessionIsStubbedToo() async throws {
      var handoff = LaunchHandoff()
      handoff.stub(.any, .text("stubbed"))
      let result = try await PreparedLaunch(handoff).run(
        Fixture.url,
        arguments: ["fetch-shared", "https://example.com/direct"]
      )
      #expect(result.lines == ["fetch 200 stubbed"])
    }

    @Test func strictModeFailsARealReadInTheLaunchedProcess() async throws {
      var handoff = LaunchHandoff()
      handoff.isStrict = true
      let launch = try PreparedLaunch(handoff)
      try await withKnownIssue {
        _ = try await launch.run(Fixture.url, arguments: ["unoverridden"])
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("Fixture.unoverridden")
      }
    }

    @Test func anImmediateClockSleepsNoRealTime() async throws {
      var handoff = LaunchHandoff()
      handoff.clock = .immediate(startingAt: 10)
      let result = try await PreparedLaunch(handoff).run(Fixture.url, arguments: ["sleep"])
      #expect(result.lines == ["clock 3610.0 seconds"])
    }

    @Test func theTestAdvancesTheRunningProcesssClock() async throws {
      var handoff = LaunchHandoff()
      handoff.clock = .test(startingAt: 10)
      let launch = try PreparedLaunch(handoff)
      async let running = launch.run(Fixture.url, arguments: ["sleep"])
      do {
        // The process sleeps until 3610 s; it wakes only when the test moves the clock there.
        try await launch.waitForReport { $0.clockSleeps == [3610] }
        try launch.advanceClock(by: .seconds(1800))
        try launch.advanceClock(by: .seconds(1800))
      } catch {
        // Finishing closes the clock: the process's sleep ends and the launch returns.
        launch.finish()
        _ = try? await running
        throw error
      }
      let result = try await running
      #expect(result.status == 0)
      #expect(result.lines == ["clock 3610.0 seconds"])
    }

    @Test func finishingTheLaunchEndsTheProcesssSleeps() async throws {
      var handoff = LaunchHandoff()
      handoff.clock = .test(startingAt: 0)
      let launch = try PreparedLaunch(handoff)
      async let running = Fixture.launch(["sleep"], environment: launch.environment)
      try await launch.waitForReport { $0.clockSleeps == [3600] }
      launch.finish()
      // No one can advance the clock any more: the sleep throws rather than never return.
      let result = try await running
      #expect(result.lines == ["clock 0.0 seconds"])
    }

    @Test func onlyATestClockCanBeAdvanced() throws {
      var handoff = LaunchHandoff()
      handoff.clock = .immediate(startingAt: 0)
      #expect(throws: LaunchControlError.self) {
        try PreparedLaunch(handoff).advanceClock(by: .seconds(1))
      }
      handoff.clock = .test(startingAt: 0)
      let launch = try PreparedLaunch(handoff)
      #expect(throws: LaunchControlError.self) { try launch.advanceClock(by: .seconds(-1)) }
      launch.finish()
      #expect(throws: LaunchControlError.self) { try launch.advanceClock(by: .seconds(1)) }
    }

    @Test func theLibrarysStopFailsTheLaunchingTest() async throws {
      let launch = try PreparedLaunch(LaunchHandoff())
      var result: LaunchResult?
      try await withKnownIssue {
        result = try await launch.run(Fixture.url, arguments: ["empty"])
      } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.contains("SharedInstances stopped the launched process: ")
          && text.contains("Fixture.empty")
      }
      #expect(result?.report.stopMessage?.contains("Fixture.empty") == true)
      // A trap ends the process by a signal; under ThreadSanitizer, its runtime exits instead.
      #expect(result.map { $0.endedBySignal || $0.status != 0 } == true)
    }

    @Test func theLaunchedProcessesReadsJoinTheTestsDependencyRecord() async throws {
      let recorder = DependencyRecorder(
        testName: "launching test",
        recordPath: "/dev/null",
        recording: nil
      )
      let launch = try PreparedLaunch(LaunchHandoff())
      _ = try await DependencyRecorder.$current.withValue(recorder) {
        try await launch.run(Fixture.url, arguments: ["unoverridden"])
      }
      // The fixture's one box read: Fixture.unoverridden, its real instance.
      let recorded = recorder.childTouched.withLock { $0 }
      #expect(Array(recorded.values) == [[.readsRealInstance]])
    }

    @Test func parallelLaunchesServeOnlyTheirOwnDoubles() async throws {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<12 {
          group.addTask {
            var handoff = LaunchHandoff()
            handoff.stub(.get("https://example.com/\(index)"), .text("body \(index)"))
            handoff.date = .constant(Date(timeIntervalSince1970: Double(index)))
            try handoff.scenario("greeting", ["text": "greeting \(index)"])
            let result = try await PreparedLaunch(handoff).run(
              Fixture.url,
              arguments: ["date", "greeting", "fetch", "https://example.com/\(index)"]
            )
            #expect(
              result.lines == [
                "date \(Double(index))", "greeting greeting \(index)", "fetch 200 body \(index)",
              ]
            )
            #expect(result.report.requests.map(\.url) == ["https://example.com/\(index)"])
          }
        }
        try await group.waitForAll()
      }
    }
  }

  // MARK: - Fixtures

  /// The program the tests launch, built beside the test binary.
  enum Fixture {
    static let url: URL = {
      let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      var folder = testBinary.deletingLastPathComponent()
      // On Apple platforms the tests run inside a bundle: …/debug/X.xctest/Contents/MacOS/X.
      while folder.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
        folder = folder.deletingLastPathComponent()
      }
      return folder.appendingPathComponent("shared-instances-launch-fixture")
    }()

    /// Launches the fixture with exactly `environment` (and the path), reporting nothing.
    static func launch(
      _ arguments: [String],
      environment: [String: String],
      url: URL = Fixture.url
    ) async throws -> LaunchResult {
      try await PreparedLaunch.launch(
        url,
        arguments: arguments,
        environment: environment,
        report: { LaunchReport(events: []) }
      )
    }
  }

  extension LaunchResult {
    var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
  }
#endif
