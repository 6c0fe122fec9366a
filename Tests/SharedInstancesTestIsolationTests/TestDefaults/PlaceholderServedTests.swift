import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// Where a read must not reach the real thing and there is no test default (a `.required` box
/// not overridden, an empty box with no process-wide instance), a box whose type has a
/// placeholder (`SpyPlaceholder`) is served it: one failure at the test, no factory, no stop.
enum PlaceholderBoxes {
  static let factoryRuns = Locked(0)
  static let requiredCount = Resettable(inTests: .required) { () -> Int in
    PlaceholderBoxes.factoryRuns.mutate { $0 += 1 }
    return 42
  }
  static let requiredEndpoint = Resettable(inTests: .required) { () -> URL in
    PlaceholderBoxes.factoryRuns.mutate { $0 += 1 }
    return URL(string: "https://payments.invalid/charges")!
  }
  static let requiredTariff = Resettable(inTests: .required) { () -> PlaceholderTariff in
    PlaceholderBoxes.factoryRuns.mutate { $0 += 1 }
    return PlaceholderTariff(name: "live")
  }
  static let emptyRegion = Resettable<String>.empty()
}

struct PlaceholderTariff: Equatable, SpyPlaceholder {
  let name: String
  static var spyPlaceholder: PlaceholderTariff { PlaceholderTariff(name: "placeholder") }
}

@Suite(.serialized) struct PlaceholderServedTests {
  private func isPlaceholderFailure(_ issue: Issue, naming type: String) -> Bool {
    let text = issue.comments.map(\.rawValue).joined()
    return text.contains("served the placeholder of \(type)") && text.contains("not a real")
  }

  @Test(.isolatedShared) func aRequiredIntBoxIsServedZeroWithOneFailureAndNoFactory() {
    let before = PlaceholderBoxes.factoryRuns.get()
    withKnownIssue {
      #expect(PlaceholderBoxes.requiredCount.value == 0)
      #expect(PlaceholderBoxes.requiredCount.value == 0)  // the same test: reported once
    } matching: {
      isPlaceholderFailure($0, naming: "Int")
    }
    #expect(PlaceholderBoxes.factoryRuns.get() == before)
  }

  @Test(.isolatedShared) func aRequiredURLBoxNeverReachesTheRealEndpoint() {
    let before = PlaceholderBoxes.factoryRuns.get()
    withKnownIssue {
      #expect(PlaceholderBoxes.requiredEndpoint.value == URL.spyPlaceholder)
    } matching: {
      isPlaceholderFailure($0, naming: "URL")
    }
    #expect(PlaceholderBoxes.factoryRuns.get() == before)
  }

  @Test(.isolatedShared) func aTypeTheUserMarkedIsServedItsPlaceholder() {
    let before = PlaceholderBoxes.factoryRuns.get()
    withKnownIssue {
      #expect(PlaceholderBoxes.requiredTariff.value.name == "placeholder")
    } matching: {
      isPlaceholderFailure($0, naming: "PlaceholderTariff")
    }
    #expect(PlaceholderBoxes.factoryRuns.get() == before)
  }

  @Test(.isolatedShared) func anOverrideStillWinsWithoutAFailure() {
    PlaceholderBoxes.requiredCount.override(with: 7)
    #expect(PlaceholderBoxes.requiredCount.value == 7)
  }

  @Test(.isolatedShared) func anEmptyStringBoxWithNoProcessWideValueIsServedTheEmptyString() {
    withKnownIssue {
      #expect(PlaceholderBoxes.emptyRegion.value == "")
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return isPlaceholderFailure(issue, naming: "String")
        && text.contains("no test default and no process-wide instance")
    }
  }
}
