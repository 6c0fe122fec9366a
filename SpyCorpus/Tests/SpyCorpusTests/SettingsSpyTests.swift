import SharedInstancesTesting
import SpyCorpus
import Testing

/// Properties, static requirements, initializers and subscripts; a spy that holds its `Spy`
/// because `Settings` has a requirement named `name`.
@Suite struct SettingsSpyTests {
  @Test func gettersAnswerStubsAndSettersRecordTheNewValue() {
    let settings = SettingsSpy()
    settings.spy.stub(.name, returning: "main")
    settings.spy.stub(.volume, returning: 5)
    #expect(settings.name == "main")
    settings.volume = 7
    #expect(settings.volume == 5)
    #expect(settings.spy.calls == [.name, .setVolume(newValue: 7), .volume])
  }

  @Test func anInitializerRequirementIsRecordedByTheInstanceItCreates() {
    let settings = SettingsSpy(suite: "group")
    #expect(settings.spy.calls == [.`init`(suite: "group")])
  }

  @Test func aSubscriptRecordsItsArguments() {
    let settings = SettingsSpy()
    settings.spy.stub(.`subscript`, returning: String?.some("on"))
    #expect(settings["sound"] == "on")
    #expect(settings.spy.calls == [.`subscript`(key: "sound")])
  }

  @Test(.serialized, arguments: [1])
  func staticRequirementsRecordIntoTheSharedStatics(_: Int) {
    // Shared by every test in the process: this is the only test that touches it.
    SettingsSpy.statics.reset()
    SettingsSpy.statics.stub(.defaultSuite, returning: "standard")
    #expect(SettingsSpy.defaultSuite == "standard")
    SettingsSpy.reset()
    #expect(SettingsSpy.statics.calls == [.defaultSuite, .reset])
  }
}
