import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing
import _SharedInstancesIsolation

/// What an exit test's child says about the library: its stop can be read after the body left
/// the child's isolation, a second bootstrap in the isolated child says how to test the
/// program's stop, and a read the parent provided says that providing does not cross the process
/// boundary.
@Suite(TimeLimits.waiting) struct ExitTestReportTests {
  /// The texts of the issues `body` records.
  private static func texts(during body: @Sendable () async throws -> Void) async -> [String] {
    let texts = Locked<[String]>([])
    try? await withKnownIssue {
      try await body()
    } matching: { issue in
      texts.mutate { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    return texts.get()
  }

  /// Before the fix, a strict parent's failure for its child's read, and the library's stop of
  /// the child, pointed at the line of the library that relayed them (ExitTestRelay.swift).
  @Test(.isolatedShared(.strict)) func theChildsReportsPointAtTheParentTest() throws {
    let test = try #require(Test.current)
    let parent = ExitTestRelay.Parent(
      testName: test.name,
      scope: _Scope.captured(by: SharedScope.current),
      recorder: nil,
      testID: .init(suite: "ExitTestReportTests", name: test.name),
      testLocation: test.sourceLocation
    )
    for event in [
      ExitTestRelay.Event(kind: .read, type: "Resettable<X>", description: "X", readReal: true),
      ExitTestRelay.Event(kind: .stop, message: "SharedInstances: stopped"),
    ] {
      let payload = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
      var relayed: Issue?
      withKnownIssue {
        relayed = Issue.record(Comment(rawValue: "relayed\n\(ExitTestRelay.marker)\(payload)"))
      }
      let handled = try #require(relayed.flatMap { parent.handle($0) })
      #expect(handled.sourceLocation == test.sourceLocation)
    }
  }

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    /// Before the fix, leaving the isolation also stopped marking the library's stop: the
    /// documented "second bootstrap" exit test read nil.
    @Test func theLibrarysStopIsReadAfterTheBodyLeftTheChildsIsolation() async {
      let result = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) {
        SharedScope.leaveExitTestIsolation()
        ExitReportBoxes.backend.bootstrap(ExitReportBackend("first"))
        ExitReportBoxes.backend.bootstrap(ExitReportBackend("second"))
      }
      let message = result?.sharedInstancesStopMessage
      #expect(message?.contains("can only be bootstrapped once per process") == true)
    }

    /// Before the fix, an exit test of the previous release (a second bootstrap expected to
    /// stop the child) failed with `.failure → .exitCode(0)` and a message that did not say how
    /// to test the program's stop.
    @Test func aSecondBootstrapInTheIsolatedChildSaysHowToTestTheStop() async {
      let texts = await Self.texts {
        await #expect(processExitsWith: .failure) {
          ExitReportBoxes.backend.bootstrap(ExitReportBackend("first"))
          ExitReportBoxes.backend.bootstrap(ExitReportBackend("second"))
        }
      }
      let bootstrap = texts.first { $0.contains("was bootstrapped twice") }
      #expect(bootstrap?.contains("SharedScope.leaveExitTestIsolation()") == true, "\(texts)")
    }

    /// Before the fix, the child told the test to override the box "for this test", which the
    /// parent test had done: overrides do not reach the child.
    @Test(.isolatedShared) func aReadTheParentProvidedSaysProvidingDoesNotCrossIntoTheChild()
      async
    {
      ExitReportBoxes.required.override(with: ExitReportBackend("the parent's"))
      let texts = await Self.texts {
        await #expect(processExitsWith: .success) {
          _ = ExitReportBoxes.required.value
        }
      }
      let read = texts.first { $0.contains("declared inTests: .required") }
      #expect(read?.contains("do not cross into the exit test's child process") == true, "\(texts)")
    }
  #endif
}

// MARK: - Fixtures

private struct ExitReportBackend: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}

private enum ExitReportBoxes {
  static let backend = BootstrapOnce<ExitReportBackend>(name: "ExitReport.backend") {
    ExitReportBackend("no-op")
  }
  static let required = Resettable(
    inTests: .required(default: { ExitReportBackend("test default") })
  ) { ExitReportBackend("real") }
}
