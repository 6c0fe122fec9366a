import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Choosing protocols, naming cases, and saying what cannot be generated.
@Suite struct SpyGeneratorTests {
  @Test func onlyTheNamedProtocolsGetSpies() throws {
    let output = try generateCorpus(protocols: ["Clock", "Loading"], classes: [])
    #expect(output.files.map(\.name) == ["ClockSpy.swift", "LoadingSpy.swift"])
    #expect(output.diagnostics.isEmpty)
  }

  @Test func theDocCommentMarkerSelectsProtocols() throws {
    let output = try generateCorpus(classes: [], marker: SpyGenerator.defaultMarker)
    #expect(output.files.map(\.name) == ["ClockSpy.swift"])
  }

  @Test func aNamedProtocolThatCannotBeGeneratedIsAnError() throws {
    let output = try generateCorpus(protocols: ["Tracing", "Clock"], classes: [])
    #expect(output.files.map(\.name) == ["ClockSpy.swift"])
    #expect(output.diagnostics.map(\.severity) == [.error])
    #expect(output.diagnostics.first?.message.contains("a parameter pack") == true)
  }

  @Test func anUnknownProtocolOrClassIsAnError() throws {
    let output = try generateCorpus(protocols: ["Nope"], classes: ["Missing"])
    #expect(output.diagnostics.map(\.severity) == [.error, .error])
    #expect(
      output.diagnostics.first?.message.hasPrefix("No protocol Nope in module SpyCorpus") == true
    )
    #expect(
      output.diagnostics.last?.message.hasPrefix("No class Missing in module SpyCorpus") == true
    )
  }

  // The corpus's spies are compared whole with the committed ones the SpyCorpus package compiles
  // and tests; each test below names one behaviour those files show.

  @Test func overloadsGetDistinctCaseNamesFromTheirLabels() throws {
    try expectCorpusSpy("DocumentStoreSpy.swift")
  }

  @Test func closuresStayOutOfCallAndEscapingOnesAreKept() throws {
    try expectCorpusSpy("ImageLoadingSpy.swift")
  }

  @Test func valuesThatAreNotEquatableAreWrapped() throws {
    try expectCorpusSpy("ImageLoadingSpy.swift")
  }

  @Test func genericArgumentsAreRecordedThemselvesToBeComparedByValue() throws {
    try expectCorpusSpy("DecodingSpy.swift")
  }

  @Test func aClassSpySubclassesAndOverridesOnlyWhatIsOverridable() throws {
    try expectCorpusSpy("TrackerSpy.swift")
  }

  @Test func everyFileSaysItIsGeneratedAndHowToRegenerateIt() throws {
    for file in try generateCorpus().files {
      #expect(file.contents.hasPrefix(SpyFiles.generatedMarker))
      #expect(
        file.contents.contains(
          "//   swift package --allow-writing-to-package-directory generate-spies\n"
        )
      )
      #expect(file.contents.split(separator: "\n").allSatisfy { $0.count <= 100 })
    }
  }

  @Test func aMalformedSymbolGraphThrows() {
    let generator = SpyGenerator(options: SpyGenerator.Options(command: "x"))
    #expect(throws: DecodingError.self) { try generator.generate(symbolGraph: Data("{}".utf8)) }
  }
}

// MARK: - Fixtures

private func expectCorpusSpy(
  _ name: String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let file = try #require(generateCorpus().files.first { $0.name == name })
  expectReference(file.contents, file: corpusSpy(name), sourceLocation: sourceLocation)
}
