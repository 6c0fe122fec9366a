import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing
import _SharedInstancesIsolation

/// Boxes declared `inTests: .required`, the target-wide
/// `SHARED_INSTANCES_STRICT` switch and its opt-out, exemptions, checks that are not
/// dependencies, chains for reads inside factories, and reports at the test's line.
@Suite struct StrictModeTests {
  @Test func aRequiredBoxReadWithoutAnOverrideFailsANonStrictTestAndIsServedItsTestDefault() {
    let testLine = Test.current!.sourceLocation
    withKnownIssue {
      withIsolatedShared {
        // Never the real instance: the test default, and the test runs on.
        #expect(DependencyBoxes.network.value.tag == "unimplemented")
        _ = DependencyBoxes.network.value  // reported once
      }
    } matching: { issue in
      issue.sourceLocation == testLine
        && issue.comments.description.contains(
          "read Resettable<DepNetwork> (declared at "
            + "SharedInstancesDependencyMapTests/DependencyFixtures.swift:"
        )
        && issue.comments.description.contains(
          "), which is declared inTests: .required, without overriding it. It was "
            + "served the box's test default, not a real instance. Override it for this test "
            + "with override(with:), in the test or the trait's setUp"
        )
    }
  }

  @Test func aRequiredBoxThatIsOverriddenPasses() {
    #expect(DependencyBoxes.network.overrideInTests == .required)
    #expect(DependencyBoxes.analytics.overrideInTests == .optional)
    withIsolatedShared {
      DependencyBoxes.network.override(with: DepNetwork("fake"))
      #expect(DependencyBoxes.network.value.tag == "fake")
    }
  }

  @Test func aRequiredBoxOutsideIsolationIsJustABox() {
    #expect(DependencyBoxes.network.value.tag == "real")
  }

  @Test func theStrictVariableMakesEveryIsolatedScopeStrict() {
    SharedInstancesEnvironment.withValues(["SHARED_INSTANCES_STRICT": "1"]) {
      withKnownIssue {
        withIsolatedShared { _ = DependencyBoxes.analytics.value }
      } matching: { issue in
        issue.comments.description.contains(
          "Strict test withIsolatedShared at SharedInstancesDependencyMapTests/StrictModeTests.swift:"
        )
          && issue.comments.description.contains(
            "read the real instance of Resettable<DepAnalytics> (declared at "
              + "SharedInstancesDependencyMapTests/DependencyFixtures.swift:"
          )
          && issue.comments.description.contains(", exempt it, or drop strict mode.")
      }
    }
  }

