import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// `SystemBoxes.userDefaults`: each isolated test its own empty suite, removed when it ends,
/// never the app's standard defaults.
@Suite struct UserDefaultsBoxTests {
  @Test(.isolatedShared, arguments: 0..<100)
  func parallelTestsWritingTheSameKeySeeOnlyTheirOwn(_ value: Int) async {
    let defaults = SystemBoxes.userDefaults.value.defaults
    #expect(defaults.object(forKey: "shared.key") == nil)
    defaults.set(value, forKey: "shared.key")
    await Task.yield()
    #expect(SystemBoxes.userDefaults.value.defaults.integer(forKey: "shared.key") == value)
  }

  @Test(.isolatedShared) func aTestsStoreIsASuiteOfItsOwnNotTheStandardDefaults() {
    let store = SystemBoxes.userDefaults.value
    #expect(store.suiteName?.hasPrefix("SharedInstances.test.") == true)
    #expect(store.defaults !== UserDefaults.standard)
    #expect(SystemBoxes.userDefaults.hasTestDefault)
    store.defaults.set("written in a test", forKey: "UserDefaultsBoxTests.standard")
    #expect(UserDefaults.standard.object(forKey: "UserDefaultsBoxTests.standard") == nil)
  }

  @Test func theSuiteIsRemovedWhenTheTestEnds() throws {
    let suiteName = try withIsolatedShared {
      let store = SystemBoxes.userDefaults.value
      store.defaults.set(42, forKey: "answer")
      return try #require(store.suiteName)
    }
    let reopened = try #require(UserDefaults(suiteName: suiteName))
    #expect(reopened.object(forKey: "answer") == nil)
    #expect((reopened.persistentDomain(forName: suiteName) ?? [:]).isEmpty)
  }

  @Test func aSuiteThatReachedTheDiskIsRemovedFromIt() throws {
    let suiteName = try withIsolatedShared {
      let store = SystemBoxes.userDefaults.value
      store.defaults.set(42, forKey: "answer")
      store.defaults.synchronize()
      return try #require(store.suiteName)
    }
    let reopened = try #require(UserDefaults(suiteName: suiteName))
    #expect(reopened.object(forKey: "answer") == nil)
  }

  @Test(.isolatedShared) func aSeededStoreStartsWithItsValues() {
    SystemBoxes.userDefaults.override(with: .ephemeral(["onboarded": true, "launches": 3]))
    let defaults = SystemBoxes.userDefaults.value.defaults
    #expect(defaults.bool(forKey: "onboarded"))
    #expect(defaults.integer(forKey: "launches") == 3)
  }

  @Test func outsideEveryTestTheBoxHoldsTheStandardDefaults() {
    #expect(SystemBoxes.userDefaults.value.defaults === UserDefaults.standard)
    #expect(SystemBoxes.userDefaults.value.suiteName == nil)
  }

  @Test func aStrictTestUsingItsOwnStorePasses() {
    withIsolatedShared(.strict) {
      SystemBoxes.userDefaults.value.defaults.set(1, forKey: "x")
      #expect(SystemBoxes.userDefaults.value.defaults.integer(forKey: "x") == 1)
    }
  }
}
