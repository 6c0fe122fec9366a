import Foundation
import Testing
import _SpyGeneratorCore

/// Every diagnostic names the protocol (or class), the requirement where there is one, the
/// reason, and the way out; which of them fail the run.
@Suite struct DiagnosticsTests {
  @Test func aProtocolThatCannotBeSpiedNamesTheRequirementTheReasonAndTheWayOut() throws {
    let output = try generateCorpus()
    let message = try #require(output.diagnostics.first { $0.message.contains("Tracing") })
      .message
    #expect(message.hasPrefix("No spy for protocol Tracing: "))  // the protocol
    #expect(message.contains("Tracing.trace(_:): "))  // the requirement
    #expect(message.contains("a parameter pack"))  // the reason
    #expect(message.contains("Write this spy by hand"))  // the ways out
    #expect(message.contains("`spy: skip`"))
    #expect(message.contains("--skip Tracing"))
    #expect(message.contains("under \"skip\" in generate-spies.json"))
  }

  @Test func aProtocolFoundByItselfThatCannotBeSpiedDoesNotFailTheRun() throws {
    let output = try generateCorpus()
    #expect(output.diagnostics.map(\.severity) == [.warning])
    #expect(!output.failsTheRun)
    #expect(!output.files.map(\.name).contains("TracingSpy.swift"))
    #expect(output.files.count > 20)  // every other spy is still produced
  }

  @Test func aNamedProtocolThatCannotBeSpiedFailsTheRunAndTheOthersAreStillProduced() throws {
    let output = try generateCorpus(protocols: ["Tracing", "Clock"], classes: [])
    #expect(output.failsTheRun)
    #expect(output.files.map(\.name) == ["ClockSpy.swift"])
  }

  @Test func aMisspelledProtocolGetsTheNearestName() throws {
    let output = try generateCorpus(protocols: ["Clok"], classes: [])
    #expect(
      output.diagnostics == [
        Diagnostic(
          .error,
          "No protocol Clok in module SpyCorpus (did you mean Clock?): correct or remove "
            + "--protocol Clok (or its entry under \"protocols\" in generate-spies.json)."
        )
      ]
    )
    #expect(output.failsTheRun)
  }

  @Test func aNameFarFromEveryProtocolGetsNoSuggestion() throws {
    let output = try generateCorpus(protocols: ["Zzzzzzzz"], classes: [])
    let message = try #require(output.diagnostics.first).message
    #expect(message.hasPrefix("No protocol Zzzzzzzz in module SpyCorpus: correct or remove"))
  }

  @Test func aClassGivenAsAProtocolAndAProtocolGivenAsAClassSayWhichOptionToUse() throws {
    let output = try generateCorpus(protocols: ["Tracker"], classes: ["Clock"])
    #expect(output.diagnostics.map(\.severity) == [.error, .error])
    #expect(output.diagnostics[0].message.contains("Tracker is a class"))
    #expect(output.diagnostics[0].message.contains("--class Tracker"))
    #expect(output.diagnostics[1].message.contains("Clock is a protocol"))
    #expect(output.diagnostics[1].message.contains("remove --class Clock"))
  }

  @Test func aMisspelledClassGetsTheNearestName() throws {
    let output = try generateCorpus(classes: ["Trackr"])
    let message = try #require(output.diagnostics.last).message
    #expect(message.hasPrefix("No class Trackr in module SpyCorpus (did you mean Tracker?)"))
    #expect(message.contains("\"classes\" in generate-spies.json"))
  }

  @Test func aMarkerNoProtocolCarriesIsAWarningSayingWhatToDo() throws {
    let output = try generateCorpus(classes: [], marker: "spy: please")
    #expect(output.files.isEmpty)
    #expect(
      output.diagnostics == [
        Diagnostic(
          .warning,
          "No protocol of module SpyCorpus has a doc-comment line `spy: please`, so --marker "
            + "selects none and no spy was generated: add the line to the doc comment of each "
            + "protocol that needs a spy, or drop --marker (\"marker\": true in "
            + "generate-spies.json)."
        )
      ]
    )
  }

  @Test func aSpyThatDoesNotCompileIsDroppedWithTheCompilersErrorAndTheWayOut() throws {
    var output = try generateCorpus(protocols: ["Clock", "Loading"], classes: [])
    output.dropSpies(
      failing: ["LoadingSpy.swift": "LoadingSpy.swift:9:3: error: type 'X' has no member 'y'"],
      named: ["Clock"]
    )
    #expect(output.files.map(\.name) == ["ClockSpy.swift"])
    let diagnostic = try #require(output.diagnostics.first)
    #expect(diagnostic.severity == .warning)  // Loading was not named: the run goes on
    #expect(diagnostic.message.hasPrefix("No spy for Loading: the spy generate-spies wrote"))
    #expect(diagnostic.message.contains("error: type 'X' has no member 'y'"))
    #expect(diagnostic.message.contains("--skip Loading"))
    #expect(!output.failsTheRun)

    output.dropSpies(failing: ["ClockSpy.swift": "error: e"], named: ["Clock"])
    #expect(output.files.isEmpty)
    #expect(output.diagnostics.last?.severity == .error)
    #expect(output.failsTheRun)
  }
}
