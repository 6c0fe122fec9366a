import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// The generator's output for the corpus, compared with the committed spies the corpus compiles
/// and tests (SpyCorpus/Tests/SpyCorpusTests/Spies): every change to the output shows as a diff
/// of those files.
@Suite struct ReferenceTests {
  @Test func theCorpusSpiesMatchTheCommittedReferences() throws {
    let output = try generateCorpus()
    let references = try referenceFiles()
    #expect(output.files.map(\.name).sorted() == references.keys.sorted())
    for file in output.files {
      let reference = references[file.name]
      #expect(file.contents == reference, "\(file.name) differs from its reference")
    }
  }

  @Test func everyProtocolOfTheCorpusButTheOneWithAParameterPackGetsASpy() throws {
    let output = try generateCorpus()
    #expect(
      output.files.map(\.name) == [
        "DocumentStoreSpy.swift", "LoadingSpy.swift", "SettingsSpy.swift",
        "ImageLoadingSpy.swift", "DecodingSpy.swift", "RepositorySpy.swift", "ScreenSpy.swift",
        "NamedSpy.swift", "AccountSpy.swift", "ClockSpy.swift", "MarkingSpy.swift",
        "KeywordNamingSpy.swift", "TypedLedgerSpy.swift", "PingingSpy.swift",
        "GenericWorkingSpy.swift", "ShapeSpy.swift", "ShapeDrawingSpy.swift",
        "AliasedLoadingSpy.swift", "DelegatingSpy.swift", "LoggingSpy.swift", "CountingSpy.swift",
        "RegistrySpy.swift", "NamedCounterSpy.swift", "ObservingSpy.swift", "HandingSpy.swift",
        "MixingSpy.swift", "StoreSpy.swift", "IndexingSpy.swift", "ArticleStoreSpy.swift",
        "CopyingSpy.swift", "TransactingSpy.swift", "AssertingSpy.swift", "RestoringSpy.swift",
        "CatalogSpy.swift", "RefreshingSpy.swift", "AutoRefreshingSpy.swift",
        "TokenCacheSpy.swift", "KeyedCacheSpy.swift", "ListRowSpy.swift",
        "StatusEditorAClientSpy.swift", "StatusEditorBClientSpy.swift", "PipelineSpy.swift",
        "TraceSpanSpy.swift", "SpanTracingSpy.swift", "PreferencesSpy.swift", "InstantSpy.swift",
        "FlagSpy.swift", "FailureSpy.swift", "ResettingSpy.swift", "TicketDeskSpy.swift",
        "ReportSpy.swift", "HashSinkSpy.swift", "SinkMixingSpy.swift", "RunningSpy.swift",
        "HTTPLoadingSpy.swift", "PipelineFactorySpy.swift", "ContextKeySpy.swift",
        "MulticastingSpy.swift", "LegacyMulticastingSpy.swift",
        "InboundByteBufferingChannelHandlerWithAVeryLongNameForLayoutSpy.swift",
        "MetadataAttributeSpy.swift", "AcceptableSpy.swift",
        "JournalSpy.swift", "TrackerSpy.swift",
      ]
    )
    #expect(
      output.diagnostics == [
        Diagnostic(
          .warning,
          "No spy for protocol Tracing: Tracing.trace(_:): a parameter pack (`repeat each T`), "
            + "which no Call case can hold. Write this spy by hand (see \"Writing a spy and a "
            + "stub\"), or leave Tracing out: add a line `spy: skip` to its doc comment, pass "
            + "--skip Tracing, or list it under \"skip\" in generate-spies.json."
        )
      ]
    )
  }
}

// MARK: - Fixtures

/// The command the corpus's files show in their header; scripts/check-spies.sh runs it.
/// What the plugin passes when SpyCorpus/generate-spies.json configures the target.
let corpusCommand = "swift package --allow-writing-to-package-directory generate-spies"

/// The corpus's symbol graph, committed next to these tests.
func corpusSymbolGraph() throws -> Data {
  try Data(contentsOf: testsFolder.appendingPathComponent("Fixtures/SpyCorpus.symbols.json"))
}

/// The corpus's spies as the plugin generates them: with the skip list of
/// SpyCorpus/generate-spies.json, and its classes unless told otherwise.
func generateCorpus(
  protocols: [String] = [],
  classes: [String]? = nil,
  marker: String? = nil
) throws -> SpyGenerator.Output {
  let configured = try corpusConfiguration()
  let generator = SpyGenerator(
    options: SpyGenerator.Options(
      protocols: protocols,
      classes: classes ?? configured.classes,
      marker: marker,
      skip: configured.skip,
      command: corpusCommand
    )
  )
  return try generator.generate(symbolGraph: corpusSymbolGraph())
}

/// The committed spies the SpyCorpus package compiles and tests, which the corpus's generated
/// files must equal.
let corpusSpies = testsFolder.appendingPathComponent("../../SpyCorpus/Tests/SpyCorpusTests/Spies")

/// The committed reference of one of the corpus's spies.
func corpusSpy(_ name: String) -> URL { corpusSpies.appendingPathComponent(name) }

private func referenceFiles() throws -> [String: String] {
  let folder = corpusSpies
  var files: [String: String] = [:]
  for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
    let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    // A hand-written spy of a skipped protocol lives there too.
    if text.hasPrefix(SpyFiles.generatedMarker) { files[name] = text }
  }
  return files
}

/// The SpyCorpus entry of SpyCorpus/generate-spies.json, which the plugin reads.
func corpusConfiguration() throws -> SpyConfiguration.Target {
  let url = testsFolder.appendingPathComponent("../../SpyCorpus/generate-spies.json")
  let configuration = try SpyConfiguration.parse(Data(contentsOf: url))
  return try #require(configuration.target(named: "SpyCorpus"))
}

let testsFolder = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()

/// The comparison every reference test relies on: a difference fails the test with a diff.
@Suite struct ReferenceComparisonTests {
  @Test func aDifferenceFailsTheTestWithADiffOfTheLinesThatDiffer() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ReferenceComparisonTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let reference = folder.appendingPathComponent("Spy.swift.expected")
    try Data("a\nb\nc\nd\ne\nf\ng\nh\ni\n".utf8).write(to: reference)
    expectReference("a\nb\nc\nd\ne\nf\ng\nh\ni\n", file: reference, recording: false)
    withKnownIssue {
      expectReference("a\nb\nc\nD\ne\nf\ng\nh\ni\n", file: reference, recording: false)
    } matching: { issue in
      issue.description.contains(" c\n-d\n+D\n e\n")
        && issue.description.contains("RECORD_REFERENCES=1")
    }
  }

  @Test func aDiffShowsThreeLinesAroundEachChangeAndSeparatesDistantOnes() {
    let old = (1...20).map(String.init).joined(separator: "\n")
    var lines = (1...20).map(String.init)
    lines[1] = "two"
    lines[17] = "eighteen"
    #expect(
      unifiedDiff(from: old, to: lines.joined(separator: "\n")).split(separator: "\n") == [
        " 1", "-2", "+two", " 3", " 4", " 5", "@@", " 15", " 16", " 17", "-18", "+eighteen", " 19",
        " 20",
      ]
    )
  }
}
