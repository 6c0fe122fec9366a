import IsolationTestSupport
import SharedInstances
import SharedInstancesSystem
import SharedInstancesTesting
import Testing

/// Every API of the test support that takes a box takes a `ResettableConvertible`: a
/// `Resettable`, a clock box or a value of the user's that stands for a box, in any mix.
@Suite struct ResettableConvertibleTests {
  @Test func aResettableStandsForItself() {
    #expect(ConvertibleBoxes.greeting.resettable === ConvertibleBoxes.greeting)
    let bootstrapped: Resettable<Tagged> = ConvertibleBoxes.bootstrapped.resettable
    #expect(bootstrapped === ConvertibleBoxes.bootstrapped)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(
    .isolatedShared(.strict)
      .exempting(SystemBoxes.suspendingClock, ConvertibleBoxes.greeting, ConvertibleBoxes.referred)
  )
  func aStrictTestMayExemptAClockABoxAndAValueThatStandsForABoxInOneCall() {
    // The target declares a default for the clock and the referred box: exempt, they are real.
    #expect(SystemBoxes.suspendingClock.value.now != ConvertibleBoxes.defaultClockNow)
    #expect(ConvertibleBoxes.greeting.value.tag == "real greeting")
    #expect(ConvertibleBoxes.referred.resettable.value.tag == "real referred")
    withKnownIssue {
      _ = ConvertibleBoxes.notExempt.value
    } matching: { issue in
      issue.comments.description.contains("ConvertibleBoxes.notExempt")
    }
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func theTargetsDefaultForAClockBoxIsServed() {
    #expect(SystemBoxes.suspendingClock.hasTestDefault)
    withIsolatedShared {
      #expect(SystemBoxes.suspendingClock.value.now == ConvertibleBoxes.defaultClockNow)
      #expect(SystemBoxes.suspendingClock.isOverridden)  // a test default is a test double
    }
  }

  @Test func theTargetsDefaultForAValueThatStandsForABoxIsServed() {
    #expect(ConvertibleBoxes.referred.resettable.hasTestDefault)
    withIsolatedShared {
      #expect(ConvertibleBoxes.referred.resettable.value.tag == "target default")
    }
  }
}

// MARK: - Fixtures

/// A value of the user's that refers to a box it does not declare.
struct ReferredBox: ResettableConvertible {
  let resettable: Resettable<Tagged>
}

enum ConvertibleBoxes {
  static let greeting = Resettable(name: "ConvertibleBoxes.greeting") { Tagged("real greeting") }
  static let bootstrapped = BootstrapOnce(
    name: "ConvertibleBoxes.bootstrapped",
    default: { Tagged("default") }
  )
  static let notExempt = Resettable(name: "ConvertibleBoxes.notExempt") { Tagged("real") }
  static let referred = ReferredBox(
    resettable: Resettable(name: "ConvertibleBoxes.referred") { Tagged("real referred") }
  )
  /// The instant the target's default clock for `SystemBoxes.suspendingClock` stands at.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  static var defaultClockNow: AnyClock<Duration>.Instant { .init(offset: .seconds(1234)) }
}
