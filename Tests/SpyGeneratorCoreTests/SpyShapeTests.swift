import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Every protocol spy has one shape, whatever its requirements are named: it inherits from
/// `Spy<Call>`, and tests write `spy.stub`, `spy.calls`.
@Suite struct SpyShapeTests {
  @Test(arguments: [
    "name", "description", "calls", "callCount", "wasCalled", "lastCall", "resetCalls",
    "resetStubs", "reset", "record", "recordThrowing", "recordStubbed", "stub",
    "waitUntilCalled", "keep", "lastKept", "writeBack",
  ])
  func aRequirementNamedLikeASpyMemberLeavesTheShapeAsItIs(_ name: String) throws {
    let spy = try protocolSpy(["func \(name)(value: Int)", "var \(name)Count: Int { get }"])
    #expect(spy.contains("final class PSpy: Spy<PSpy.Call>, P, @unchecked Sendable {\n"))
    #expect(!spy.contains("let spy: Spy<Call>"))
    #expect(spy.contains("  func \(name)(value: Int) {\n"))
  }

  @Test func theCorpusSpyWithARequirementNamedLikeASpyMemberInheritsFromSpy() throws {
    let output = try generateCorpus()
    let settings = try #require(output.files.first { $0.name == "SettingsSpy.swift" }).contents
    expectReference(settings, file: corpusSpy("SettingsSpy.swift"))
  }

  @Test func aRequirementWithTheNameAndTypeOfASpyMemberOverridesIt() throws {
    let spy = try protocolSpy(["var description: String { get }"])
    expectReference(spy)
  }

  @Test func anOverloadOfASpyMemberIsDeclaredBesideIt() throws {
    let spy = try protocolSpy([
      "func record(event: String)",
      "func reset(to value: Int)",
      "func reset() async",
      "func reset() -> Bool",
      "func calls() -> Int",
      "var stub: Bool { get }",
      "static func reset()",
      "static var name: String { get }",
    ])
    expectReference(spy)
  }

  @Test func aSpyThatOverridesKeepKeepsClosuresWithSpysOwn() throws {
    let keeping = try protocolSpy([
      "func keep<Value>(_ value: Value, as name: String) | Value",
      "func load(completion: @escaping @Sendable (Int) -> Void)",
    ])
    expectReference(keeping, "keeping")
    let reading = try protocolSpy([
      "func lastKept<Value>(_ name: String, as type: Value.Type) -> Value? | Value",
      "func load(completion: @escaping @Sendable (Int) -> Void)",
    ])
    expectReference(reading, "reading")
  }

  // Instance requirements of those names make the spy hold its Spy (`HeldSpyTests`).
  @Test(arguments: [
    ("static var statics: Int { get }", "P.statics: "),
    ("static var staticSpies: [Int] { get }", "P.staticSpies: "),
  ])
  func aRequirementSwiftCannotDeclareBesideSpysOwnGetsNoSpyAndSaysWhy(
    _ requirement: String,
    _ named: String
  ) throws {
    let output = try generateProtocol([requirement, "func refresh()"])
    #expect(output.files.isEmpty)
    let message = try #require(output.diagnostics.first).message
    #expect(message.hasPrefix("No spy for protocol P: \(named)"))
    #expect(message.contains("a spy declares its own `statics`"))
    #expect(message.contains("Write this spy by hand"))
  }

  @Test func staticRequirementsRecordIntoASpyOfEachIsolatedTest() throws {
    let spy = try protocolSpy(["static func reset()", "static var current: Int { get }"])
    expectReference(spy)
  }
}
