import Foundation
import SharedInstancesLaunchTesting
import Testing

// Launches processes with `Process`, which macOS and Linux have.
#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  /// A hand-off the process cannot trust or apply whole is refused before `main`: a message on
  /// standard error, exit status 78, nothing of it served.
  @Suite struct HandoffRefusalTests {
    static let refusedStatus: Int32 = 78

    private func prepared() throws -> PreparedLaunch {
      var handoff = LaunchHandoff()
      handoff.date = .constant(Date(timeIntervalSince1970: 1))
      handoff.stub(.any, .text("stub"))
      return try PreparedLaunch(handoff)
    }

    private func expectRefused(
      _ result: LaunchResult,
      saying text: String,
      sourceLocation: SourceLocation = #_sourceLocation
    ) {
      #expect(result.status == Self.refusedStatus, sourceLocation: sourceLocation)
      #expect(result.standardOutput == "", sourceLocation: sourceLocation)
      #expect(
        result.standardError.contains("SharedInstances: refused the test's launch hand-off: "),
        sourceLocation: sourceLocation
      )
      #expect(
        result.standardError.contains(text),
        "\(result.standardError)",
        sourceLocation: sourceLocation
      )
    }

    @Test func aMalformedHandoffIsRefused() async throws {
      let launch = try prepared()
      try Data("{ not json".utf8).write(to: launch.handoffFile)
      let result = try await Fixture.launch(["date"], environment: launch.environment)
      expectRefused(result, saying: "is not a valid hand-off (malformed or truncated")
    }

    @Test func aTruncatedHandoffIsRefused() async throws {
      let launch = try prepared()
      let whole = try Data(contentsOf: launch.handoffFile)
      try whole.prefix(whole.count / 2).write(to: launch.handoffFile)
      let result = try await Fixture.launch(["date"], environment: launch.environment)
      expectRefused(result, saying: "malformed or truncated")
    }

    @Test func anotherLaunchsHandoffIsRefused() async throws {
      let launch = try prepared()
      let other = try prepared()
      var environment = launch.environment
      environment[PreparedLaunch.tokenVariable] = other.token
      let result = try await Fixture.launch(["date"], environment: environment)
      expectRefused(result, saying: "belongs to another launch or an earlier run")
    }

    @Test func anEarlierRunsHandoffIsRefused() async throws {
      let launch = try prepared()
      let environment = launch.environment
      launch.finish()
      let result = try await Fixture.launch(["date"], environment: environment)
      expectRefused(result, saying: "there is no file at")
    }

    @Test func aHandoffOthersCanReadIsRefused() async throws {
      let launch = try prepared()
      #expect(chmod(launch.handoffFile.path, 0o644) == 0)
      let result = try await Fixture.launch(["date"], environment: launch.environment)
      expectRefused(
        result,
        saying: "can be read or written by other users (mode 644, expected 600)"
      )
    }

    @Test func aHandoffOfAnotherVersionIsRefused() async throws {
      let launch = try prepared()
      let text = try String(contentsOf: launch.handoffFile, encoding: .utf8)
      try text.replacingOccurrences(of: "\"version\":1", with: "\"version\":0")
        .write(to: launch.handoffFile, atomically: false, encoding: .utf8)
      let result = try await Fixture.launch(["date"], environment: launch.environment)
      expectRefused(result, saying: "has version 0 of the hand-off")
    }

    @Test func aLaunchWithoutTokenIsRefused() async throws {
      let launch = try prepared()
      let result = try await Fixture.launch(
        ["date"],
        environment: [PreparedLaunch.pathVariable: launch.handoffFile.path]
      )
      expectRefused(result, saying: "the launch carries no token")
    }

    @Test func anUndeclaredScenarioIsRefused() async throws {
      var handoff = LaunchHandoff()
      handoff.scenario("noSuchScenario")
      let launch = try PreparedLaunch(handoff)
      let result = try await Fixture.launch(["greeting"], environment: launch.environment)
      expectRefused(
        result,
        saying: "chooses the scenario \"noSuchScenario\", which the program does not declare"
      )
      #expect(launch.report().refusals.count == 1)
    }

    @Test func anOverrideThatDoesNotDecodeIsRefused() async throws {
      var handoff = LaunchHandoff()
      try handoff.override(named: "Fixture.settings", with: ["pageSize": "five"])
      let launch = try PreparedLaunch(handoff)
      let result = try await Fixture.launch(["settings"], environment: launch.environment)
      expectRefused(result, saying: "the override of the box \"Fixture.settings\" does not decode")
    }

    @Test func theHandoffIsPrivateToItsUser() throws {
      let launch = try prepared()
      var info = stat()
      #expect(stat(launch.folder.path, &info) == 0)
      #expect(info.st_mode & 0o777 == 0o700)
      #expect(stat(launch.handoffFile.path, &info) == 0)
      #expect(info.st_mode & 0o777 == 0o600)
      #expect(info.st_uid == getuid())
    }

    /// A release build of the fixture (CI builds one and names it in
    /// `SHARED_INSTANCES_LAUNCH_RELEASE_FIXTURE`) serves nothing of a hand-off: it does not even
    /// read the file.
    @Test(
      .enabled(
        if: ProcessInfo.processInfo.environment["SHARED_INSTANCES_LAUNCH_RELEASE_FIXTURE"] != nil
      )
    )
    func aReleaseBuildServesNothingOfAHandoff() async throws {
      let release = URL(
        fileURLWithPath: ProcessInfo.processInfo.environment[
          "SHARED_INSTANCES_LAUNCH_RELEASE_FIXTURE"
        ]!
      )
      var handoff = LaunchHandoff()
      handoff.date = .constant(Date(timeIntervalSince1970: 1))
      handoff.stub(.any, .text("stub"))
      try handoff.scenario("greeting", ["text": "from the test"])
      let launch = try PreparedLaunch(handoff)
      // Even a hand-off others could tamper with is not looked at.
      try Data("{ not json".utf8).write(to: launch.handoffFile)
      let result = try await Fixture.launch(
        ["launched", "greeting", "date"],
        environment: launch.environment,
        url: release
      )
      #expect(result.status == 0)
      #expect(result.lines.prefix(2) == ["launched false", "greeting real greeting"])
      #expect(result.lines.last != "date 1.0")
      #expect(result.standardError == "")
      #expect(!launch.report().accepted)
      #expect(launch.report().processes == 0)
    }
  }
#endif
