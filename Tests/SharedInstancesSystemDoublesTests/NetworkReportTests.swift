import Foundation
import SharedInstances
import SharedInstancesSystem
import SharedInstancesTesting
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where the network's failures land in Swift Testing: on the test whose task made the request,
/// once per request, however the app handles the error.
@Suite struct NetworkReportTests {
  /// A session the guard's protocol answers, as `URLSession.shared` once the guard is installed
  /// (installed for real, it would guard every session this test process creates later).
  private static let guardedSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [RealNetworkGuardProtocol.self]
    return URLSession(configuration: configuration)
  }()

  /// What `body` recorded: each issue's text and where it points.
  private static func issues(
    during body: @Sendable () async throws -> Void
  ) async -> [(text: String, location: SourceLocation?)] {
    let seen = Locked<[(text: String, location: SourceLocation?)]>([])
    try? await withKnownIssue {
      try await body()
    } matching: { issue in
      seen.mutate { $0.append(("\(issue.comments)", issue.sourceLocation)) }
      return true
    }
    return seen.get()
  }

  /// Before the fix, the guard recorded the failure where no test runs (the run failed, on
  /// «unknown», at the line that installed the guard) and named the test per URL: six parallel
  /// cases asking for the same URL got each other's names or none.
  @Test(arguments: 0..<6)
  func theGuardFailsTheTestWhoseTaskMadeTheRequest(_ index: Int) async throws {
    let test = try #require(Test.current)
    let url = URL(string: "https://guarded.example.com/same")!
    let issues = await Self.issues {
      // The app swallows the error: the test fails all the same.
      _ = try? await Self.guardedSession.data(from: url)
    }
    try #require(issues.count == 1, "\(issues.map(\.text))")
    #expect(issues[0].text.contains("RealNetworkGuard stopped GET \(url)"))
    #expect(issues[0].text.contains("made by \(test.name)"))
    #expect(issues[0].location?.fileID == test.sourceLocation.fileID)
    #expect(issues[0].location?.line == test.sourceLocation.line)
  }

  /// Before the fix, a test that propagated the guard's error failed twice: the guard's failure
  /// and "Caught error: …".
  @Test func aStoppedRequestTheTestPropagatesFailsItOnce() async throws {
    let test = try #require(Test.current)
    let url = URL(string: "https://guarded.example.com/propagated")!
    let issues = await Self.issues {
      try await IsolatedSharedTrait.isolatedShared.provideScope(
        for: test,
        testCase: Test.Case.current
      ) {
        _ = try await Self.guardedSession.data(from: url)
      }
    }
    #expect(issues.count == 1, "\(issues.map(\.text))")
  }

  /// Before the fix, "No stub…" and "Caught error: No stub…".
  @Test func anUnansweredRequestTheTestPropagatesFailsItOnce() async throws {
    let test = try #require(Test.current)
    let url = URL(string: "https://api.example.com/unstubbed")!
    let issues = await Self.issues {
      try await IsolatedSharedTrait.isolatedShared.provideScope(
        for: test,
        testCase: Test.Case.current
      ) {
        _ = try await SystemBoxes.urlSession.value.data(from: url)
      }
    }
    try #require(issues.count == 1, "\(issues.map(\.text))")
    #expect(issues[0].text.contains("No stub of the test network"))
  }

  /// Before the fix, the failure of a default network (no line of the test's own to point at)
  /// was moved to the test with advice for "a library that wraps the box", which does not apply.
  @Test func anUnansweredRequestOfTheDefaultNetworkPointsAtTheTestWithoutAdvice() async throws {
    let test = try #require(Test.current)
    let url = URL(string: "https://api.example.com/unstubbed")!
    let issues = await Self.issues {
      await withIsolatedShared {
        _ = try? await SystemBoxes.urlSession.value.data(from: url)
      }
    }
    try #require(issues.count == 1, "\(issues.map(\.text))")
    #expect(!issues[0].text.contains("wraps the box"), "\(issues[0].text)")
    #expect(issues[0].location?.fileID == test.sourceLocation.fileID)
    #expect(issues[0].location?.line == test.sourceLocation.line)
  }
}
