import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Spies of protocols whose declarations reach past their module: the types of other modules
/// they mention, and protocols nested in types, which share their last name.
@Suite struct ModuleBoundaryTests {
  // MARK: - Types of other modules

  @Test func aSpyImportsTheModuleOfEveryTypeItsRequirementsMention() throws {
    let spy = try spyText([
      .method("func write(_ buffer: ⟦ByteBuffer|s:7NIOCore10ByteBufferV⟧) -> ⟦Int|s:Si⟧"),
      .property("var logger: ⟦Logger|s:7Logging6LoggerV⟧ { get }"),
      .method("func span() -> (any ⟦Span|s:7Tracing4SpanP⟧)?"),
    ])
    expectReference(spy)
  }

  @Test func theStandardLibraryFoundationAndTheModuleItselfAddNoImport() throws {
    let spy = try spyText([
      .method("func a(_ value: ⟦Result|s:s6ResultO⟧<⟦Int|s:Si⟧, any ⟦Error|s:s5ErrorP⟧>)"),
      .method("func b(_ task: ⟦Task|s:ScT⟧<⟦Void|s:s4Voida⟧, ⟦Never|s:s5NeverO⟧>)"),
      .method("func c(_ data: ⟦Data|s:20FoundationEssentials4DataV⟧)"),
      .method("func d(_ date: ⟦Date|s:10Foundation4DateV⟧)"),
      .method("func e(_ own: ⟦Own|s:1M3OwnV⟧)"),
      .method("func f(_ object: ⟦NSObject|c:objc(cs)NSObject⟧)"),
    ])
    expectReference(spy)
  }

  @Test func foundationNetworkingTypesImportItWhereItExists() throws {
    // On Linux, URLRequest and URLSession live in FoundationNetworking; on Apple platforms in
    // Foundation, where the module does not exist: the import is guarded.
    let linux = try spyText([
      .method(
        "func load(_ request: ⟦URLRequest|s:20FoundationNetworking10URLRequestV⟧) async throws"
      )
    ])
    expectReference(linux, "linux")
    // A graph extracted on an Apple platform names Foundation; the spy still builds on Linux.
    let apple = try spyText([
      .method(
        "func data(for request: ⟦URLRequest|s:10Foundation10URLRequestV⟧) -> ⟦URLResponse|c:objc(cs)NSURLResponse⟧?"
      )
    ])
    expectReference(apple, "apple")
    let bare = try spyText([.property("var session: URLSession { get }")])
    expectReference(bare, "bare")
  }

  @Test func associatedTypesAndWhereClausesImportTheirModulesToo() throws {
    let spy = try spyText(
      [
        .associated("associatedtype Handler : ⟦ChannelHandler|s:7NIOCore14ChannelHandlerP⟧"),
        .method("func add(_ handler: Self.Handler)"),
      ],
      declaration: "protocol Shapes where Self.Handler.Context == ⟦Context|s:3Log7ContextV⟧"
    )
    expectReference(spy)
  }

  // MARK: - Nested protocols

  /// A graph with a protocol `Client` nested in each of `StatusEditor.A` and `StatusEditor.B`,
  /// and a top-level `Client`.
  private func nestedGraph(order: [Int] = [0, 1, 2]) throws -> Data {
    let paths = [["StatusEditor", "A", "Client"], ["StatusEditor", "B", "Client"], ["Client"]]
    var symbols: [[String: Any]] = []
    var relationships: [[String: Any]] = []
    for index in order {
      let path = paths[index]
      symbols.append(
        fixtureSymbol(
          "p\(index)",
          kind: "swift.protocol",
          path: path,
          declaration: "protocol Client"
        )
      )
      symbols.append(
        fixtureSymbol(
          "p\(index).0",
          kind: "swift.method",
          path: path + ["send(_:)"],
          declaration: "func send(_ value: ⟦Value|s:1M12StatusEditorV1AV5ValueV⟧)"
        )
      )
      relationships.append([
        "kind": "requirementOf", "source": "p\(index).0", "target": "p\(index)",
      ])
    }
    symbols.append(
      fixtureSymbol(
        "s:1M12StatusEditorV1AV5ValueV",
        kind: "swift.struct",
        path: ["StatusEditor", "A", "Value"],
        declaration: "struct Value"
      )
    )
    let graph: [String: Any] = [
      "module": ["name": "M"], "symbols": symbols, "relationships": relationships,
    ]
    return try JSONSerialization.data(withJSONObject: graph)
  }

