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

  /// FluentKit's `Model`: a generic typealias of the protocol with a `where` clause
  /// (`Field<Value> = FieldProperty<Self, Value> where Value: Codable & Sendable`), which
  /// Fluent's `ModelTokenAuthenticatable` names (`KeyPath<Self, Self.Field<String>>`). Spelled
  /// by its definition, it lost its generic argument and kept its `where` clause, and the spy
  /// did not compile; the spy names it as the protocol's conforming types do.
  @Test func aGenericTypealiasOfTheProtocolKeepsItsName() throws {
    let spies = try CompiledFixture(
      module: "Models",
      source: """
        public final class FieldProperty<Owner, Value>: @unchecked Sendable {
          public init() {}
        }
        public protocol Model: AnyObject, Sendable {
          static var schema: String { get }
        }
        extension Model {
          public typealias Field<Value> = FieldProperty<Self, Value>
          where Value: Codable & Sendable
        }
        public protocol ModelTokenAuthenticatable: Model {
          static var valueKey: KeyPath<Self, Self.Field<String>> { get }
          func isValid(_ field: Self.Field<Int>) -> Bool
        }

        """
    ).spies(protocols: ["ModelTokenAuthenticatable"])
    #expect(spies.failures.isEmpty)
    let spy = try #require(spies.file("ModelTokenAuthenticatableSpy.swift"))
    #expect(!spy.contains(" where Value"))
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

  /// FluentKit's `ModelAlias`: of two dynamic-member subscripts that both have defaults, one
  /// returns `AliasedField<Self, Field>` under a `where` clause on `Self.Model`, which a spy's
  /// own subscript cannot state (self-referential): it keeps its default.
  @Test func aDefaultPassingSelfToAGenericTypeIsKeptAmongDefaultedOverloads() throws {
    let spies = try CompiledFixture(
      module: "Fluent",
      source: """
        public protocol AnyProperty: AnyObject {
          static var anyValueType: Any.Type { get }
          var anyValue: Any? { get }
        }
        public protocol Property: AnyProperty {
          associatedtype Model: Fields
          associatedtype Value: Codable & Sendable
          var value: Value? { get set }
        }
        extension AnyProperty where Self: Property {
          public var anyValue: Any? { self.value }
          public static var anyValueType: Any.Type { Value.self }
        }
        public protocol Fields: AnyObject, Codable, Sendable {
          var properties: [any AnyProperty] { get }
          init()
        }
        extension Fields {
          public var properties: [any AnyProperty] { [] }
        }
        public protocol Schema: Fields {
          static var space: String? { get }
          static var schema: String { get }
          static var alias: String? { get }
        }
        extension Schema {
          public static var space: String? { nil }
        }
        public protocol AnyModel: Schema, CustomStringConvertible {}
        public protocol Model: AnyModel {
          associatedtype IDValue: Codable, Hashable, Sendable
          var id: IDValue? { get set }
        }
        @dynamicMemberLookup
        public final class AliasedField<Alias, Field>
        where Alias: ModelAlias, Field: Property, Alias.Model == Field.Model {
          public let field: Field
          fileprivate init(field: Field) { self.field = field }
          public subscript<Nested>(dynamicMember keyPath: KeyPath<Field, Nested>) -> AliasedField<Alias, Nested> {
            .init(field: self.field[keyPath: keyPath])
          }
        }
        @dynamicMemberLookup
        public protocol ModelAlias: Schema {
          associatedtype Model: Fluent.Model
          static var name: String { get }
          var model: Model { get }
          subscript<Field>(dynamicMember keyPath: KeyPath<Self.Model, Field>) -> AliasedField<Self, Field>
            where Field.Model == Self.Model
          { get }
          subscript<Value>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value { get }
        }
        extension ModelAlias {
          public static var space: String? { Model.space }
          public static var schema: String { Model.schema }
          public static var alias: String? { self.name }
          public subscript<Field>(dynamicMember keyPath: KeyPath<Model, Field>) -> AliasedField<Self, Field>
            where Field.Model == Self.Model
          { .init(field: self.model[keyPath: keyPath]) }
          public subscript<Value>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value { self.model[keyPath: keyPath] }
          public var properties: [any AnyProperty] { self.model.properties }
        }

        """
    ).spies(protocols: ["ModelAlias"])
    #expect(spies.failures.isEmpty)
    let spy = try #require(spies.file("ModelAliasSpy.swift"))
    #expect(!spy.contains("AliasedField"))
    #expect(spy.contains("subscript<Value>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value"))
    expectReference(spy)
  }

  /// Protocols refining `Sequence` or `Collection` (swift-mustache's `MustacheSequence`,
  /// swift-parsing's `PrependableCollection`, PropertyBased's `RemovableCollection`,
  /// swift-crypto's `Digest`): the spy serves the array `elements` the test sets, generic over
  /// `Element` unless a `where` clause fixes it.
  @Test func aSequenceOrACollectionIsServedFromTheArrayTheTestSets() throws {
    let spies = try CompiledFixture(
      module: "Sequences",
      source: """
        public protocol MustacheSequence: Sequence {}
        extension MustacheSequence {
          public func rendered() -> String { map { "\\($0)" }.joined() }
        }
        public protocol RemovableCollection<Element>: Collection {
          @discardableResult
          mutating func remove(at i: Index) -> Element
        }
        public protocol EmptyInitializable { init() }
        public protocol PrependableCollection<Element>: Collection, EmptyInitializable {
          mutating func prepend<S: Sequence>(contentsOf newElements: S) where S.Element == Element
        }
        public protocol Digest: Hashable, CustomStringConvertible, Sequence where Element == UInt8 {
          static var byteCount: Int { get }
        }
        public protocol Node: Sendable {}
        public protocol Nodes: Sequence where Element: Node {
          func first(named name: String) -> Element?
        }
        public func hex(_ digest: some Digest) -> String {
          digest.map { String($0, radix: 16) }.joined()
        }

        """
    ).spies(
      usage: """
        import SharedInstancesTesting
        import Sequences

        func use() {
          let sequence = MustacheSequenceSpy<Int>()
          sequence.elements = [1, 2]
          _ = sequence.rendered()
          let removable = RemovableCollectionSpy<String>()
          removable.elements = ["a", "b"]
          removable.stub(.remove, returning: "a")
          _ = (removable.count, removable.first, removable.remove(at: 0), Array(removable))
          let digest = DigestSpy()
          digest.elements = [0xCA, 0xFE]
          _ = hex(digest)
          _ = PrependableCollectionSpy<Int>().isEmpty
        }

        """
    )
    #expect(spies.failures.isEmpty)
    let sequence = try #require(spies.file("MustacheSequenceSpy.swift"))
    #expect(sequence.contains("func makeIterator() -> IndexingIterator<[Element]> {"))
    expectReference(sequence, "sequence")
    let removable = try #require(spies.file("RemovableCollectionSpy.swift"))
    #expect(removable.contains("subscript(position: Int) -> Element { elements[position] }"))
    expectReference(removable, "removable")
    let digest = try #require(spies.file("DigestSpy.swift"))
    #expect(digest.contains("var elements: [UInt8] {"))
    expectReference(digest, "digest")
    let nodes = try #require(spies.file("NodesSpy.swift"))
    #expect(nodes.contains("where Element: Node {"))
    #expect(spies.file("PrependableCollectionSpy.swift") != nil)
  }

  /// PropertyBased, whose `SeededRandomNumberGenerator` makes the command read the standard
  /// library's graph, where `Sequence` and `Collection` are declared with their requirements:
  /// `RemovableCollection`'s spy still serves an array, and a `BidirectionalCollection` is
  /// refused with its reason.
  @Test func aCollectionIsServedFromAnArrayAlsoWithTheStandardLibrarysGraph() throws {
    let spies = try CompiledFixture(
      module: "Removing",
      source: """
        public protocol Seeded: RandomNumberGenerator, Sendable {
          var seed: UInt64 { get }
        }
        public protocol RemovableCollection<Element>: Collection {
          @discardableResult
          mutating func remove(at i: Index) -> Element
        }
        public protocol Nodes: BidirectionalCollection {}

        """
    ).spies()
    #expect(spies.output.modulesToRead.isEmpty)
    #expect(spies.failures.isEmpty)
    #expect(spies.file("SeededSpy.swift") != nil)
    let removable = try #require(spies.file("RemovableCollectionSpy.swift"))
    #expect(removable.contains("  var elements: [Element] {"))
    #expect(!removable.contains("underestimatedCount"))
    let messages = spies.output.diagnostics.map(\.message)
    #expect(messages.contains { $0.contains("Nodes: it refines Swift.BidirectionalCollection") })
  }

  /// swift-crypto's `Digest` and `MessageAuthenticationCode`: `ContiguousBytes` and a
  /// `Sequence` of `UInt8`, whose bytes the spy reads from `elements`; without such a sequence,
  /// the spy has no bytes, and the protocol is refused with that reason.
  @Test func contiguousBytesAreTheBytesOfTheElementsTheTestSets() throws {
    let spies = try CompiledFixture(
      module: "Crypto",
      source: """
        import Foundation

        public protocol Digest: Hashable, ContiguousBytes, CustomStringConvertible, Sequence
        where Element == UInt8 {
          static var byteCount: Int { get }
        }
        public protocol HashDigest: ContiguousBytes, Sequence where Element == UInt8 {}
        extension HashDigest {
          public func makeIterator() -> Array<UInt8>.Iterator {
            withUnsafeBytes { Array($0).makeIterator() }
          }
        }
        public protocol Key: ContiguousBytes {}
        public func bytes(of digest: some Digest) -> [UInt8] {
          digest.withUnsafeBytes { Array($0) }
        }

        """
    ).spies(
      usage: """
        import Crypto
        import SharedInstancesTesting

        func use() -> [UInt8] {
          let digest = DigestSpy()
          digest.elements = [1, 2, 3]
          let hash = HashDigestSpy()
          hash.elements = [4]
          return bytes(of: digest) + Array(hash)
        }

        """
    )
    #expect(spies.failures.isEmpty)
    let digest = try #require(spies.file("DigestSpy.swift"))
    #expect(digest.contains("    try elements.withUnsafeBytes(body)"))
    expectReference(digest)
    // swift-crypto's own `Digest` iterates over its bytes: the spy serves only those.
    let hash = try #require(spies.file("HashDigestSpy.swift"))
    #expect(hash.contains("    try elements.withUnsafeBytes(body)"))
    #expect(!hash.contains("makeIterator"))
    #expect(spies.file("KeySpy.swift") == nil)
    let messages = spies.output.diagnostics.map(\.message)
    #expect(messages.contains { $0.contains("Key: it refines ContiguousBytes") })
  }

  /// SwiftGraph's `Graph`, whose module implements `Collection`'s positions for it: its spy
  /// conforms with them. A collection whose module implements some of them only, and
  /// swift-syntax's `SyntaxCollection`, a `BidirectionalCollection` whose `Index` is fixed: no
  /// array serves them, and each is refused with its reason.
  @Test func aCollectionNoArrayCanServeIsRefusedWithItsReason() throws {
    let spies = try CompiledFixture(
      module: "Graphs",
      source: """
        public protocol Graph: CustomStringConvertible, Collection, Codable {
          associatedtype V: Equatable & Codable
          var vertices: [V] { get set }
          init(vertices: [V])
        }
        extension Graph {
          public var startIndex: Int { 0 }
          public var endIndex: Int { vertices.count }
          public func index(after i: Int) -> Int { i + 1 }
          public subscript(i: Int) -> V { vertices[i] }
        }
        public protocol Partial: Collection {}
        extension Partial {
          public var startIndex: Int { 0 }
        }
        public struct ChildIndex: Comparable, Sendable {
          public static func < (lhs: Self, rhs: Self) -> Bool { false }
        }
        public protocol SyntaxCollection: BidirectionalCollection where Index == ChildIndex {}

        """
    ).spies(
      usage: """
        import Graphs
        import SharedInstancesTesting

        func use() -> [String] {
          let graph = GraphSpy<String>()
          graph.stub(.vertices, returning: ["a", "b"])
          return Array(graph)
        }

        """
    )
    #expect(spies.failures.isEmpty)
    let graph = try #require(spies.file("GraphSpy.swift"))
    #expect(!graph.contains("elements"))
    #expect(spies.output.files.map(\.name) == ["GraphSpy.swift"])
    let messages = spies.output.diagnostics.map(\.message)
    #expect(messages.contains { $0.contains("Partial: its module implements startIndex for it") })
    #expect(
      messages.contains {
        $0.contains("SyntaxCollection: its where clause constrains Index (`Index == ChildIndex`)")
      }
    )
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

/// A module compiled from Swift source (``CompiledModule``): the generator's input, and the
/// module its spies are compiled against.
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

  /// Generates the module's spies (of `protocols`, or of every protocol) and compiles them,
  /// with `usage`, code of a test that uses them, compiled in their module.
  func spies(protocols: [String] = [], usage: String? = nil) throws -> Spies {
    let compiled = try CompiledModule(module, sources: ["\(module).swift": source])
    defer { compiled.remove() }
    let generator = SpyGenerator(
      options: SpyGenerator.Options(protocols: protocols, command: "generate")
    )
    var output = try generator.generate(symbolGraph: compiled.symbolGraph, dependencies: [])
    // As the command does: the standard library's protocols from the toolchain's graphs.
    let toolchain = output.modulesToRead.filter(ToolchainSymbolGraphs.modules.contains)
    if !toolchain.isEmpty {
      let dependencies = try toolchain.map { try ToolchainSymbolGraphs().graph(of: $0) }
      output = try generator.generate(
        symbolGraph: compiled.symbolGraph,
        dependencies: dependencies
      )
    }
    let usageFile = usage.map { SpyGenerator.File(name: "Usage.swift", contents: $0) }
    let failures = try compiled.failures(of: output.files + (usageFile.map { [$0] } ?? []))
    return Spies(output: output, failures: failures)
  }
}
