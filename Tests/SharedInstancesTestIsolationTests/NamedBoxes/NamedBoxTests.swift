import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesDependencyMap
import SharedInstancesTesting
import Testing

/// A box can carry a name, on every initializer form, and every place that
/// shows a box shows it: descriptions and reports, `touchedInstances`, dependency records and
/// the dependency map.
@Suite struct NamedBoxTests {
  @Test func everyInitializerFormTakesAName() {
    let boxes: [(String, String)] = [
      (NamedBoxes.factory.description, "Metrics.factory"),
      (NamedBoxes.empty.description, "Metrics.flag"),
      (NamedBoxes.testDefault.description, "Metrics.withDefault"),
      (NamedBoxes.emptyTestDefault.description, "Metrics.emptyWithDefault"),
      (NamedBoxes.required.description, "Metrics.required"),
      (NamedBoxes.mainActor.description, "Metrics.router"),
      (NamedBoxes.inLifetime.description, "Session.cart"),
      (NamedBoxes.emptyInLifetime.description, "Session.user"),
      (NamedBoxes.inLifetimeTestDefault.description, "Session.cartWithDefault"),
      (NamedBoxes.emptyInLifetimeTestDefault.description, "Session.userWithDefault"),
      (NamedBoxes.mainActorInLifetime.description, "Session.router"),
      (NamedBoxes.bootstrapped.description, "Metrics.system"),
    ]
    for (description, name) in boxes {
      let box = name == "Metrics.system" ? "BootstrapOnce" : "Resettable"
      #expect(description.hasPrefix("\(name) (\(box)<"), "\(description)")
      #expect(
        description.contains("declared at SharedInstancesTestIsolationTests/"),
        "\(description)"
      )
    }
    #expect(NamedBoxes.factory.name == "Metrics.factory")
    #expect(Resettable { Tagged("unnamed") }.name == nil)
  }

  @Test(.isolatedShared) func touchedInstancesNameTheBox() {
    _ = NamedBoxes.factory.value
    let use = SharedScope.current.touchedInstances.first { $0.name == "Metrics.factory" }
    #expect(
      use?.boxDescription.hasPrefix("Metrics.factory (Resettable<Tagged>, declared at") == true
    )
    #expect(use?.readRealInstance == true)
  }

  @Test func recordsAndTheMapNameTheBox() {
    let identity = NamedBoxes.factory._boxIdentity
    let record = DependencyRecord.from([(identity, [.readsRealInstance])]).record
    #expect(
      record.rendered(testName: "t").contains(
        "Metrics.factory (Resettable<Tagged>) in "
          + "SharedInstancesTestIsolationTests/NamedBoxTests.swift: reads the real instance"
      )
    )
    let map = DependencyMap()
    map.add(
      DependencyMap.TestID(suite: "S", name: "t()"),
      [(DependencyMap.Box(identity), [.readsRealInstance])]
    )
    #expect(map.json().contains("\"box\": \"Metrics.factory (Resettable<Tagged>)\""))
    #expect(map.markdown().contains("| `Metrics.factory (Resettable<Tagged>)` |"))
  }

  @Test func aStrictFailureNamesTheBox() {
    withKnownIssue {
      withIsolatedShared(.strict) { _ = NamedBoxes.factory.value }
    } matching: { issue in
      issue.comments.description.contains("read the real instance of Metrics.factory (")
        && issue.comments.description.contains("Metrics.factory.override(with:)")
    }
  }
}

// MARK: - Fixtures

private enum NamedBoxes {
  static let lifetime = SharedLifetime("named")
  static let factory = Resettable(name: "Metrics.factory") { Tagged("real") }
  static let empty = Resettable<Tagged>.empty(name: "Metrics.flag")
  static let testDefault = Resettable(
    name: "Metrics.withDefault",
    inTests: .optional(default: { Tagged("default") })
  ) { Tagged("real") }
  static let emptyTestDefault = Resettable<Tagged>.empty(
    name: "Metrics.emptyWithDefault",
    inTests: .optional(default: { Tagged("default") })
  )
  static let required = Resettable(name: "Metrics.required", inTests: .required) {
    Tagged("real")
  }
  static let mainActor = Resettable(name: "Metrics.router", mainActor: { Tagged("main") })
  static let inLifetime = Resettable(in: lifetime, name: "Session.cart") { Tagged("cart") }
  static let emptyInLifetime = Resettable<Tagged>.empty(in: lifetime, name: "Session.user")
  static let inLifetimeTestDefault = Resettable(
    in: lifetime,
    name: "Session.cartWithDefault",
    inTests: .optional(default: { Tagged("default") })
  ) { Tagged("cart") }
  static let emptyInLifetimeTestDefault = Resettable<Tagged>.empty(
    in: lifetime,
    name: "Session.userWithDefault",
    inTests: .optional(default: { Tagged("default") })
  )
  static let mainActorInLifetime = Resettable(
    in: lifetime,
    name: "Session.router",
    mainActor: { Tagged("main") }
  )
  static let bootstrapped = BootstrapOnce<Tagged>(name: "Metrics.system") {
    Tagged("no-op")
  }
}
