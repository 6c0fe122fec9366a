import Dispatch
import TestSupport
import Testing

/// The tests' bounded waits: a wait that runs out fails the running test, naming what it waited
/// for, instead of hanging the run.
@Suite(TimeLimits.waiting) struct WaitingTests {
  @Test func aSemaphoreThatIsNeverSignalledFailsTheTestNamingTheWait() {
    let never = DispatchSemaphore(value: 0)
    withKnownIssue {
      #expect(never.waitOrFail("a signal nobody sends", seconds: 0.05) == false)
    } matching: { issue in
      issue.comments.description.contains("Waited 0 s for a signal nobody sends, in vain")
        && issue.sourceLocation?.fileName == "WaitingTests.swift"
    }
  }

  @Test func aGroupThatNeverEmptiesFailsTheTestNamingTheWait() {
    let group = DispatchGroup()
    group.enter()
    withKnownIssue {
      #expect(group.waitOrFail("a task that never leaves", seconds: 0.05) == false)
    } matching: { issue in
      issue.comments.description.contains("for a task that never leaves, in vain")
    }
    group.leave()
  }

  @Test func aLatchThatNeverOpensFailsTheTestNamingTheWait() {
    let latch = Latch()
    withKnownIssue {
      #expect(latch.waitOrFail("a latch nobody opens", seconds: 0.05) == false)
    } matching: { issue in
      issue.comments.description.contains("for a latch nobody opens, in vain")
    }
  }

  @Test func aWaitThatIsSatisfiedRecordsNothing() {
    // Signalled, not created with a value of 1: libdispatch stops a process that releases a
    // semaphore whose value is below the one it was created with.
    let semaphore = DispatchSemaphore(value: 0)
    semaphore.signal()
    let group = DispatchGroup()
    let latch = Latch()
    latch.open()
    #expect(semaphore.waitOrFail("a signal already sent"))
    #expect(group.waitOrFail("an empty group"))
    #expect(latch.waitOrFail("an open latch"))
  }
}
