import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing
import _SharedInstancesIsolation

/// Values a test (or its trait's set-up) installs are "set by the test", never "read for real":
/// strict mode does not fail them, and records list them as set.
@Suite struct ProvidedValueTests {
  @Test func aStrictTestReadsWhatItSetWithoutAFailure() {
    withIsolatedShared(.strict) {
      ProvidedBoxes.configuration.set(Tagged("the test's configuration"))
      #expect(ProvidedBoxes.configuration.value.tag == "the test's configuration")
      ProvidedBoxes.auditTrail.setIfEmpty(Tagged("a trail"))
      ProvidedBoxes.auditTrail.withValue { #expect($0.tag == "a trail") }
      let dependencies = _Scope.captured(by: SharedScope.current)!.dependencies()
      #expect(dependencies.allSatisfy { !$0.readRealInstance }, "\(dependencies)")
      #expect(dependencies.count == 2)
    }
  }

  @Test func anUpdateOfTheRealInstanceIsTheTestsValueFromThenOn() {
    withKnownIssue {
      withIsolatedShared(.strict) {
        _ = ProvidedBoxes.member.value  // the real one: a strict failure
        ProvidedBoxes.member.update { _ in Tagged("updated by the test") }
        #expect(ProvidedBoxes.member.value.tag == "updated by the test")  // no second failure
      }
    } matching: { issue in
      issue.comments.description.contains("read the real instance of Resettable<Tagged>")
    }
  }

  @Test(.isolatedShared(.strict) { ProvidedBoxes.fromSetUp.set(Tagged("from the set-up")) })
  func aValueTheTraitsSetUpInstalledIsTheTests() {
    #expect(ProvidedBoxes.fromSetUp.value.tag == "from the set-up")
    let dependency = _Scope.captured(by: SharedScope.current)!.dependencies().first {
      $0.identity === ProvidedBoxes.fromSetUp._boxIdentity
    }
    #expect(dependency?.readRealInstance == false)
    #expect(dependency?.changes.contains(.set) == true)
  }

  @Test func outsideIsolationASetValueIsTheAppsOwnInstance() {
    ProvidedBoxes.outside.set(Tagged("the app's"))
    #expect(ProvidedBoxes.outside.isOverridden == false)
    #expect(ProvidedBoxes.outside.value.tag == "the app's")
  }
}

// MARK: - Fixtures

private enum ProvidedBoxes {
  static let configuration = Resettable<Tagged>.empty()
  static let auditTrail = Resettable<Tagged>.empty()
  static let member = Resettable { Tagged("real") }
  static let fromSetUp = Resettable<Tagged>.empty()
  static let outside = Resettable { Tagged("real") }
}
