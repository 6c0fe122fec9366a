import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// A failure an exit test's child raises reaches the parent test named after it; a
/// `withKnownIssue` matcher around the exit test sees that text, the one the log shows.
@Suite(TimeLimits.waiting) struct ExitTestKnownIssueTests {
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    /// Before the fix, the matcher saw "exit test child process", and a matcher copied from
    /// the log ("<test> (in the child process of one of its exit tests)") never matched.
    @Test(.isolatedShared) func aMatcherCopiedFromTheLogMatchesTheChildsFailure() async throws {
      let name = try #require(Test.current).name
      let matched = Locked(0)
      await withKnownIssue {
        await #expect(processExitsWith: .success) {
          KnownIssueBoxes.backend.bootstrap(KnownIssueBackend("first"))
          KnownIssueBoxes.backend.bootstrap(KnownIssueBackend("second"))
        }
      } matching: { issue in
        let copiedFromTheLog =
          "was bootstrapped twice in \(name) (in the child process of one of its exit tests)"
        guard "\(issue.comments)".contains(copiedFromTheLog) else { return false }
        matched.mutate { $0 += 1 }
        return true
      }
      #expect(matched.get() == 1)
    }

    /// The same under a suite with the trait, whose tests share one issue handler.
    @Suite(.isolatedShared) struct UnderASuiteWithTheTrait {
      @Test func aMatcherCopiedFromTheLogMatchesTheChildsFailure() async throws {
        let name = try #require(Test.current).name
        let matched = Locked(0)
        await withKnownIssue {
          await #expect(processExitsWith: .success) {
            KnownIssueBoxes.backend.bootstrap(KnownIssueBackend("first"))
            KnownIssueBoxes.backend.bootstrap(KnownIssueBackend("second"))
          }
        } matching: { issue in
          let copiedFromTheLog =
            "was bootstrapped twice in \(name) (in the child process of one of its exit tests)"
          guard "\(issue.comments)".contains(copiedFromTheLog) else { return false }
          matched.mutate { $0 += 1 }
          return true
        }
        #expect(matched.get() == 1)
      }
    }

    /// A matcher written for the child's own text (as the previous release showed it) still
    /// matches in an isolated test.
    @Test(.isolatedShared) func aMatcherOfTheChildsOwnTextStillMatches() async {
      await withKnownIssue {
        await #expect(processExitsWith: .success) {
          KnownIssueBoxes.backend.bootstrap(KnownIssueBackend("first"))
          KnownIssueBoxes.backend.bootstrap(KnownIssueBackend("second"))
        }
      } matching: { issue in
        "\(issue.comments)".contains("was bootstrapped twice in exit test child process")
      }
    }

    /// Outside an isolated test nothing renames the child's failure: the matcher sees the
    /// child's own text, as the log does.
    @Test func withoutIsolationTheMatcherSeesTheChildsOwnText() async {
      let matched = Locked(0)
      await withKnownIssue {
        await #expect(processExitsWith: .success) {
          KnownIssueBoxes.backend.bootstrap(KnownIssueBackend("first"))
          KnownIssueBoxes.backend.bootstrap(KnownIssueBackend("second"))
        }
      } matching: { issue in
        guard "\(issue.comments)".contains("was bootstrapped twice in exit test child process")
        else { return false }
        matched.mutate { $0 += 1 }
        return true
      }
      #expect(matched.get() == 1)
    }
  #endif
}

// MARK: - Fixtures

private struct KnownIssueBackend: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}

private enum KnownIssueBoxes {
  static let backend = BootstrapOnce<KnownIssueBackend>(name: "KnownIssue.backend") {
    KnownIssueBackend("no-op")
  }
}
