import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import Testing
import _SharedInstancesIsolation

/// An override left in the process-wide instance by code outside every scope
/// (a test that forgot its trait) is made visible to the other tests that read it.
@Suite struct LeakedOverrideTests {
  @Test func anotherTestReadingALeakedOverrideFailsOnceNamingWhereItCameFrom() async {
    await withIsolatedShared {}  // isolation is in use in this process
    // The override another test left behind (a test without the trait, as if it had run before
    // this one): made here, then attributed to that test.
    await Task.detached { LeakBoxes.leaked.override(with: Tagged("leaked")) }.value
    _LeakedOverrides.markOverrideLeaked(
      LeakBoxes.leaked,
      byTest: "checkoutShowsTheTotal()",
      location: _SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    )

    withKnownIssue {
      #expect(LeakBoxes.leaked.value.tag == "leaked")
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("read \(LeakBoxes.leaked.description)")
          && $0.rawValue.contains("test checkoutShowsTheTotal() installed with")
          && $0.rawValue.contains(
            ".override(with:) at SharedInstancesTestIsolationTests/LeakedOverrideTests"
          )
      }
    }
    // Once per box and test: the next read is not reported again.
    #expect(LeakBoxes.leaked.value.tag == "leaked")

    // A reset outside every scope ends the leak: reads are quiet again.
    await Task.detached { LeakBoxes.leaked.reset() }.value
    #expect(LeakBoxes.leaked.value.tag == "real")
  }

  @Test func anOverrideMadeByCodeNoTestOwnsIsNotBlamedOnAnotherTest() async {
    await withIsolatedShared {}
    // Maybe this test's own background work: it cannot be attributed, so nothing is reported.
    await Task.detached { LeakBoxes.unattributed.override(with: Tagged("from a thread")) }.value
    #expect(LeakBoxes.unattributed.value.tag == "from a thread")
    await Task.detached { LeakBoxes.unattributed.reset() }.value
  }

  @Test func theTestThatMadeTheOverrideMayReadItsOwnOverride() {
    withIsolatedShared {}
    LeakBoxes.own.override(with: Tagged("mine"))
    // Any issue recorded here would fail this test.
    #expect(LeakBoxes.own.value.tag == "mine")
    LeakBoxes.own.reset()
  }

  @Test func aRestoringOverrideIsNotALeak() async {
    await withIsolatedShared {}
    await Task.detached {
      LeakBoxes.restored.withOverride(Tagged("for a while")) {}
    }.value
    #expect(LeakBoxes.restored.value.tag == "real")
  }
}

// MARK: - Fixtures

private enum LeakBoxes {
  static let leaked = Resettable { Tagged("real") }
  static let own = Resettable { Tagged("real") }
  static let restored = Resettable { Tagged("real") }
  static let unattributed = Resettable { Tagged("real") }
}
