import SharedInstancesTesting
import SpyCorpus
import Testing

/// Properties, static requirements, initializers and subscripts; a spy that overrides `Spy`'s
/// `name`, since `Settings` requires a `name: String`.
@Suite struct SettingsSpyTests {
  @Test func gettersAnswerStubsAndSettersRecordTheNewValue() {
    let settings = SettingsSpy()
    settings.stub(.name, returning: "main")
    settings.stub(.volume, returning: 5)
    #expect(settings.name == "main")
    settings.volume = 7
    #expect(settings.volume == 5)
    #expect(settings.calls == [.name, .setVolume(newValue: 7), .volume])
  }

  @Test func anInitializerRequirementIsRecordedByTheInstanceItCreates() {
    let settings = SettingsSpy(suite: "group")
    #expect(settings.calls == [.`init`(suite: "group")])
  }

  @Test func aSubscriptRecordsItsArguments() {
    let settings = SettingsSpy()
    settings.stub(.`subscript`, returning: String?.some("on"))
    #expect(settings["sound"] == "on")
    #expect(settings.calls == [.`subscript`(key: "sound")])
  }

  @Test(.isolatedShared, arguments: ["standard", "group", "suite"])
  func eachIsolatedTestStubsAndRecordsStaticsOfItsOwn(_ suite: String) async {
    SettingsSpy.statics.stub(.defaultSuite, returning: suite)
    // Every argument runs in parallel with the others: wait until all have stubbed.
    await stubbed.arrive(expecting: 3)
    #expect(SettingsSpy.defaultSuite == suite)
    SettingsSpy.reset()
    #expect(SettingsSpy.statics.calls == [.defaultSuite, .reset])
  }

  @Test(.serialized, arguments: [1])
  func aTestWithoutIsolationUsesTheProcessWideStatics(_: Int) {
    // Outside isolated tests, one spy for the process: this is the only such test touching it.
    SettingsSpy.statics.resetSpy()
    SettingsSpy.statics.stub(.defaultSuite, returning: "standard")
    #expect(SettingsSpy.defaultSuite == "standard")
    SettingsSpy.reset()
    #expect(SettingsSpy.statics.calls == [.defaultSuite, .reset])
  }
}

// MARK: - Fixtures

/// Where the arguments of a parameterized test wait for each other, so that they overlap.
private let stubbed = Rendezvous()

private actor Rendezvous {
  private var arrived = 0

  /// Waits until `count` callers have arrived, or two seconds (when tests run one at a time).
  func arrive(expecting count: Int) async {
    arrived += 1
    for _ in 0..<200 where arrived < count {
      try? await Task.sleep(for: .milliseconds(10))
    }
  }
}
