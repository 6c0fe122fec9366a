import Foundation
import SharedInstancesDependencyMap
import SharedInstancesTesting
import XCTest

@testable import SharedInstancesLaunchTesting

// Launches processes with `Process`, which macOS and Linux have.
#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  /// An XCTest's launched process: its reads join the test's record and the dependency map
  /// under the XCTest test's name, as a Swift Testing test's do.
  final class LaunchDependencyMapXCTests: IsolatedSharedTestCase {
    func testTheLaunchedProcessesReadsJoinTheMapUnderThisTest() async throws {
      let result = try await PreparedLaunch(LaunchHandoff()).run(
        Fixture.url,
        arguments: ["unoverridden"]
      )
      let recorder = DependencyRecorder(testName: name, recordPath: "/dev/null", recording: nil)
      let map = try XCTUnwrap(
        DependencyMap.make(environment: SharedInstancesEnvironment(["SHARED_INSTANCES_MAP": "/x"]))
      )
      DependencyRecorder.$current.withValue(recorder) {
        PreparedLaunch.recordReads(result.report, map: map)
      }

      XCTAssertEqual(Array(recorder.childTouched.withLock { $0 }.values), [[.readsRealInstance]])
      let markdown = map.markdown()
      XCTAssertTrue(markdown.contains("Fixture.unoverridden"), markdown)
      XCTAssertTrue(
        markdown.contains(
          "LaunchDependencyMapXCTests/testTheLaunchedProcessesReadsJoinTheMapUnderThisTest"
        ),
        markdown
      )
    }
  }
#endif
