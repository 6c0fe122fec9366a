import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Shapes of real modules whose spies the generator's own compiler check refused (the breadth
/// measurement), each written as a small module shaped like the real declaration: compiled,
/// its symbol graph read, its spies generated and compiled against it and the library.
@Suite(TimeLimits.waiting) struct CompiledShapesTests {
  /// PropertyBased's `SeededRandomNumberGenerator`: SharedInstancesTesting, which every spy
  /// imports, has a type of that name too.
  @Test func aProtocolNamedLikeATypeOfTheLibraryIsSpelledWithItsModule() throws {
    let spies = try CompiledFixture(
      module: "Seeded",
      source: """
        public protocol SeededRandomNumberGenerator: RandomNumberGenerator, Hashable, Sendable {
          associatedtype Seed: Sendable
          var currentSeed: Seed { get }
          init?(seed: Seed)
          init()
        }
        public protocol Drawing {
          func draw(using generator: any SeededRandomNumberGenerator) -> Int
        }

        """
    ).spies()
    #expect(spies.failures.isEmpty)
    let spy = try #require(spies.file("SeededRandomNumberGeneratorSpy.swift"))
    #expect(spy.contains("  Seeded.SeededRandomNumberGenerator,\n"))
    expectReference(spy, "spy")
    let drawing = try #require(spies.file("DrawingSpy.swift"))
    #expect(drawing.contains("any Seeded.SeededRandomNumberGenerator"))
    expectReference(drawing, "drawing")
  }

  /// Every top-level type of the library's public API (its committed lists under `API/`), as
  /// the name of a module's protocol: each spy spells it with the module.
  @Test func everyTypeNameOfTheLibrarysAPIIsSpelledWithTheModule() throws {
    let api = testsFolder.appendingPathComponent("../../API")
    var names: Set<String> = []
    for file in try FileManager.default.contentsOfDirectory(atPath: api.path)
    where file.hasPrefix("SharedInstances") && file.hasSuffix(".txt") {
      let text = try String(contentsOf: api.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let name = line.prefix { $0 != " " }
        if !name.isEmpty, !name.contains(where: { ".([".contains($0) }) {
          names.insert(String(name))
        }
      }
    }
    #expect(names.contains("SeededRandomNumberGenerator"))
    let symbols = names.sorted().map { name in
      fixtureSymbol(name, kind: "swift.protocol", path: [name], declaration: "protocol \(name)")
    }
    let graph = try JSONSerialization.data(withJSONObject: [
      "module": ["name": "M"], "symbols": symbols, "relationships": [],
    ])
    let output = try SpyGenerator(options: .init(command: "generate")).generate(symbolGraph: graph)
    for name in names.sorted() {
      let spy = output.files.first { $0.name == "\(name)Spy.swift" }?.contents ?? ""
      #expect(spy.contains("M.\(name)"), "\(name)")
    }
  }

  /// SwiftSyntaxBuilder's `HasTrailingCodeBlock`: a result builder's attribute on a parameter
  /// of an initializer its parent's initializer overloads.
  @Test func aParametersAttributeIsRestatedAndNeverALabel() throws {
    let spies = try CompiledFixture(
      module: "Builders",
      source: """
        public struct ItemList: Sendable { public init() {} }
        public struct NodeString: Sendable { public init() {} }
        @resultBuilder public struct ItemListBuilder {
          public static func buildBlock() -> ItemList { ItemList() }
        }
        public protocol SyntaxProtocol {
          init?(_ node: __shared some SyntaxProtocol)
        }
        public protocol WithCodeBlock: SyntaxProtocol { var body: Int { get set } }
        public protocol HasTrailingCodeBlock: WithCodeBlock {
          init(
            _ header: NodeString,
            @ItemListBuilder bodyBuilder: () throws -> ItemList
          ) rethrows
        }

        """
    ).spies(protocols: ["HasTrailingCodeBlock"])
    #expect(spies.failures.isEmpty)
    let spy = try #require(spies.file("HasTrailingCodeBlockSpy.swift"))
    #expect(spy.contains("@ItemListBuilder bodyBuilder: () throws -> ItemList"))
    #expect(spy.contains("case initBodyBuilder("))
    expectReference(spy)
  }

