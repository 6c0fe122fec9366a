import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// Test defaults declared once: with the box, and for the whole test target.
@Suite(TimeLimits.waiting) struct TestDefaultTests {
  @Test func aRequiredBoxReadWithoutAnOverrideNeverRunsItsRealFactory() {
    let issues = Locked<[String]>([])
    withKnownIssue {
      withIsolatedShared {
        #expect(DefaultBoxes.gateway.value.charge() == "unimplemented")
        #expect(DefaultBoxes.gateway.value.charge() == "unimplemented")  // reported once
      }
    } matching: { issue in
      issues.mutate { $0.append(issue.comments.description) }
      return true
    }
    #expect(DefaultBoxes.gatewayRuns.value == 0, "the real factory ran in an isolated test")
    #expect(issues.get().count == 1)
    #expect(
      issues.get().first?.contains(
        "read Resettable<Gateway> (declared at SharedInstancesTestIsolationTests/TestDefaultFixtures"
      ) == true
    )
    #expect(issues.get().first?.contains("served the box's test default") == true)
  }

  @Test func aRequiredBoxWithATargetDefaultIsServedItWithoutAFailure() {
    withIsolatedShared {
      #expect(DefaultBoxes.payments.value.charge() == "spied")
      #expect(DefaultBoxes.payments.isOverridden)  // a test default is a test double
    }
    #expect(DefaultBoxes.paymentsRuns.value == 0)
    #expect(DefaultBoxes.payments.hasTestDefault)
  }

  @Test func anOverrideWinsOverEveryDefault() {
    withIsolatedShared {
      DefaultBoxes.payments.override(with: UnimplementedGateway())
      #expect(DefaultBoxes.payments.value.charge() == "unimplemented")
    }
  }

  @Test func theTargetsDefaultWinsOverTheOneDeclaredWithTheBox() {
    withIsolatedShared { #expect(DefaultBoxes.formatter.value.tag == "target default") }
  }

  @Test func anOptionalBoxIsServedItsDefaultSilentlyAndTheAppItsFactory() {
    let created = withIsolatedShared { DefaultBoxes.clock.value }
    #expect(created.tag == "fixed clock")
    #expect(DefaultBoxes.clockRuns.value == 0)
    #expect(DefaultBoxes.clock.value.tag == "system clock")  // outside isolation: the factory
    #expect(DefaultBoxes.clockRuns.value == 1)
  }

  @Test func eachTestGetsItsOwnDefaultAndAResetMakesANewOne() {
    let first = withIsolatedShared { DefaultBoxes.cart.value }
    let (second, afterReset) = withIsolatedShared { () -> (Tagged, Tagged) in
      let second = DefaultBoxes.cart.value
      DefaultBoxes.lifetime.end()
      return (second, DefaultBoxes.cart.value)
    }
    #expect(first !== second)
    #expect(second !== afterReset)
    #expect(afterReset.tag == "empty cart")
  }

  @Test(.isolatedShared.exempting(DefaultBoxes.exempted))
  func anExemptedBoxIsReadForReal() {
    #expect(DefaultBoxes.exempted.value.tag == "real")
  }

  @Test func anEmptyBoxWithADefaultIsServedItAndTheTestFails() {
    withKnownIssue {
      withIsolatedShared { #expect(DefaultBoxes.user.value.tag == "fixture user") }
    } matching: { issue in
      issue.comments.description.contains(
        "an empty box, which the test neither set nor overrode. It was served the box's test "
          + "default"
      )
    }
  }

  @Test func anEmptyBoxReadInATestIsServedTheProcessWideInstanceAndTheTestFails() {
    let messages = Locked<[String]>([])
    withKnownIssue {
      // The app's start-up, say (a change outside isolation, reported as such once isolated
      // tests use the box).
      DefaultBoxes.configuration.setIfEmpty(Tagged("process-wide configuration"))
      withIsolatedShared {
        #expect(DefaultBoxes.configuration.value.tag == "process-wide configuration")
        DefaultBoxes.configuration.withValue { #expect($0.tag == "process-wide configuration") }
      }
    } matching: { issue in
      messages.mutate { $0.append(issue.comments.description) }
      return true
    }
    #expect(
      messages.get().contains { $0.contains("so it was served the process-wide instance") }
    )
  }

  /// An order service: a job the test started runs after it returned, and reads
  /// the configuration the test had set. It used to find the box empty and stop the process.
  @Test func lateWorkInAnEndedScopeSeesTheValuesTheTestSet() async {
    await withKnownIssue {
      let job = AsyncLatch()
      let late = await withIsolatedShared { () -> Task<String, Never> in
        DefaultBoxes.lateConfiguration.set(Tagged("the test's configuration"))
        return Task {
          await job.wait()
          return DefaultBoxes.lateConfiguration.value.tag
        }
      }
      await job.open()
      #expect(await late.value == "the test's configuration")
    } matching: { issue in
      issue.comments.description.contains("after that test ended")
        && issue.comments.description.contains("It is served the instance the test had")
    }
  }
}
