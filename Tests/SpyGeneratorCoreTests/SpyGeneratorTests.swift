import Foundation
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

  @Test func overloadsGetDistinctCaseNamesFromTheirLabels() throws {
    let spy = try contents(of: "DocumentStoreSpy.swift")
    #expect(spy.contains("    case findId(id: Int)\n"))
    #expect(spy.contains("    case findName(name: String)\n"))
    #expect(spy.contains("    case findNameIn(name: String, in: String)\n"))
    // Unnamed parameters are labeled with their internal name in `Call`.
    #expect(spy.contains("    case save(text: String, to: String)\n"))
  }

  @Test func closuresStayOutOfCallAndEscapingOnesAreKept() throws {
    let spy = try contents(of: "ImageLoadingSpy.swift")
    #expect(spy.contains("    case load(from: URL)\n"))
    #expect(spy.contains("    keep(completion, as: \"load.completion\")\n"))
    #expect(spy.contains("  var loadCompletion: (@Sendable (Data) -> Void)? {\n"))
    #expect(spy.contains("    case prefetch(urls: [URL])\n"))
    #expect(!spy.contains("progress\")"))
  }

  @Test func valuesThatAreNotEquatableAreWrapped() throws {
    let spy = try contents(of: "ImageLoadingSpy.swift")
    #expect(spy.contains("    case cache(image: NotCompared<Picture>)\n"))
    #expect(spy.contains("    case tag(tags: [String])\n"))  // variadic: an array
  }

  @Test func genericArgumentsAreRecordedThemselvesToBeComparedByValue() throws {
    let spy = try contents(of: "DecodingSpy.swift")
    #expect(spy.contains("    case decode(type: SpyArgument<Any>, from: Data)\n"))
    #expect(spy.contains("SpyArgument(type as Any)"))
  }

  @Test func aClassSpySubclassesAndOverridesOnlyWhatIsOverridable() throws {
    let spy = try contents(of: "TrackerSpy.swift")
    #expect(spy.contains("final class TrackerSpy: Tracker, @unchecked Sendable {\n"))
    #expect(spy.contains("  override func track(_ event: String) {\n"))
    #expect(spy.contains("  override var isEnabled: Bool {\n"))
    #expect(!spy.contains("func name()"))  // final
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

private func contents(of name: String) throws -> String {
  let file = try generateCorpus().files.first { $0.name == name }
  return try #require(file).contents
}
