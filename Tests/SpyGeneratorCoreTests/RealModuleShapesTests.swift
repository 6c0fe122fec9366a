import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Shapes found on real modules nobody here chose (the breadth measurement,
/// `scripts/spy-breadth-report.sh`), each written as the module's symbol graph has it.
@Suite struct RealModuleShapesTests {
  // MARK: - Arguments that are not Sendable

  @Test func anArgumentOfATypeNotKnownToBeSendableIsWrapped() throws {
    let spy = try spyText(
      [
        .method("func attach(_ handle: ⟦RawHandle|s:1M9RawHandlea⟧)"),
        .method("func listen(_ stream: ⟦AsyncStream|s:ScS⟧<⟦Int|s:Si⟧>)"),
        .method("func count(_ value: ⟦Int|s:Si⟧, id: ⟦ID|s:1M2IDa⟧)"),
      ],
      types: [
        .alias("RawHandle", "typealias RawHandle = OpaquePointer"),
        .alias("ID", "typealias ID = Int"),
      ]
    )
    expectReference(spy)
  }

  @Test func aNonescapableArgumentStaysOutOfCall() throws {
    let spy = try spyText([.method("func write(_ bytes: ⟦RawSpan|s:s7RawSpanV⟧, count: Int)")])
    expectReference(spy)
  }

  // MARK: - Generic parameters

  @Test func aMethodsGenericParameterNamedLikeTheSpysIsRenamed() throws {
    let spy = try spyText(
      [
        .associated("associatedtype RowDecoder"),
        .method(
          "func fetch<RowDecoder>(_ type: RowDecoder.Type) -> [RowDecoder]",
          generics: ["RowDecoder"]
        ),
        .method("func current() -> RowDecoder"),
      ]
    )
    expectReference(spy)
  }

  @Test func aTypeNamedLikeAGenericParameterKeepsItsModule() throws {
    let spy = try spyText(
      [
        .method(
          "func receive<⟪Subscriber⟫>(subscriber: Subscriber) where Subscriber : "
            + "⟦Subscriber|s:11OpenCombine10SubscriberP⟧",
          generics: ["Subscriber"]
        )
      ]
    )
    expectReference(spy)
  }

  @Test func anAssociatedTypeFixedToAGenericTypeOfAnotherIsNoParameter() throws {
    // swift-atomics' `AtomicReference`, whose where clause the graph puts on `_AtomicBase`.
    let output = try generatedOutput(
      [
        .associated(
          "associatedtype _AtomicBase : AnyObject = Self where "
            + "Self.AtomicOptionalRepresentation == "
            + "⟦OptionalReferenceStorage|s:1M24OptionalReferenceStorageV⟧<Self._AtomicBase>, "
            + "Self.AtomicRepresentation == "
            + "⟦ReferenceStorage|s:1M16ReferenceStorageV⟧<Self._AtomicBase>"
        ),
        .method("func exchange(_ old: AtomicOptionalRepresentation) -> AtomicRepresentation"),
      ],
      declaration: "protocol Shapes : AnyObject, Base",
      parent: [
        .associated("associatedtype AtomicRepresentation : Storage"),
        .associated(
          "associatedtype AtomicOptionalRepresentation : Storage where "
            + "Self.AtomicOptionalRepresentation.Value == Self.AtomicRepresentation.Value?"
        ),
      ]
    )
    let spy = try #require(output.files.first).contents
    #expect(spy.contains("final class ShapesSpy<_AtomicBase: AnyObject>: Spy<"))
    #expect(!spy.contains("where"))
    expectReference(spy)
  }

  @Test func anAssociatedTypeFixedToAnotherStaysOneParameter() throws {
    let spy = try spyText([
      .associated("associatedtype Input"),
      .associated("associatedtype Output : Hashable where Self.Output == Self.Input"),
      .method("func convert(_ input: Input) -> Output"),
    ])
    #expect(spy.contains("final class ShapesSpy<Input>: Spy<"))
    expectReference(spy)
  }

  @Test func aGenericInitializersArgumentIsErasedInCall() throws {
    let spy = try protocolSpy([
      "init<Bytes>(_ sequence: Bytes) where Bytes : Sequence, Bytes.Element == UInt8 | Bytes"
    ])
    expectReference(spy)
  }

  // MARK: - Names

  @Test func aProtocolNamedLikeAFoundationTypeIsSpelledWithItsModule() throws {
    let output = try generateProtocol(["func post()"])
    let spy = try #require(output.files.first).contents
    expectReference(spy, "spy")
    let notification = try spyNamed("Notification", requirements: ["func post()"])
    expectReference(notification, "notification")
  }

  @Test func aParameterNamedLikeASpyOperationLeavesItReachable() throws {
    let spy = try spyText([.method("func save(record: Int)")])
    expectReference(spy)
  }

  // MARK: - Results

  @Test func aNoncopyableGenericResultIsRefusedWithItsReason() throws {
    let output = try generatedOutput(
      [.method("func make<T>(_ type: T.Type) throws -> T where T : ~Copyable", generics: ["T"])]
    )
    #expect(output.files.isEmpty)
    #expect(output.diagnostics.map(\.message).contains { $0.contains("may be noncopyable") })
  }

  @Test func aFunctionTypeReturningAnOptionalIsNoOptionalSoItHasNoNilPlaceholder() throws {
    // Spectre's `ExpectationType.expression`.
    let spy = try spyText([
      .associated("associatedtype ValueType"),
      .property("var expression: () throws -> ValueType? { get }"),
      .method("func make() -> (() -> Int)?"),
    ])
    expectReference(spy)
  }

  // MARK: - Parents of the standard library

  @Test func aParentOfTheStandardLibraryIsReadFromTheToolchainsGraph() throws {
    // XMLCoder's `XMLChoiceCodingKey: CodingKey`.
    let symbols = [
      fixtureSymbol(
        "p",
        kind: "swift.protocol",
        path: ["ChoiceKey"],
        declaration: "protocol ChoiceKey"
      )
    ]
    let relationships = [
      [
        "kind": "conformsTo", "source": "p", "target": "s:s9CodingKeyP",
        "targetFallback": "Swift.CodingKey",
      ]
    ]
    let graph = try JSONSerialization.data(withJSONObject: [
      "module": ["name": "M"], "symbols": symbols, "relationships": relationships,
    ])
    let generator = SpyGenerator(options: .init(command: "generate"))
    let alone = try generator.generate(symbolGraph: graph, dependencies: [])
    #expect(alone.files.isEmpty)
    #expect(alone.modulesToRead == ["Swift"])
    let standardLibrary = try ToolchainSymbolGraphs().graph(of: "Swift")
    let output = try generator.generate(symbolGraph: graph, dependencies: [standardLibrary])
    let spy = try #require(output.files.first).contents
    expectReference(spy)
    #expect(output.modulesToRead.isEmpty)
  }

  @Test func aProtocolRefiningFloatingPointIsRefusedAlsoWithTheStandardLibrarysGraph() throws {
    // RealModule's `Real: FloatingPoint, AlgebraicField`, whose graph lists every parent.
    let graph = try standardLibraryChild(["s:SF": "Swift.FloatingPoint", "s:Sj": "Swift.Numeric"])
    let generator = SpyGenerator(options: .init(command: "generate"))
    let standardLibrary = try ToolchainSymbolGraphs().graph(of: "Swift")
    let output = try generator.generate(symbolGraph: graph, dependencies: [standardLibrary])
    #expect(output.files.isEmpty)
    let message = try #require(output.diagnostics.first).message
    #expect(message.contains("it refines Swift.FloatingPoint, whose arithmetic a spy has no value"))
  }

  @Test func aProtocolRefiningNumericIsSpiedFromTheStandardLibrarysGraph() throws {
    // RealModule's `AlgebraicField: SignedNumeric`.
    let graph = try standardLibraryChild([
      "s:Sj": "Swift.Numeric", "s:s13SignedNumericP": "Swift.SignedNumeric",
    ])
    let generator = SpyGenerator(options: .init(command: "generate"))
    let alone = try generator.generate(symbolGraph: graph, dependencies: [])
    #expect(alone.modulesToRead == ["Swift"])
    let standardLibrary = try ToolchainSymbolGraphs().graph(of: "Swift")
    let output = try generator.generate(symbolGraph: graph, dependencies: [standardLibrary])
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    #expect(spy.contains("static func * (lhs: FieldSpy, rhs: FieldSpy) -> FieldSpy"))
  }

  @Test func aParentOfTheConcurrencyModuleIsReadFromTheToolchainsGraph() throws {
    // NIOCore's `NIOSerialEventLoopExecutor: EventLoop, SerialExecutor`.
    let symbols = [
      fixtureSymbol(
        "p",
        kind: "swift.protocol",
        path: ["SerialLoop"],
        declaration: "protocol SerialLoop"
      ),
      fixtureSymbol(
        "p.0",
        kind: "swift.method",
        path: ["SerialLoop", "execute(_:)"],
        declaration: "func execute(_ task: @escaping @Sendable () -> Void)"
      ),
    ]
    let relationships = [
      ["kind": "requirementOf", "source": "p.0", "target": "p"],
      [
        "kind": "conformsTo", "source": "p", "target": "s:Scf",
        "targetFallback": "_Concurrency.SerialExecutor",
      ],
      [
        "kind": "conformsTo", "source": "p", "target": "s:ScF",
        "targetFallback": "_Concurrency.Executor",
      ],
    ]
    let graph = try JSONSerialization.data(withJSONObject: [
      "module": ["name": "M"], "symbols": symbols, "relationships": relationships,
    ])
    let generator = SpyGenerator(options: .init(command: "generate"))
    let alone = try generator.generate(symbolGraph: graph, dependencies: [])
    #expect(alone.files.isEmpty)
    #expect(alone.modulesToRead == ["_Concurrency"])
    #expect(ToolchainSymbolGraphs.modules.contains("_Concurrency"))
    let concurrency = try ToolchainSymbolGraphs().graph(of: "_Concurrency")
    let output = try generator.generate(symbolGraph: graph, dependencies: [concurrency])
    let spy = try #require(output.files.first).contents
    // Swift warns on a type implementing the deprecated `enqueue(_: consuming Job)`, which
    // `_Concurrency`'s default forwards to `enqueue(_: consuming ExecutorJob)`.
    #expect(spy.contains("func enqueue(_ job: consuming ExecutorJob)"))
    #expect(!spy.contains("consuming Job)"))
    expectReference(spy)
    #expect(output.modulesToRead.isEmpty)
  }

  // MARK: - Dynamic member lookup

  @Test func aDynamicMemberSubscriptWithAWhereClauseKeepsItsClause() throws {
    // Tracing's `SpanAttributeNamespace` with its defaults spied.
    let spy = try spyText(
      [
        .associated("associatedtype NestedAttributes : NestedAttributesProtocol"),
        .subscriptRequirement(
          "subscript<T>(dynamicMember dynamicMember: KeyPath<Self.NestedAttributes, Key<T>>) "
            + "-> T? where T : Convertible { get set }",
          generics: ["T"]
        ),
        .subscriptRequirement(
          "subscript<Namespace>(dynamicMember dynamicMember: KeyPath<Attribute, Namespace>) "
            + "-> Namespace where Namespace : Shapes { get }",
          generics: ["Namespace"]
        ),
      ],
      declaration: "@dynamicMemberLookup protocol Shapes"
    )
    expectReference(spy)
  }

  // MARK: - Default implementations

  @Test func aRequirementTheModuleImplementsKeepsThatImplementation() throws {
    let output = try migratingOutput(spyDefaults: [])
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aDefaultedRequirementIsSpiedWhenAsked() throws {
    for entry in ["Migrating", "Migrating.runOld()"] {
      let spy = try #require(try migratingOutput(spyDefaults: [entry]).files.first).contents
      #expect(spy.contains("  func runOld() -> Int {\n"), "\(entry)")
    }
  }

  @Test func aDefaultUnderAWhereClauseIsNotEveryTypesSoTheSpyImplementsIt() throws {
    let spy = try #require(try migratingOutput(spyDefaults: [], constrained: true).files.first)
    expectReference(spy.contents)
  }

  @Test func overloadsThatAllHaveDefaultsAreSpiedForTheirDefaultsCallOneAnother() throws {
    let output = try defaultsOutput([
      ("func log(event: Int)", true, false),
      ("func log(level: Int, message: String)", true, false),
      ("var name: String { get }", true, false),
    ])
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aDefaultInAnExtensionOfARefinementIsNotTheProtocolsSoItIsSpied() throws {
    var output = try migratingOutput(spyDefaults: [], extending: "Refined")
    var spy = try #require(output.files.first).contents
    expectReference(spy)
    output = try migratingOutput(spyDefaults: [], extending: "Migrating")
    spy = try #require(output.files.first).contents
  }

  @Test func anExtensionsOverloadOfOtherTypesIsNoDefaultSoTheRequirementIsSpied() throws {
    let output = try migratingOutput(
      spyDefaults: [],
      implementation: "func runOld(_ x: Int) -> Int"
    )
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aDeprecatedDefaultIsOneToReplaceSoItIsSpied() throws {
    let output = try defaultsOutput([
      ("func log(event: Int)", true, true), ("func flush()", false, false),
    ])
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aGetOnlyDefaultDoesNotServeASettableRequirementSoItIsSpied() throws {
    let output = try defaultsOutput(
      [("var offset: Int { get set }", true, false), ("var name: String { get }", true, false)],
      implementations: [0: "var offset: Int { get }"]
    )
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aDefaultInTheExtensionOfARefinementServesThatRefinementsSpy() throws {
    let output = try groupOutput(refinementImplementsParentsCommands: true)
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first { $0.name == "GroupSpy.swift" }).contents
    #expect(spy.components(separatedBy: "  var commands: ").count == 2)
    #expect(!spy.contains("var defaultCommand"))
    expectReference(spy)
  }

  @Test func propertiesOfOneNameAndTwoTypesWithoutADefaultAreRefusedWithTheirReason() throws {
    let output = try groupOutput(refinementImplementsParentsCommands: false)
    #expect(!output.files.contains { $0.name == "GroupSpy.swift" })
    let message = try #require(output.diagnostics.first { $0.message.contains("protocol Group:") })
      .message
    #expect(message.contains("Group.commands and AsyncGroup.commands"))
    #expect(message.contains("a type declares one property of a name"))
  }

  // MARK: - Requirements restated through several parents

  @Test func aRequirementRestatedWithOtherGenericParameterNamesIsImplementedOnce() throws {
    let output = try generatedOutput(
      [.initializer("init?<⟪T⟫>(exactly source: T) where T : BinaryInteger", generics: ["T"])],
      declaration: "protocol Shapes : Base",
      parent: [
        .initializer(
          "init?<⟪Source⟫>(exactly value: Source) where Source : BinaryInteger",
          generics: ["Source"]
        )
      ]
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first { $0.name == "ShapesSpy.swift" }).contents
    #expect(spy.components(separatedBy: "(exactly ").count == 2)
    expectReference(spy)
  }

  /// PostgresNIO's `PostgresDynamicTypeEncodable` restates its parent's throwing
  /// `encode(into:context:)` without `throws`: one method that does not throw meets both, and
  /// two would be an invalid redeclaration (swiftc 6.3.1).
  @Test func aRequirementRestatedWithFewerEffectsIsImplementedOnceWithThem() throws {
    let output = try generatedOutput(
      [
        .method(
          "func encode<⟪JSONEncoder⟫>(into byteBuffer: inout ByteBuffer, context: "
            + "PostgresEncodingContext<JSONEncoder>) where JSONEncoder : PostgresJSONEncoder",
          generics: ["JSONEncoder"]
        ),
        .method("func load() async throws -> Int"),
      ],
      declaration: "protocol Shapes : Base",
      parent: [
        .method(
          "func encode<⟪E⟫>(into byteBuffer: inout ByteBuffer, context: "
            + "PostgresEncodingContext<E>) throws where E : PostgresJSONEncoder",
          generics: ["E"]
        ),
        .method("func load() throws -> Int"),
      ]
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first { $0.name == "ShapesSpy.swift" }).contents
    #expect(spy.components(separatedBy: "func encode<").count == 2)
    #expect(!spy.contains("context: PostgresEncodingContext<E>) throws"))
    // The parent's `load() throws` also meets the refinement's `load() async throws`.
    #expect(spy.components(separatedBy: "func load()").count == 2)
    expectReference(spy)
  }

  // MARK: - Fixtures

  /// A protocol `Handling` with `requirements`: each a declaration, whether the module
  /// implements it in an extension, and whether that implementation is deprecated. The
  /// implementation restates the requirement's declaration, or is declared as `implementations`
  /// says at the requirement's index.
  private func defaultsOutput(
    _ requirements: [(declaration: String, hasDefault: Bool, isDeprecated: Bool)],
    implementations: [Int: String] = [:]
  ) throws -> SpyGenerator.Output {
    var symbols = [
      fixtureSymbol(
        "p",
        kind: "swift.protocol",
        path: ["Handling"],
        declaration: "protocol Handling"
      )
    ]
    var relationships: [[String: String]] = []
    for (index, requirement) in requirements.enumerated() {
      let isProperty = requirement.declaration.hasPrefix("var ")
      let name =
        isProperty
        ? String(requirement.declaration.dropFirst(4).prefix { $0 != ":" })
        : String(requirement.declaration.dropFirst(5).prefix { $0 != "(" }) + "(…\(index))"
      let kind = isProperty ? "swift.property" : "swift.method"
      symbols.append(
        fixtureSymbol(
          "r\(index)",
          kind: kind,
          path: ["Handling", name],
          declaration: requirement.declaration
        )
      )
      relationships.append(["kind": "requirementOf", "source": "r\(index)", "target": "p"])
      guard requirement.hasDefault else { continue }
      var implementation = fixtureSymbol(
        "d\(index)",
        kind: kind,
        path: ["Handling", name],
        declaration: (requirement.isDeprecated ? "⚠︎ " : "")
          + (implementations[index] ?? requirement.declaration)
      )
      implementation["swiftExtension"] = ["extendedModule": "M", "constraints": []]
      symbols.append(implementation)
      relationships.append([
        "kind": "defaultImplementationOf", "source": "d\(index)", "target": "r\(index)",
      ])
    }
    let graph: [String: Any] = [
      "module": ["name": "M"], "symbols": symbols, "relationships": relationships,
    ]
    return try SpyGenerator(options: .init(command: "generate"))
      .generate(symbolGraph: JSONSerialization.data(withJSONObject: graph))
  }

  /// `protocol AsyncGroup { var commands: [String: any AsyncCommand] { get }; var
  /// defaultCommand: (any AsyncCommand)? { get } }` and `protocol Group: AsyncGroup` restating
  /// both with `any Command`, shaped as ConsoleKit's command groups: each `defaultCommand` has a
  /// default in its protocol's extension, and `extension Group` implements the parent's
  /// `commands` from its own when `refinementImplementsParentsCommands`.
  private func groupOutput(refinementImplementsParentsCommands: Bool) throws -> SpyGenerator.Output
  {
    let async = "⟦AsyncCommand|s:1M12AsyncCommandP⟧"
    let plain = "⟦Command|s:1M7CommandP⟧"
    var symbols = [
      fixtureSymbol(
        "a",
        kind: "swift.protocol",
        path: ["AsyncGroup"],
        declaration: "protocol AsyncGroup"
      ),
      fixtureSymbol(
        "g",
        kind: "swift.protocol",
        path: ["Group"],
        declaration: "protocol Group : AsyncGroup"
      ),
    ]
    var relationships = [["kind": "conformsTo", "source": "g", "target": "a"]]
    func add(_ id: String, of owner: String, _ path: [String], _ declaration: String) {
      symbols.append(
        fixtureSymbol(id, kind: "swift.property", path: path, declaration: declaration)
      )
      relationships.append(["kind": "requirementOf", "source": id, "target": owner])
    }
    func implement(_ id: String, _ path: [String], _ declaration: String, of targets: [String]) {
      var implementation = fixtureSymbol(
        id,
        kind: "swift.property",
        path: path,
        declaration: declaration
      )
      implementation["swiftExtension"] = ["extendedModule": "M", "typeKind": "swift.protocol"]
      symbols.append(implementation)
      for target in targets {
        relationships.append(["kind": "defaultImplementationOf", "source": id, "target": target])
      }
    }
    add(
      "a.c",
      of: "a",
      ["AsyncGroup", "commands"],
      "var commands: [String : any \(async)] { get }"
    )
    add(
      "a.d",
      of: "a",
      ["AsyncGroup", "defaultCommand"],
      "var defaultCommand: (any \(async))? { get }"
    )
    add("g.c", of: "g", ["Group", "commands"], "var commands: [String : any \(plain)] { get }")
    add("g.d", of: "g", ["Group", "defaultCommand"], "var defaultCommand: (any \(plain))? { get }")
    implement(
      "a.dd",
      ["AsyncGroup", "defaultCommand"],
      "var defaultCommand: (any \(async))? { get }",
      of: ["a.d"]
    )
    // The graph links an extension's member to every requirement of its name.
    implement(
      "g.dd",
      ["Group", "defaultCommand"],
      "var defaultCommand: (any \(plain))? { get }",
      of: ["g.d", "a.d"]
    )
    if refinementImplementsParentsCommands {
      implement(
        "g.cd",
        ["Group", "commands"],
        "var commands: [String : any \(async)] { get }",
        of: ["g.c", "a.c"]
      )
    }
    let graph: [String: Any] = [
      "module": ["name": "M"], "symbols": symbols, "relationships": relationships,
    ]
    return try SpyGenerator(options: .init(command: "generate"))
      .generate(symbolGraph: JSONSerialization.data(withJSONObject: graph))
  }

  /// The graph of a module `M` with a protocol `Field` that refines `parents` of the standard
  /// library (precise identifier: name).
  private func standardLibraryChild(_ parents: [String: String]) throws -> Data {
    let symbols = [
      fixtureSymbol("p", kind: "swift.protocol", path: ["Field"], declaration: "protocol Field")
    ]
    let relationships = parents.sorted { $0.key < $1.key }.map { target, name in
      ["kind": "conformsTo", "source": "p", "target": target, "targetFallback": name]
    }
    return try JSONSerialization.data(withJSONObject: [
      "module": ["name": "M"], "symbols": symbols, "relationships": relationships,
    ])
  }

  /// `protocol Migrating { func run() async throws -> Int; func runOld() -> Int }`, with
  /// `extension Migrating { public func runOld() -> Int }` (under a `where` clause when
  /// `constrained`).
  private func migratingOutput(
    spyDefaults: [String],
    constrained: Bool = false,
    extending: String = "Migrating",
    implementation declaration: String = "func runOld() -> Int"
  ) throws -> SpyGenerator.Output {
    var implementation = fixtureSymbol(
      "d",
      kind: "swift.method",
      path: [extending, "runOld()"],
      declaration: declaration
    )
    implementation["swiftExtension"] = [
      "extendedModule": "M",
      "constraints": constrained
        ? [["kind": "conformance", "lhs": "Self", "rhs": "Sendable"]] : [],
    ]
    let symbols = [
      fixtureSymbol(
        "p",
        kind: "swift.protocol",
        path: ["Migrating"],
        declaration: "protocol Migrating"
      ),
      fixtureSymbol(
        "r",
        kind: "swift.method",
        path: ["Migrating", "run()"],
        declaration: "func run() async throws -> Int"
      ),
      fixtureSymbol(
        "o",
        kind: "swift.method",
        path: ["Migrating", "runOld()"],
        declaration: "func runOld() -> Int"
      ),
      implementation,
    ]
    let relationships = [
      ["kind": "requirementOf", "source": "r", "target": "p"],
      ["kind": "requirementOf", "source": "o", "target": "p"],
      ["kind": "defaultImplementationOf", "source": "d", "target": "o"],
    ]
    let graph: [String: Any] = [
      "module": ["name": "M"], "symbols": symbols, "relationships": relationships,
    ]
    return try SpyGenerator(options: .init(spyDefaults: spyDefaults, command: "generate"))
      .generate(symbolGraph: JSONSerialization.data(withJSONObject: graph))
  }

  /// The spy of a protocol `name` of module `M` with `requirements` (methods).
  private func spyNamed(_ name: String, requirements: [String]) throws -> String {
    var symbols = [
      fixtureSymbol("p", kind: "swift.protocol", path: [name], declaration: "protocol \(name)")
    ]
    var relationships: [[String: String]] = []
    for (index, requirement) in requirements.enumerated() {
      symbols.append(
        fixtureSymbol(
          "p.\(index)",
          kind: "swift.method",
          path: [name, "m"],
          declaration: requirement
        )
      )
      relationships.append(["kind": "requirementOf", "source": "p.\(index)", "target": "p"])
    }
    let graph: [String: Any] = [
      "module": ["name": "M"], "symbols": symbols, "relationships": relationships,
    ]
    let output = try SpyGenerator(options: .init(command: "generate"))
      .generate(symbolGraph: JSONSerialization.data(withJSONObject: graph))
    return try #require(output.files.first).contents
  }
}
