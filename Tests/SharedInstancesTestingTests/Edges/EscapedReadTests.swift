import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing
import _SharedInstancesIsolation

/// Issue 14, item 5: a read from outside every test task that gets the process-wide instance of
/// a box a live isolated scope has overridden is warned about, once per box.
@Suite(.serialized) struct EscapedReadTests {
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
    return seen.get().filter { $0.contains("EdgeFixtures.swift") }
  }

  /// Before the fix, the thread's read escaped without a word.
  @Test func aThreadReadingABoxItsTestOverrodeIsWarnedAboutOnce() {
    let warnings = Self.warnings {
      withIsolatedShared {
        EdgeBoxes.escapedRead.override(with: Tagged("the test's double"))
        #expect(readOnThread { EdgeBoxes.escapedRead.value }.tag == "real")
        #expect(readOnThread { EdgeBoxes.escapedRead.value }.tag == "real")  // not again
        let use = SharedScope.current.touchedInstances.first {
          $0.boxDescription.contains("EdgeFixtures.swift")
        }
        #expect(use?.escapedReads == 2)  // both reads are in the test's record
      }
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("SharedScope.current") == true)
    #expect(warnings.first?.contains("Resettable<Tagged>") == true)
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
}
