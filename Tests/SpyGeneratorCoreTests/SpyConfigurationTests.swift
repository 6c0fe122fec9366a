import Foundation
import Testing
import _SpyGeneratorCore

/// The configuration file, leaving protocols out, and the compiler check of generated spies.
@Suite struct SpyConfigurationTests {
  // MARK: generate-spies.json

  @Test func aConfigurationFileListsTargetsWithTheirOptions() throws {
    let json = """
      { "targets": [
        { "target": "App", "output": "Tests/AppTests/Spies", "skip": ["Legacy"],
          "classes": ["Tracker"] },
        { "target": "Kit", "output": "Tests/KitTests/Spies", "protocols": ["Clock"],
          "marker": true }
      ] }
      """
    let configuration = try SpyConfiguration.parse(Data(json.utf8))
    #expect(
      configuration.targets == [
        .init(
          target: "App",
          output: "Tests/AppTests/Spies",
          skip: ["Legacy"],
          classes: ["Tracker"]
        ),
        .init(target: "Kit", output: "Tests/KitTests/Spies", protocols: ["Clock"], marker: true),
      ]
    )
    #expect(configuration.target(named: "Kit")?.marker == true)
    #expect(configuration.target(named: "Nope") == nil)
  }

  @Test(arguments: [
    (#"{ "targets": [ { "target": "App" } ] }"#, #"targets[0] needs "output""#),
    (
      #"{ "targets": [ { "target": "App", "output": "x", "skipp": [] } ] }"#,
      #"unknown key "skipp""#
    ),
    (#"{ "target": [] }"#, #"unknown key "target""#),
    (
      #"{ "targets": [ { "target": "App", "output": "x", "skip": "Legacy" } ] }"#,
      #""skip" must be a list"#
    ),
    (
      #"{ "targets": [ { "target": "A", "output": "x" }, { "target": "A", "output": "y" } ] }"#,
      "a second time"
    ),
    ("not json", "is not valid JSON"),
    (
      #"{ "targets": [ { "target": "App", "output": "/tmp/Spies" } ] }"#,
      #""output" must be a folder inside the package"#
    ),
    (
      #"{ "targets": [ { "target": "App", "output": "../Other/Spies" } ] }"#,
      #"not "../Other/Spies""#
    ),
  ])
  func aFileThatCannotBeUsedIsAnErrorNamingTheFileAndTheEntry(json: String, expected: String) {
    #expect {
      try SpyConfiguration.parse(Data(json.utf8), file: "generate-spies.json")
    } throws: { error in
      let text = "\(error)"
      return text.contains(expected) && text.contains("generate-spies.json")
    }
  }

  /// The messages of the JSON scaffolding the migrator's configuration shares
  /// (`TargetEntries`), word for word.
  @Test(arguments: [
    ("[]", #"generate-spies.json must hold an object with "targets": [ … ]."#),
    (#"{"targets": 3}"#, #"generate-spies.json must list its targets in "targets": [ … ]."#),
    (
      #"{"targets": [3]}"#,
      #"generate-spies.json, targets[0] must be an object with "target" and "output"."#
    ),
    (
      #"{"targets": [{"target": "A", "output": "x", "marker": "yes"}]}"#,
      #"generate-spies.json, targets[0]: "marker" must be true or false."#
    ),
    (
      #"{"targets": [{"target": "A", "output": "x", "bad": 1}]}"#,
      #"generate-spies.json, targets[0] has the unknown key "bad"; the keys are "classes", "#
        + #""marker", "output", "protocols", "skip", "spyDefaults", "target"."#
    ),
    (
      #"{"targets": [{"target": "A", "output": ""}]}"#,
      #"generate-spies.json, targets[0] needs "output": a non-empty string."#
    ),
  ])
  func eachProblemOfTheScaffoldingHasItsMessage(json: String, message: String) {
    #expect {
      try SpyConfiguration.parse(Data(json.utf8))
    } throws: { error in
      "\(error)" == message
    }
  }

  // MARK: Leaving protocols out

  @Test func skipLeavesAProtocolOutWithoutADiagnostic() throws {
    let all = try generateCorpus(classes: []).files.map(\.name)
    let output = try generate(skip: ["Loading", "Tracing"])
    #expect(output.files.map(\.name) == all.filter { $0 != "LoadingSpy.swift" })
    // Tracing cannot be generated: skipped, it says nothing either.
    #expect(output.diagnostics.isEmpty)
  }

  @Test func aDocCommentLineSpySkipLeavesAProtocolOut() throws {
    // The corpus graph, with `spy: skip` added to the doc comment of Loading.
    var graph = try #require(
      try JSONSerialization.jsonObject(with: corpusSymbolGraph()) as? [String: Any]
    )
    var symbols = try #require(graph["symbols"] as? [[String: Any]])
    let index = try #require(
      symbols.firstIndex {
        ($0["names"] as? [String: Any])?["title"] as? String == "Loading"
          && ($0["kind"] as? [String: Any])?["identifier"] as? String == "swift.protocol"
      }
    )
    symbols[index]["docComment"] = [
      "lines": [["text": "Loads things."], ["text": ""], ["text": "  spy: skip"]]
    ]
    graph["symbols"] = symbols
    let data = try JSONSerialization.data(withJSONObject: graph)
    let generator = SpyGenerator(options: SpyGenerator.Options(classes: [], command: "x"))
    let names = try generator.generate(symbolGraph: data).files.map(\.name)
    #expect(!names.contains("LoadingSpy.swift"))
    #expect(names.contains("ClockSpy.swift"))
  }

  @Test func aSkipNamingNoProtocolIsAWarning() throws {
    let output = try generate(skip: ["Lodaing"])
    #expect(output.diagnostics.map(\.severity) == [.warning, .warning])  // + Tracing
    #expect(
      output.diagnostics.contains {
        $0.message.contains(
          "--skip Lodaing: module SpyCorpus has no protocol Lodaing (did you mean Loading?)"
        )
      }
    )
  }

  @Test func aDiagnosticSaysHowToLeaveTheProtocolOut() throws {
    let output = try generate(skip: [])
    let message = try #require(output.diagnostics.first?.message)
    #expect(message.contains("No spy for protocol Tracing"))
    #expect(message.contains("`spy: skip`"))
    #expect(message.contains("--skip Tracing"))
    #expect(message.contains("generate-spies.json"))
  }

  // MARK: The compiler check

  @Test func theVerifierNamesTheSpiesThatDoNotCompileAndTheirFirstError() throws {
    let folder = try tinyModuleFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = SpyGenerator.File(
      name: "GoodSpy.swift",
      contents: "import Tiny\nfinal class GoodSpy: Greeting { func greet() -> String { \"\" } }\n"
    )
    let bad = SpyGenerator.File(
      name: "BadSpy.swift",
      contents: "import Tiny\nfinal class BadSpy: Greeting { func greet() -> Int { 0 } }\n"
    )
    let failures = try SpyVerifier(buildFolder: folder).failures(in: [good, bad])
    #expect(Array(failures.keys) == ["BadSpy.swift"])
    #expect(failures["BadSpy.swift"]?.contains("error:") == true)
  }

  @Test func aBuildFolderWithNoModulesIsAnError() throws {
    let empty = FileManager.default.temporaryDirectory
      .appendingPathComponent("no-modules-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    let file = SpyGenerator.File(name: "ASpy.swift", contents: "")
    #expect {
      try SpyVerifier(buildFolder: empty).failures(in: [file])
    } throws: { error in
      "\(error)".contains("no Swift modules there")
        && "\(error)".contains("swift build --build-tests")
    }
  }
}

/// The corpus's spies, with `skip` added to the configuration file's.
private func generate(skip: [String]) throws -> SpyGenerator.Output {
  let skip = try corpusConfiguration().skip + skip
  let generator = SpyGenerator(
    options: SpyGenerator.Options(classes: [], skip: skip, command: corpusCommand)
  )
  return try generator.generate(symbolGraph: corpusSymbolGraph())
}
