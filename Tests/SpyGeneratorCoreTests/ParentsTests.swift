import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Protocols of the standard library a protocol refines, whose requirements its spy must meet:
/// written by the generator where a spy can meet them (by identity, since a spy is a class),
/// or diagnosed with no spy written.
@Suite struct ParentsTests {
  @Test func aCodableProtocolsSpyDecodesAsAFreshSpyAndEncodesNothing() throws {
    let output = try generatedOutput(
      [.method("func load() -> Int")],
      parents: ["s:SE": "Swift.Encodable", "s:Se": "Swift.Decodable"]
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aComparableProtocolsSpyIsOrderedByIdentity() throws {
    let output = try generatedOutput(
      [],
      parents: ["s:SL": "Swift.Comparable", "s:SQ": "Swift.Equatable"]
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func caseIterableDebugDescriptionAndErrorAreMet() throws {
    let output = try generatedOutput(
      [],
      parents: [
        "s:s12CaseIterableP": "Swift.CaseIterable",
        "s:s28CustomDebugStringConvertibleP": "Swift.CustomDebugStringConvertible",
        "s:s5ErrorP": "Swift.Error",
      ]
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aRequirementTheProtocolRestatesIsRecordedNotWrittenTwice() throws {
    let output = try generatedOutput(
      [.property("var debugDescription: String { get }")],
      parents: ["s:s28CustomDebugStringConvertibleP": "Swift.CustomDebugStringConvertible"]
    )
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aRawRepresentableProtocolGetsNoSpyAndADiagnostic() throws {
    let output = try generatedOutput(
      [.method("func load()")],
      parents: ["s:SY": "Swift.RawRepresentable"]
    )
    #expect(output.files.isEmpty)
    let message = try #require(output.diagnostics.first).description
    #expect(message.contains("No spy for protocol Shapes"))
    #expect(message.contains("RawRepresentable"))
    #expect(message.contains("Write this spy by hand"))
  }

  @Test func aRawRepresentableProtocolWhoseRawValueIsFixedGetsASpyHoldingOne() throws {
    let output = try generatedOutput(
      [.method("func load()")],
      declaration: "protocol Shapes where Self.RawValue == Int64",
      parents: ["s:SY": "Swift.RawRepresentable", "s:s12CaseIterableP": "Swift.CaseIterable"]
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aSystemParentWhoseRequirementsAllHaveDefaultsIsMet() throws {
    // Vapor's DebuggableError: LocalizedError (in FoundationEssentials on Linux) and
    // CustomNSError have a default for every requirement.
    let output = try generatedOutput(
      [.property("var identifier: String { get }")],
      parents: [
        "s:20FoundationEssentials14LocalizedErrorP": "FoundationEssentials.LocalizedError",
        "s:10Foundation13CustomNSErrorP": "Foundation.CustomNSError",
        "s:s5ErrorP": "Swift.Error",
      ]
    )
    #expect(output.diagnostics.isEmpty)
    #expect(output.files.count == 1)
  }

  @Test func anExecutorIsMetWhenTheProtocolDeclaresEnqueue() throws {
    let met = try generatedOutput(
      [.method("func enqueue(_ job: consuming ⟦ExecutorJob|s:ScJ⟧)")],
      parents: ["s:ScF": "_Concurrency.Executor", "s:Scf": "_Concurrency.SerialExecutor"]
    )
    #expect(met.diagnostics.isEmpty)
    #expect(met.files.count == 1)
    let unmet = try generatedOutput(
      [.method("func run()")],
      parents: ["s:Scf": "_Concurrency.SerialExecutor"]
    )
    #expect(unmet.files.isEmpty)
  }
}
