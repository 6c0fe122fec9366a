import Foundation
import SharedInstancesTesting
import TestSupport
import Testing

@testable import SharedInstancesLaunchTesting

// Launches processes with `Process`, which macOS and Linux have.
#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  /// A test bundle hosted in an app: the app's launch code reads boxes before any test begins.
  /// `shared-instances-hosted-fixture` is such an app with its tests inside; each run must pass
  /// every one of them (see its main.swift for what they check).
  @Suite(TimeLimits.waiting) struct HostedTestBundleTests {
    @Test func xcTestTestsSeeAndResetTheLaunchsReads() async throws {
      let result = try await Self.runHostedTests(["xctest"])
      #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
      #expect(result.standardOutput.contains("Executed 3 tests, with 0 failures"))
    }

    @Test(arguments: [[], ["--no-parallel"]])
    func swiftTestingTestsSeeAndResetTheLaunchsReads(arguments: [String]) async throws {
      let result = try await Self.runHostedTests(arguments)
      let output = result.standardOutput + result.standardError
      #expect(result.status == 0, "\(output)")
      #expect(output.contains("Test run with 2 tests in 2 suites passed"), "\(output)")
    }

    // MARK: - Fixtures

    static let hostedURL = Fixture.url.deletingLastPathComponent()
      .appendingPathComponent("shared-instances-hosted-fixture")

    /// Runs the hosted fixture's tests, with this process's environment less the library's own
    /// variables (a dependency map or record mode of this run is not the fixture's).
    static func runHostedTests(_ arguments: [String]) async throws -> LaunchResult {
      let environment = ProcessInfo.processInfo.environment.filter {
        !$0.key.hasPrefix("SHARED_INSTANCES_")
      }
      return try await Fixture.launch(arguments, environment: environment, url: hostedURL)
    }
  }
#endif