  /// SwiftSyntaxBuilder's `ListBuilder`: typealiases of an associated type's members, which
  /// only a conforming type names (and `Expression` is also a type of Foundation): spelled by
  /// their definitions.
  @Test func aProtocolsTypealiasOfItsAssociatedTypesIsSpelledByItsDefinition() throws {
    let spies = try CompiledFixture(
      module: "Lists",
      source: """
        public protocol Node: Sendable {}
        public protocol SyntaxCollection: Sequence where Element: Node {
          init(_ children: [Element])
        }
        public protocol ListBuilder {
          associatedtype FinalResult: SyntaxCollection
          typealias Expression = FinalResult.Element
          typealias Component = [Expression]
          static func buildBlock(_ components: Component...) -> Component
          static func buildExpression(_ expression: Expression) -> Component
          static func buildExpression(_ expression: some Sequence<Expression>) -> Component
          @_disfavoredOverload
          static func buildExpression(_ expression: FinalResult) -> Component
          static func buildFinalResult(_ component: Component) -> FinalResult
          func build(_ expression: Expression) -> Component
        }
        extension ListBuilder {
          public static func buildBlock(_ components: Component...) -> Component {
            components.flatMap { $0 }
          }
          public static func buildExpression(_ expression: Expression) -> Component {
            [expression]
          }
          public static func buildExpression(_ expression: some Sequence<Expression>) -> Component {
            .init(expression)
          }
          @_disfavoredOverload
          public static func buildExpression(_ expression: FinalResult) -> Component {
            expression.map { $0 }
          }
          public static func buildFinalResult(_ component: Component) -> FinalResult {
            .init(component)
          }
        }

        """
    ).spies(protocols: ["ListBuilder"])
    #expect(spies.failures.isEmpty)
    let spy = try #require(spies.file("ListBuilderSpy.swift"))
    #expect(spy.contains("func build(_ expression: FinalResult.Element) -> [FinalResult.Element]"))
    expectReference(spy)
  }

  /// WASI's `WallClock` and `MonotonicClock`: typealiases of the protocol, which its
  /// requirements name through `Self` (`-> Self.Duration`), where `Duration` alone is the
  /// standard library's.
  @Test func aProtocolsTypealiasNamedThroughSelfKeepsTheProtocolsPath() throws {
    let spies = try CompiledFixture(
      module: "Clocks",
      source: """
        public protocol WallClock: Sendable {
          typealias Duration = (seconds: UInt64, nanoseconds: UInt32)
          func now() throws -> Duration
          func resolution() throws -> Duration
        }
        public protocol MonotonicClock: Sendable {
          typealias Instant = UInt64
          typealias Duration = UInt64
          func now() throws -> Instant
          func resolution() throws -> Duration
        }

        """
    ).spies()
    #expect(spies.failures.isEmpty)
    let wall = try #require(spies.file("WallClockSpy.swift"))
    #expect(wall.contains("func resolution() throws -> WallClock.Duration {"))
    expectReference(wall, "wall")
    let monotonic = try #require(spies.file("MonotonicClockSpy.swift"))
    #expect(monotonic.contains("func now() throws -> MonotonicClock.Instant {"))
    expectReference(monotonic, "monotonic")
  }

  /// CasePaths' `CasePathIterable`: a sequence whose elements name `Self`, which a generic
  /// parameter's where clause cannot: the spy serves an array.
  @Test func aSequenceOfElementsNamingSelfIsServedAsAnArray() throws {
    let spies = try CompiledFixture(
      module: "CasePaths",
      source: """
        @dynamicMemberLookup
        public struct Case<Value>: Sendable {
          public init() {}
          public subscript<Appended>(
            dynamicMember keyPath: KeyPath<Value, Appended>
          ) -> Case<Appended> { Case<Appended>() }
        }
        public typealias PartialCaseKeyPath<Root> = PartialKeyPath<Case<Root>>
        public protocol CasePathable {
          associatedtype AllCasePaths
          static var allCasePaths: AllCasePaths { get }
        }
        public protocol CasePathIterable: CasePathable
        where AllCasePaths: Sequence, AllCasePaths.Element == PartialCaseKeyPath<Self> {}

        """
    ).spies()
    #expect(spies.failures.isEmpty)
    let spy = try #require(spies.file("CasePathIterableSpy.swift"))
    #expect(spy.contains("final class CasePathIterableSpy: Spy<"))
    #expect(
      spy.contains("static var allCasePaths: [PartialKeyPath<Case<CasePathIterableSpy>>] {")
    )
    expectReference(spy)
  }

  /// FluentKit's `Migration` and `AsyncMigration`: `name` has a default in the protocol's
  /// module, and a spy inherits `SpyResetting`'s `name: String` too; the old-style methods
  /// `AsyncMigration`'s extension implements in terms of the async ones keep that default.
  @Test func aDefaultThatAnInheritedMemberWouldMakeAmbiguousIsSpied() throws {
    let spies = try CompiledFixture(
      module: "Migrations",
      source: """
        public final class Future<Value: Sendable>: Sendable {
          public init() {}
        }
        public protocol Database: Sendable {}
        public protocol Migration: Sendable {
          var name: String { get }
          func prepare(on database: any Database) -> Future<Void>
          func revert(on database: any Database) -> Future<Void>
        }
        extension Migration {
          public var name: String { String(reflecting: Self.self) }
        }
        public protocol AsyncMigration: Migration {
          func prepare(on database: any Database) async throws
          func revert(on database: any Database) async throws
        }
        extension AsyncMigration {
          public func prepare(on database: any Database) -> Future<Void> { Future() }
          public func revert(on database: any Database) -> Future<Void> { Future() }
        }
        public protocol Resetting {
          func reset()
          func resetCalls(keeping: Int)
        }
        extension Resetting {
          public func reset() {}
          public func resetCalls(keeping: Int) {}
        }

        """
    ).spies()
    #expect(spies.failures.isEmpty)
    let migration = try #require(spies.file("MigrationSpy.swift"))
    #expect(migration.contains("  var name: String {"))
    expectReference(migration, "migration")
    let async = try #require(spies.file("AsyncMigrationSpy.swift"))
    #expect(async.contains("  var name: String {"))
    #expect(!async.contains("-> Future<Void>"))
    expectReference(async, "async")
    let resetting = try #require(spies.file("ResettingSpy.swift"))
    #expect(resetting.contains("  func reset() {"))
    #expect(!resetting.contains("resetCalls(keeping"))
  }
}