  @Test func nestedProtocolsOfOneNameGetDistinctSpiesNamedByTheirPath() throws {
    let generator = SpyGenerator(options: .init(command: "generate"))
    let output = try generator.generate(symbolGraph: nestedGraph())
    #expect(
      output.files.map(\.name)
        == ["StatusEditorAClientSpy.swift", "StatusEditorBClientSpy.swift", "ClientSpy.swift"]
    )
    let a = try #require(output.files.first)
    expectReference(a.contents)
    #expect(output.diagnostics.isEmpty)
  }

  @Test func theOutputIsTheSameWhateverTheOrderOfTheGraph() throws {
    let generator = SpyGenerator(options: .init(command: "generate"))
    let first = try generator.generate(symbolGraph: nestedGraph(order: [0, 1, 2]))
    let second = try generator.generate(symbolGraph: nestedGraph(order: [2, 1, 0]))
    #expect(Set(first.files.map(\.name)) == Set(second.files.map(\.name)))
    for file in first.files {
      #expect(second.files.first { $0.name == file.name } == file)
    }
  }

  @Test func aNestedProtocolIsNamedByItsPathOrItsNameWithProtocol() throws {
    let byPath = SpyGenerator(options: .init(protocols: ["StatusEditor.B.Client"], command: "g"))
    let output = try byPath.generate(symbolGraph: nestedGraph())
    #expect(output.files.map(\.name) == ["StatusEditorBClientSpy.swift"])
    #expect(output.diagnostics.isEmpty)
  }

  @Test func twoPathsThatSpellTheSameSpyNameAreToldApartNotOverwritten() throws {
    // `AB.Client` and `A.BClient` both spell `ABClientSpy`: the second in path order is
    // diagnosed, never written over the first.
    var symbols: [[String: Any]] = []
    for (index, path) in [["A", "BClient"], ["AB", "Client"]].enumerated() {
      symbols.append(
        fixtureSymbol("p\(index)", kind: "swift.protocol", path: path, declaration: "protocol X")
      )
    }
    let graph: [String: Any] = ["module": ["name": "M"], "symbols": symbols, "relationships": []]
    let generator = SpyGenerator(options: .init(command: "generate"))
    let output = try generator.generate(symbolGraph: JSONSerialization.data(withJSONObject: graph))
    #expect(output.files.map(\.name) == ["ABClientSpy.swift"])
    #expect(output.files.first?.contents.contains(", A.BClient,") == true)
    let diagnostic = try #require(output.diagnostics.first)
    #expect(diagnostic.description.contains("AB.Client"))
    #expect(diagnostic.description.contains("ABClientSpy"))
  }
}

/// A protocol refining a protocol of another module: the other module's symbol graph, given as
/// a dependency, holds the parent's requirements, which the spy implements.
@Suite struct DependencyGraphTests {
  private func graph(module: String, symbols: [[String: Any]], relationships: [[String: Any]])
    throws -> Data
  {
    try JSONSerialization.data(withJSONObject: [
      "module": ["name": module], "symbols": symbols, "relationships": relationships,
    ])
  }

  private func tracerGraph() throws -> Data {
    try graph(
      module: "Tracing",
      symbols: [
        fixtureSymbol(
          "t",
          kind: "swift.protocol",
          path: ["Tracer"],
          declaration: "protocol Tracer"
        ),
        fixtureSymbol(
          "t.0",
          kind: "swift.method",
          path: ["Tracer", "flush()"],
          declaration: "func flush()"
        ),
      ],
      relationships: [
        ["kind": "requirementOf", "source": "t.0", "target": "t"],
        [
          "kind": "conformsTo", "source": "t", "target": "s:15Instrumentation10InstrumentP",
          "targetFallback": "Instrumentation.Instrument",
        ],
      ]
    )
  }

  private func instrumentationGraph() throws -> Data {
    try graph(
      module: "Instrumentation",
      symbols: [
        fixtureSymbol(
          "s:15Instrumentation10InstrumentP",
          kind: "swift.protocol",
          path: ["Instrument"],
          declaration: "protocol Instrument"
        ),
        fixtureSymbol(
          "i.0",
          kind: "swift.method",
          path: ["Instrument", "inject(_:)"],
          declaration:
            "func inject(_ context: ⟦ServiceContext|s:20ServiceContextModule0aB0V⟧)"
        ),
      ],
      relationships: [
        [
          "kind": "requirementOf", "source": "i.0",
          "target": "s:15Instrumentation10InstrumentP",
        ]
      ]
    )
  }

  @Test func aParentOfADependencyGivesItsRequirementsToTheSpy() throws {
    let generator = SpyGenerator(options: .init(command: "generate"))
    let output = try generator.generate(
      symbolGraph: tracerGraph(),
      dependencies: [instrumentationGraph()]
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
    // The dependency's protocols get no spy of their own.
    #expect(output.files.map(\.name) == ["TracerSpy.swift"])
  }

  @Test func withoutTheDependencyTheProtocolGetsADiagnosticAndNoSpy() throws {
    let generator = SpyGenerator(options: .init(command: "generate"))
    let output = try generator.generate(symbolGraph: tracerGraph())
    #expect(output.files.isEmpty)
    #expect(output.diagnostics.first?.description.contains("--dependency-graph") == true)
  }
}
