import SharedInstances
import SharedInstancesTesting
import Testing

/// Tests checked against the records committed in `__Dependencies__/RecordedTests/`: each
/// passes only if what it touches equals its record.
@Suite(.isolatedShared(.recordsDependencies)) struct RecordedTests {
  @Test func overridesTheNetworkAndReadsTheAnalytics() {
    DependencyBoxes.network.override(with: DepNetwork("fake"))
    #expect(DependencyBoxes.profile.value.network.tag == "fake")
    #expect(DependencyBoxes.analytics.value.tag == "real")
  }

  @Test func setsAndResetsTheSession() {
    DependencyBoxes.session.set(DepSession("signed in"))
    #expect(DependencyBoxes.session.value.tag == "signed in")
    DependencyBoxes.session.reset()
    #expect(DependencyBoxes.session.currentValue == nil)  // a check, not a dependency
  }

  /// One record for the whole function: the union of what its arguments touched.
  @Test(arguments: [0, 1, 2])
  func recordsTheUnionOverItsArguments(argument: Int) {
    if argument == 0 { _ = DependencyBoxes.clock.value }
    if argument == 1 { DependencyBoxes.analytics.override(with: DepAnalytics("fake")) }
    if argument == 2 { #expect(DependencyBoxes.analytics.value.tag == "real") }
  }

  @Suite(.isolatedShared { DependencyBoxes.network.override(with: DepNetwork("suite")) })
  struct Nested {
    @Test func countsTheSuiteSetUpAsTheTests() {
      #expect(DependencyBoxes.network.value.tag == "suite")
    }
  }
}