/// A module compiled from Swift source into a folder of its own, with its symbol graph: the
/// generator's input, and the module its spies are compiled against.
struct CompiledFixture {
  /// What the generator wrote, and the spies the compiler rejected with its first error.
  struct Spies {
    let output: SpyGenerator.Output
    let failures: [String: String]

    func file(_ name: String) -> String? {
      output.files.first { $0.name == name }?.contents
    }
  }

  let module: String
  let source: String

  /// Generates the module's spies (of `protocols`, or of every protocol) and compiles them.
  func spies(protocols: [String] = []) throws -> Spies {
    let fileManager = FileManager.default
    let folder = fileManager.temporaryDirectory
      .appendingPathComponent("compiled-fixture-\(UUID().uuidString)")
    defer { try? fileManager.removeItem(at: folder) }
    let modules = folder.appendingPathComponent("Modules")
    let graphs = folder.appendingPathComponent("graphs")
    try fileManager.createDirectory(at: modules, withIntermediateDirectories: true)
    try fileManager.createDirectory(at: graphs, withIntermediateDirectories: true)
    let sourceFile = folder.appendingPathComponent("\(module).swift")
    try Data(source.utf8).write(to: sourceFile)
    // The graph read from the built module, as SwiftPM gives it to the plugin (the compiler's
    // own `-emit-symbol-graph` spells some types otherwise: `Instant` for `Self.Instant`).
    for arguments in [
      [
        "swiftc", "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name",
        module, "-emit-module-path", modules.appendingPathComponent("\(module).swiftmodule").path,
        sourceFile.path,
      ],
      [
        "swift-symbolgraph-extract", "-module-name", module, "-I", modules.path,
        "-minimum-access-level", "public", "-output-dir", graphs.path,
      ] + (try Self.targetArguments),
    ] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = arguments
      try process.run()
      process.waitUntilExit()
      try #require(process.terminationStatus == 0, "\(arguments[0]) failed on \(module)")
    }
    let graph = try Data(
      contentsOf: graphs.appendingPathComponent("\(module).symbols.json")
    )
    let generator = SpyGenerator(
      options: SpyGenerator.Options(protocols: protocols, command: "generate")
    )
    var output = try generator.generate(symbolGraph: graph, dependencies: [])
    // As the command does: the standard library's protocols from the toolchain's graphs.
    let toolchain = output.modulesToRead.filter(ToolchainSymbolGraphs.modules.contains)
    if !toolchain.isEmpty {
      let dependencies = try toolchain.map { try ToolchainSymbolGraphs().graph(of: $0) }
      output = try generator.generate(symbolGraph: graph, dependencies: dependencies)
    }
    let failures = try SpyVerifier(buildFolders: [folder, Self.testBuildFolder])
      .failures(in: output.files)
    return Spies(output: output, failures: failures)
  }

  /// `-target` and the host's triple, which `swift-symbolgraph-extract` needs.
  static var targetArguments: [String] {
    get throws {
      let process = Process()
      let pipe = Pipe()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["swiftc", "-print-target-info"]
      process.standardOutput = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let info = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      let target = info?["target"] as? [String: Any]
      return ["-target", try #require(target?["triple"] as? String)]
    }
  }

  /// The build folder of this test process, which holds `SharedInstancesTesting`.
  static var testBuildFolder: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
  }
}
