import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesDependencyMap
import SharedInstancesTesting
import Testing

/// A test default is a test double the box serves in place of the real
/// instance. `isOverridden`, the initializer's docs, `touchedInstances` (an overridden read) and
/// the map ("Overridden by") all say so.
@Suite struct TestDefaultIsOverriddenTests {
  @Test(.isolatedShared) func aBoxThatServesItsTestDefaultIsOverridden() {
    #expect(TestDefaultBoxes.gateway.isOverridden)  // before the first read: what reads will get
    #expect(TestDefaultBoxes.gateway.value.tag == "unimplemented")
    #expect(TestDefaultBoxes.gateway.isOverridden)
    let use = SharedScope.current.touchedInstances.first { $0.name == "Defaults.gateway" }
    #expect(use?.reads == 1)
    #expect(use?.overriddenReads == 1)
    #expect(use?.readRealInstance == false)
  }

  @Test(.isolatedShared) func aValueTheTestSetIsNotOverridden() {
    TestDefaultBoxes.gateway.set(Tagged("the test's own"))
    #expect(!TestDefaultBoxes.gateway.isOverridden)
  }

  @Test(.isolatedShared) func anEmptyBoxWithATestDefaultIsOverriddenUntilSet() {
    #expect(TestDefaultBoxes.user.isOverridden)
    TestDefaultBoxes.user.set(Tagged("signed in"))
    #expect(!TestDefaultBoxes.user.isOverridden)
    TestDefaultBoxes.user.reset()
    #expect(TestDefaultBoxes.user.isOverridden)
  }

  @Test func outsideIsolationATestDefaultIsNeverServed() {
    #expect(!TestDefaultBoxes.gateway.isOverridden)
  }

  @Test func theMapListsATestDefaultReadUnderOverriddenBy() {
    let map = DependencyMap()
    map.add(
      DependencyMap.TestID(suite: "S", name: "t()"),
      [(DependencyMap.Box(TestDefaultBoxes.gateway._boxIdentity), [.readsTestDefault])]
    )
    #expect(map.json().contains("\"overriddenBy\": [\"S/t()\"]"))
  }
}

// MARK: - Fixtures

private enum TestDefaultBoxes {
  static let gateway = Resettable(
    name: "Defaults.gateway",
    inTests: .optional(default: { Tagged("unimplemented") })
  ) { Tagged("live") }
  static let user = Resettable<Tagged>.empty(
    name: "Defaults.user",
    inTests: .optional(default: { Tagged("fixture") })
  )
}
