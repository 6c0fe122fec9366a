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
