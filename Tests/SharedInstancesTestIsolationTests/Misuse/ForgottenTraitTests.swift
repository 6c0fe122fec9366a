import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// A test that forgot the trait is reported whatever runs at the same moment.
@Suite struct ForgottenTraitTests {
  /// Before the fix, the change was reported only while an isolated scope used the box at that
  /// very moment: here none does, and nothing was reported.
  @Test func aChangeOutsideIsolationOfABoxIsolatedTestsUsedIsReported() {
    withIsolatedShared { _ = EdgeBoxes.forgotten.value }  // an isolated test used the box; ended
    withKnownIssue {
      EdgeBoxes.forgotten.override(with: Tagged("leaks into later tests"))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("override(with:)") && text.contains("which isolated tests in")
        && issue.sourceLocation?.fileName == "ForgottenTraitTests.swift"
    }
    withKnownIssue {
      EdgeBoxes.forgotten.reset()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("reset()")
    }
  }

  /// Before the fix, a change made before any scope touched the box was never reported.
  @Test func aChangeOutsideIsolationIsReportedWhenAnIsolatedScopeFirstTouchesTheBox() {
    withIsolatedShared {}  // isolation is in use in this process: the check starts
    EdgeBoxes.forgottenLater.set(Tagged("set by a test without the trait"))
    let line = #line - 1
    withKnownIssue {
      withIsolatedShared { _ = EdgeBoxes.forgottenLater.value }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("set(_:)") && text.contains("ForgottenTraitTests.swift:\(line)")
    }
    EdgeBoxes.forgottenLater.withOverride(Tagged("restored")) {}  // puts itself back: not reported
  }
}
