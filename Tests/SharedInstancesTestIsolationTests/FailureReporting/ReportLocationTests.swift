import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import Testing

/// A misuse detected inside a library that wraps a box is reported at the
/// user's line: at the test's own location when the library did not forward its caller's, and at
/// the caller's line when it did.
@Suite struct ReportLocationTests {
  @Test func aMisuseInsideAnotherModuleIsReportedAtTheTestAndNamesWhereItWasDetected() {
    let testLocation = Test.current!.sourceLocation
    withKnownIssue {
      withIsolatedShared {
        // What a wrapper library's `bootstrapInternal` passes: its own location.
        for _ in 0..<2 {
          LocationBoxes.backend.bootstrap(
            Tagged("backend"),
            fileID: "MetricsLibrary/Metrics.swift",
            filePath: "/deps/swift-metrics/Sources/MetricsLibrary/Metrics.swift",
            line: 900,
            column: 9
          )
        }
      }
    } matching: { issue in
      issue.sourceLocation == testLocation
        && issue.comments.description.contains("was bootstrapped twice")
        && issue.comments.description.contains("detected at MetricsLibrary/Metrics.swift:900")
    }
  }

  @Test func aWrapperThatForwardsItsCallersLocationGetsTheFailureAtTheCallersLine() {
    let line = #line + 5
    withKnownIssue {
      withIsolatedShared {
        MetricsWrapper.bootstrap(Tagged("first"))
        // The second call, on the line `line` names:
        MetricsWrapper.bootstrap(Tagged("second"))
      }
    } matching: { issue in
      issue.sourceLocation?.fileName == "ReportLocationTests.swift"
        && issue.sourceLocation?.line == line
        && !issue.comments.description.contains("detected at")
    }
  }
}

// MARK: - Fixtures

private enum LocationBoxes {
  static let backend = BootstrapOnce<Tagged>(name: "Location.backend") {
    Tagged("no-op")
  }
}

/// The documented pattern: a wrapper's mutating API takes its caller's location and forwards it.
private enum MetricsWrapper {
  static let factory = BootstrapOnce<Tagged>(name: "MetricsWrapper.factory") {
    Tagged("no-op")
  }

  static func bootstrap(
    _ backend: Tagged,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    factory.bootstrap(backend, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