  @Test func withoutTheVariableAScopeIsNotStrict() {
    SharedInstancesEnvironment.withValues([:]) {
      withIsolatedShared { #expect(DependencyBoxes.analytics.value.tag == "real") }
    }
  }

  @Test func aSuiteOptsOutOfTheStrictVariableButNotOfRequiredBoxes() {
    SharedInstancesEnvironment.withValues(["SHARED_INSTANCES_STRICT": "true"]) {
      withIsolatedShared(.allowsRealInstances) {
        #expect(DependencyBoxes.analytics.value.tag == "real")  // allowed: not reported
      }
      withKnownIssue {
        withIsolatedShared(.allowsRealInstances) { _ = DependencyBoxes.network.value }
      } matching: { issue in
        issue.comments.description.contains("inTests: .required")
      }
    }
  }

  @Test(.isolatedShared(.strict).exempting(DependencyBoxes.clock, DependencyBoxes.network))
  func exemptBoxesMayBeReadForRealEvenWhenRequired() {
    #expect(DependencyBoxes.clock.value.tag == "real")
    #expect(DependencyBoxes.network.value.tag == "real")
    withKnownIssue {
      _ = DependencyBoxes.analytics.value  // not exempt
    } matching: { issue in
      issue.comments.description.contains("Resettable<DepAnalytics>")
    }
  }

  @Test func theLibrarysOwnChecksAreNotDependencies() {
    withIsolatedShared(.strict) {
      #expect(DependencyBoxes.analytics.isOverridden == false)
      #expect(DependencyBoxes.analytics.currentValue == nil)
      #expect(DependencyBoxes.session.currentValue == nil)
      let dependencies = _Scope.captured(by: SharedScope.current)!.dependencies()
      #expect(dependencies.isEmpty, "\(dependencies.map(\.identity.description))")
    }
  }

  @Test func aReadInsideAFactoryIsReportedWithTheFactoryThatMadeIt() {
    let messages = Locked<[String]>([])
    withKnownIssue {
      withIsolatedShared(.strict) { _ = DependencyBoxes.profile.value }
    } matching: { issue in
      messages.mutate { $0.append(issue.comments.description) }
      return true
    }
    let all = messages.get()
    #expect(all.count == 2, "\(all)")
    // The read of the network, inside the profile's factory, names the chain; the required
    // network's factory never ran: its test default was served.
    #expect(
      all.contains {
        $0.contains("read Resettable<DepNetwork> (declared at ")
          && $0.contains(".required, inside the factory of Resettable<DepProfile> (declared at ")
          && $0.contains("It was served the box's test default, not a real instance.")
          && $0.contains(
            "Override Resettable<DepProfile> (then its factory does not run) or "
              + "Resettable<DepNetwork> for this test"
          )
      },
      "\(all)"
    )
    // The profile itself, read by the test for real, lists what its factory read.
    #expect(
      all.contains {
        $0.contains("read the real instance of Resettable<DepProfile> (declared at ")
          && $0.contains(
            "Its factory read only overridden shared instances (Resettable<DepNetwork>)"
          )
      },
      "\(all)"
    )
  }

  @Test func aBoxWhoseFactoryReadsOnlyOverriddenBoxesSaysSo() {
    withKnownIssue {
      withIsolatedShared(.strict) {
        DependencyBoxes.network.override(with: DepNetwork("fake"))
        #expect(DependencyBoxes.profile.value.network.tag == "fake")
      }
    } matching: { issue in
      issue.comments.description.contains("Resettable<DepProfile> (declared at ")
        && issue.comments.description.contains(
          "Its factory read only overridden shared instances (Resettable<DepNetwork>)"
        )
    }
  }

  @Test func aChainOfFactoriesIsPrintedInFull() {
    withKnownIssue {
      withIsolatedShared {  // not strict: only the required network is reported
        _ = DependencyBoxes.screen.value
      }
    } matching: { issue in
      issue.comments.description.contains(
        "inTests: .required, inside the factory of Resettable<DepProfile> (declared at "
      )
        && issue.comments.description.contains(
          ", read by the factory of Resettable<DepScreen> (declared at "
        )
    }
  }
}

/// Strict reports under contention: many tasks reading, at the same moment, a cold box whose
/// factory reads another box. Each box is still reported exactly once, with its chain.
@Suite struct StrictModeStressTests {
  @Test(arguments: 0..<20)
  func eachBoxIsReportedOnceWhateverTheContention(round: Int) async {
    let messages = Locked<[String]>([])
    await withKnownIssue {
      await withIsolatedShared(.strict) {
        await withTaskGroup(of: Void.self) { group in
          for index in 0..<64 {
            group.addTask {
              if index.isMultiple(of: 2) {
                _ = DependencyBoxes.profile.value
              } else {
                _ = DependencyBoxes.analytics.value
              }
            }
          }
        }
      }
    } matching: { issue in
      messages.mutate { $0.append(issue.comments.description) }
      return true
    }
    let all = messages.get()
    #expect(all.count == 3, "\(all)")
    #expect(all.filter { $0.contains("instance of Resettable<DepProfile>") }.count == 1)
    #expect(all.filter { $0.contains("instance of Resettable<DepAnalytics>") }.count == 1)
    #expect(
      all.filter {
        $0.contains("read Resettable<DepNetwork>")
          && $0.contains("inside the factory of Resettable<DepProfile>")
      }.count == 1
    )
  }
}
