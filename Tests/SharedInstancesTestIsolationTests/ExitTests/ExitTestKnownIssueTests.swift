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
      let copiedFromTheLog =
        "was bootstrapped twice in \(name) (in the child process of one of its exit tests)"
      #expect(await knownIssuesOfAChildThatBootstrapsTwice(matching: copiedFromTheLog) == 1)
    }

    /// The same under a suite with the trait, whose tests share one issue handler.
    @Suite(.isolatedShared) struct UnderASuiteWithTheTrait {
      @Test func aMatcherCopiedFromTheLogMatchesTheChildsFailure() async throws {
        let name = try #require(Test.current).name
        let copiedFromTheLog =
          "was bootstrapped twice in \(name) (in the child process of one of its exit tests)"
        #expect(await knownIssuesOfAChildThatBootstrapsTwice(matching: copiedFromTheLog) == 1)
      }
    }

    /// A matcher written for the child's own text (as the previous release showed it) still
    /// matches in an isolated test.
    @Test(.isolatedShared) func aMatcherOfTheChildsOwnTextStillMatches() async {
      let childsOwnText = "was bootstrapped twice in exit test child process"
      // The matcher sees the child's copy when Swift Testing records it, and again the renamed
      // copy, which quotes the child's text.
      #expect(await knownIssuesOfAChildThatBootstrapsTwice(matching: childsOwnText) >= 1)
    }

    /// Outside an isolated test nothing renames the child's failure: the matcher sees the
    /// child's own text, as the log does.
    @Test func withoutIsolationTheMatcherSeesTheChildsOwnText() async {
      let childsOwnText = "was bootstrapped twice in exit test child process"
      #expect(await knownIssuesOfAChildThatBootstrapsTwice(matching: childsOwnText) == 1)
    }
  #endif
}

#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  /// Runs an exit test whose child bootstraps a box twice, inside `withKnownIssue`, and returns
  /// how many of the issues it reports a matcher looking for `text` took as known. An issue the
  /// matcher does not take fails the calling test.
  private func knownIssuesOfAChildThatBootstrapsTwice(matching text: String) async -> Int {
    let matched = Locked(0)
    await withKnownIssue {
      await #expect(processExitsWith: .success) {
        KnownIssueBoxes.backend.bootstrap(KnownIssueBackend("first"))
        KnownIssueBoxes.backend.bootstrap(KnownIssueBackend("second"))
      }
    } matching: { issue in
      guard "\(issue.comments)".contains(text) else { return false }
      matched.mutate { $0 += 1 }
      return true
    }
    return matched.get()
  }
#endif

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
