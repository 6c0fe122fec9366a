import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// Work that outlives its scope. Every late use is reported, once per scope
/// and box; an overridden box is served the test's double, never a new real instance.
@Suite(TimeLimits.waiting) struct LateUseTests {
  /// Before the fix, only the first late use was reported (one issue, not three), and the late
  /// read of the overridden box got a new real instance.
  @Test func everyBoxUsedLateIsReportedOnceAndAnOverriddenOneServesTheDouble() {
    let late = withIsolatedShared { () -> SharedScope in
      EdgeBoxes.lateOverride.override(with: Tagged("the test's double"))
      return SharedScope.current
    }
    let messages = Locked<[String]>([])
    let served = Locked<[String]>([])
    withKnownIssue {
      late.run {
        served.mutate { $0.append(EdgeBoxes.lateOverride.value.tag) }
        served.mutate { $0.append(EdgeBoxes.lateOverride.value.tag) }  // not reported again
        served.mutate { $0.append(EdgeBoxes.lateUse.value.tag) }
        EdgeBoxes.lateWrite.override(with: Tagged("written into the ended scope"))
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      messages.mutate { $0.append(text) }
      return text.contains("after that test ended")
    }
    #expect(served.get() == ["the test's double", "the test's double", "real"])
    let reported = messages.get()
    #expect(reported.count == 3)
    #expect(reported.contains { $0.contains("served the override") })
    #expect(reported.contains { $0.contains("created by the box's factory") })
    #expect(EdgeBoxes.lateWrite.value.tag == "real")  // the process-wide instance is untouched
  }

  /// A leaked task keeps reading a box in a loop: one report, not one per read.
  @Test func aLoopOfLateReadsIsReportedOnce() async {
    let count = Locked(0)
    await withKnownIssue {
      let gate = AsyncLatch()
      let late = await withIsolatedShared {
        EdgeBoxes.lateOverride.override(with: Tagged("double"))
        return Task {
          await gate.wait()
          var tags: [String] = []
          for _ in 0..<100 { tags.append(EdgeBoxes.lateOverride.value.tag) }
          return tags
        }
      }
      await gate.open()
      #expect(Set(await late.value) == ["double"])
    } matching: { issue in
      count.mutate { $0 += 1 }
      return issue.comments.map(\.rawValue).joined().contains("after that test ended")
    }
    #expect(count.get() == 1)
  }
}
