import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// Misuse that used to stop the whole test process. Where the library can go
/// on it fails the test and keeps the run alive; where it cannot, the message names the test.
@Suite(TimeLimits.waiting) struct StoppingMisuseTests {
  /// Before the fix, this read stopped the test process ("first read off the main actor").
  @Test(.isolatedShared) func aMainActorBoxFirstReadOffTheMainActorFailsTheTestAndGoesOn() {
    let thing = Locked<EdgeMainActorThing?>(nil)
    withKnownIssue {
      thing.set(StoppingBoxes.mainActor.value)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("off the main actor") && text.contains("The test goes on")
    }
    #expect(thing.get() != nil)
    #expect(StoppingBoxes.mainActor.value === thing.get())  // created once, for this test
  }

  /// Before the fix, the message did not say which test was running.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func readingAnEmptyBoxStopsNamingTheTest() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        withIsolatedShared(name: "checkoutShowsTheTotal()") {
          _ = StoppingBoxes.empty.value
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("is empty"), "\(message)")
      #expect(message.contains("checkoutShowsTheTotal()"), "\(message)")
    }
  #endif

  /// A `.required` box with no test default, read without an override: its real factory must not
  /// run, and there is nothing else to serve.
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aRequiredBoxWithNoTestDefaultStopsWithoutRunningItsFactory() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        withIsolatedShared(name: "chargesTheCard()") {
          _ = StoppingBoxes.requiredWithoutDefault.value
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(!message.contains("the real factory ran"), "\(message)")
      #expect(message.contains("declared inTests: .required, without overriding it"))
      #expect(message.contains("the box has no test default"), "\(message)")
      #expect(message.contains("Test chargesTheCard()"), "\(message)")
      #expect(message.contains("inTests: .required(default:"), "\(message)")
    }
  #endif

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aFactoryReadingItsOwnBoxStopsNamingTheTest() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        withIsolatedShared(name: "profileLoads()") {
          _ = StoppingBoxes.reentrant.value
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("read again by its own factory"), "\(message)")
      #expect(message.contains("profileLoads()"), "\(message)")
    }
  #endif

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aMainActorBoxReadOffTheMainActorOutsideAnyScopeStillStopsNamingTheScope() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let done = DispatchSemaphore(value: 0)
        Thread {
          _ = StoppingBoxes.mainActor.value  // no scope: cannot hop safely
          done.signal()
        }.start()
        done.waitOrFail("the read on another thread")
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("off the main actor"), "\(message)")
    }
  #endif
}
