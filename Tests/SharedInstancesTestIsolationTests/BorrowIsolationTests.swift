import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import Testing

/// `withValue(_:)` inside isolated tests reads exactly like `value`: the test's own instance or
/// override, counted in the record, reported by strict mode.
@Suite struct BorrowIsolationTests {
  @Test(.isolatedShared) func aBorrowInATestSeesTheTestsOverrideAndIsRecorded() {
    #expect(Borrowed.box.withValue { $0.tag } == "real")  // the scope's own instance
    Borrowed.box.override(with: Tagged("fake"))
    #expect(Borrowed.box.withValue { $0.tag } == "fake")
    #expect(Borrowed.box.withValue { $0.tag } == "fake")
    let use = SharedScope.current.touchedInstances.first
    #expect(use?.reads == 3)
    #expect(use?.overriddenReads == 2)
    #expect(use?.readRealInstance == true)
  }

  @Test(.isolatedShared) func parallelTestsBorrowTheirOwnOverrides() async {
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask {
          await withIsolatedShared(name: "borrower \(index)") {
            Borrowed.parallel.override(with: Tagged("test \(index)"))
            for _ in 0..<500 {
              #expect(Borrowed.parallel.withValue { $0.tag } == "test \(index)")
              await Task.yield()
            }
          }
        }
      }
    }
  }

  /// A borrow that misses (here: the process-wide instance does not exist yet) falls back to
  /// creating it, and still counts as one read: it is resolved once, not again on the way.
  @Test func aBorrowThatMustCreateTheInstanceCountsOneEscapedRead() {
    withKnownIssue {
      withIsolatedShared {
        Borrowed.escaping.override(with: Tagged("fake"))
        let tag = escapeOnThread { Borrowed.escaping.withValue { $0.tag } }
        #expect(tag == "real")  // outside the test's tasks: the process-wide instance
        #expect(SharedScope.current.touchedInstances.first?.escapedReads == 1)
      }
    } matching: { issue in
      "\(issue.comments)".contains("was read outside the test's tasks")  // and fails the test
    }
  }

  @Test func aStrictTestReportsABorrowOfTheRealInstance() {
    withKnownIssue {
      withIsolatedShared(.strict, name: "strict borrower") {
        _ = Borrowed.strict.withValue { $0.tag }
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("read the real instance") }
    }
  }
}

// MARK: - Fixtures

private enum Borrowed {
  static let box = Resettable { Tagged("real") }
  static let parallel = Resettable { Tagged("real") }
  static let strict = Resettable { Tagged("real") }
  static let escaping = Resettable { Tagged("real") }
}
