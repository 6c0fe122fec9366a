import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing
import _SharedInstancesIsolation

/// A read from outside every test task that gets the process-wide instance of
/// a box a live isolated scope has overridden fails that test, once per box.
@Suite(.serialized, TimeLimits.waiting) struct EscapedReadTests {
  /// Captures the warnings while `body` runs, passing them on as well.
  private static func warnings(during body: () -> Void) -> [String] {
    let seen = Locked<[String]>([])
    withIsolatedShared {}  // the testing module's handler is installed
    let previous = _EscapedReads.handler.withLock { handler in
      let previous = handler
      handler = { diagnostic in
        seen.mutate { $0.append(diagnostic.message) }
        previous?(diagnostic)
      }
      return previous
    }
    body()
    _EscapedReads.handler.withLock { $0 = previous }
    return seen.get().filter { $0.contains("EdgeBoxes.swift") }
  }

  /// Runs `body`, which must record escaped-read failures of boxes declared in `file`, and
  /// returns their messages (each a known issue of the running test).
  static func escapeFailures(of file: String, during body: () -> Void) -> [String] {
    let seen = Locked<[String]>([])
    withKnownIssue {
      body()
    } matching: { issue in
      let text = "\(issue.comments)"
      guard text.contains("was read outside the test's tasks"), text.contains(file) else {
        return false
      }
      seen.mutate { $0.append(text) }
      return true
    }
    return seen.get()
  }

  /// Before the fix, the thread's read escaped without a word; then it was a warning of no
  /// test, and the test passed.
  @Test func aThreadReadingABoxItsTestOverrodeFailsTheTestOnce() {
    let failures = Self.escapeFailures(of: "EdgeBoxes.swift") {
      withIsolatedShared {
        EdgeBoxes.escapedRead.override(with: Tagged("the test's double"))
        #expect(escapeOnThread { EdgeBoxes.escapedRead.value }.tag == "real")
        #expect(escapeOnThread { EdgeBoxes.escapedRead.value }.tag == "real")  // not again
        let use = SharedScope.current.touchedInstances.first {
          $0.boxDescription.contains("EdgeBoxes.swift")
        }
        #expect(use?.escapedReads == 2)  // both reads are in the test's record
      }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.contains("SharedScope.current") == true)
    #expect(failures.first?.contains("Resettable<Tagged>") == true)
  }

  @Test func aCarriedScopeOrATestTaskIsNotWarnedAbout() {
    let warnings = Self.warnings {
      withIsolatedShared {
        EdgeBoxes.escapedRead.override(with: Tagged("the test's double"))
        let scope = SharedScope.current
        #expect(
          readOnThread { scope.run { EdgeBoxes.escapedRead.value } }.tag == "the test's double"
        )
      }
      withIsolatedShared {
        EdgeBoxes.escapedRead.override(with: Tagged("another double"))
        _ = EdgeBoxes.escapedRead.value  // outside the scope? no: on the scope's own task
      }
    }
    #expect(warnings.isEmpty)
  }

  #if compiler(>=6.2)
    /// Swift Testing hands an issue recorded where no test runs (on a `Thread`) to the issue
    /// handler of every test running, besides the run's own; each isolated test case had two.
    /// Before the fix, one escaped read was one warning for the run and two more for each
    /// isolated test case running then: 57,000 warnings for 41 reads in CI's ThreadSanitizer run.
    @Test func oneEscapedReadIsOneWarningHoweverManyIsolatedTestsRun() async throws {
      let test = try #require(Test.current)
      let delivered = Locked(0)
      // Outside both test cases below: every copy of the warning either case hands on reaches it.
      let counting = IssueHandlingTrait.compactMapIssues { issue in
        guard "\(issue.comments)".contains("EscapedReadTests.swift") else { return issue }
        delivered.mutate { $0 += 1 }
        return nil
      }
      try await counting.provideScope(for: test, testCase: Test.Case.current) {
        let besideRuns = AsyncLatch()
        let readDone = AsyncLatch()
        async let beside: Void = IsolatedSharedTrait.isolatedShared.provideScope(
          for: test,
          testCase: Test.Case.current
        ) {
          await besideRuns.open()
          await readDone.wait()
        }
        await besideRuns.wait()
        try await IsolatedSharedTrait.isolatedShared.provideScope(
          for: test,
          testCase: Test.Case.current
        ) {
          EscapedBoxes.readOnce.override(with: Tagged("the test's double"))
          #expect(escapeOnThread { EscapedBoxes.readOnce.value }.tag == "real")
        }
        await readDone.open()
        try await beside
      }
      #expect(delivered.get() == 1)
    }
  #endif
}

// MARK: - Fixtures

private enum EscapedBoxes {
  static let readOnce = Resettable { Tagged("real") }
}
