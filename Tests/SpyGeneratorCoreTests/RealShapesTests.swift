import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Shapes of declarations seen in real modules (NIO, Tracing, ArgumentParser, the Composable
/// Architecture, …) that the generator wrote spies for which did not compile.
@Suite struct RealShapesTests {
  // MARK: - Types and names

  @Test func aTypeOfAnotherModuleIsNotAssumedEquatable() throws {
    let spy = try spyText([
      .method("func run(context: ⟦InstrumentationContext|s:15Instrumentation0A7Contexta⟧)"),
      .method("func send(_ data: ⟦Data|s:10Foundation4DataV⟧, level: ⟦Int|s:Si⟧)"),
    ])
    expectReference(spy)
  }

  @Test func anAssociatedTypeNamedLikeItsProtocolConstraintKeepsTheProtocolQualified() throws {
    let output = try generatedOutput(
      [
        .associated("associatedtype Span : ⟦Span|s:7Tracing4SpanP⟧"),
        .method("func startSpan(_ name: ⟦String|s:SS⟧) -> Self.Span"),
        .method("func current() -> (any ⟦Span|s:7Tracing4SpanP⟧)?"),
      ],
      declaration: "protocol Shapes"
    )
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aProtocolsOwnTypealiasIsSpelledWithItsProtocol() throws {
    // The typealias is a symbol of the graph, nested in the protocol.
    let spy = try spyText(
      [.method("func handle(_ event: ⟦Event|s:1M6ShapesP5Eventa⟧)")],
      types: [.nested(["Shapes", "Event"], id: "s:1M6ShapesP5Eventa", kind: "swift.typealias")]
    )
    expectReference(spy)
  }

  // MARK: - Parents of other modules

  @Test func aParentOfAnotherModuleWhoseRequirementsAreUnknownGetsNoSpy() throws {
    let output = try generatedOutput(
      [.method("func load()")],
      parents: ["s:15Instrumentation10InstrumentP": "Instrumentation.Instrument"]
    )
    #expect(output.files.isEmpty)
    let message = try #require(output.diagnostics.first).description
    #expect(message.contains("No spy for protocol Shapes"))
    #expect(message.contains("Instrumentation.Instrument"))
  }

  @Test func anUnderscoredMarkerParentOfAnotherModuleIsMet() throws {
    let output = try generatedOutput(
      [.method("func load()")],
      parents: ["s:14ArgumentParser17_SendableMetatypeP": "ArgumentParser._SendableMetatype"]
    )
    #expect(output.files.count == 1)
    #expect(output.diagnostics.isEmpty)
  }

  @Test func anUnderscoredMarkerProtocolWithNoRequirementsIsLeftOutSilently() throws {
    let symbols: [[String: Any]] = [
      fixtureSymbol(
        "p",
        kind: "swift.protocol",
        path: ["_Marker"],
        declaration: "protocol _Marker"
      ),
      fixtureSymbol("q", kind: "swift.protocol", path: ["Empty"], declaration: "protocol Empty"),
    ]
    let graph: [String: Any] = ["module": ["name": "M"], "symbols": symbols, "relationships": []]
    let generator = SpyGenerator(options: .init(command: "generate"))
    let output = try generator.generate(
      symbolGraph: JSONSerialization.data(withJSONObject: graph)
    )
    #expect(output.files.map(\.name) == ["EmptySpy.swift"])
    #expect(output.diagnostics.isEmpty)
  }

  // MARK: - Declarations

  @Test func aConsumingNoncopyableParameterStaysOutOfCall() throws {
    // `Token` is a struct of the module, not declared `Sendable`: it may be `~Copyable`.
    let spy = try spyText(
      [
        .method("func enqueue(_ job: consuming ⟦ExecutorJob|s:ScJ⟧)"),
        .method("func take(_ value: consuming ⟦Token|s:1M5TokenV⟧, count: Int)"),
      ],
      types: [.nested(["Token"], id: "s:1M5TokenV", kind: "swift.struct")]
    )
    expectReference(spy)
  }

  @Test func aConsumingMethodIsSpied() throws {
    let output = try generatedOutput([.method("consuming func close() -> Int")])
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aResultBuilderAttributeWithGenericArgumentsIsLeftOut() throws {
    let output = try generatedOutput([
      .property("@ReducerBuilder<Self.State, Self.Action> var body: Int { get }"),
      .method("@RuleConfigurationBuilder func configuration() -> [String]"),
    ])
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func anInoutOpaqueParameterGetsAGenericWriteBackStub() throws {
    let spy = try spyText([.method("func hash(into hasher: inout some HashFunction)")])
    expectReference(spy)
  }

  /// SwiftProtobuf's `Decoder.decodeMapField(fieldType:value:)`: the `inout` parameter's type
  /// names the method's generic parameters only inside another type's member type, from which
  /// Swift cannot infer them (swiftc 6.3.1: "generic parameter 'KeyType' is not used in function
  /// signature"), so its write-back stub is generic over the whole type instead.
  @Test func anInoutTypeThatCannotInferTheMethodsGenericsGetsAWholeTypeWriteBackStub() throws {
    let spy = try spyText([
      .method(
        "mutating func decodeMapField<KeyType, ValueType>(fieldType: _ProtobufMap<KeyType, "
          + "ValueType>.Type, value: inout _ProtobufMap<KeyType, ValueType>.BaseType) throws "
          + "where KeyType : MapKeyType, ValueType : MapValueType",
        generics: ["KeyType", "ValueType"]
      ),
      .method(
        "func next<T>(_ element: inout T.Element, in sequence: T) where T : Sequence",
        generics: ["T"]
      ),
      .method(
        "func fill<T>(_ elements: inout [T], with value: T.Element) where T : Sequence",
        generics: ["T"]
      ),
    ])
    #expect(!spy.contains("(inout _ProtobufMap<KeyType, ValueType>.BaseType)"))
    #expect(!spy.contains("(inout T.Element)"))
    #expect(spy.contains("(inout [T])"))
    expectReference(spy)
  }

  @Test func anOptionalClosureTakingAnEscapingClosureIsNotMadeEscaping() throws {
    let spy = try spyText([
      .method("func run(_ body: ((@escaping () -> Void) -> Void)?)"),
      .method("func start(_ work: @escaping (@escaping @Sendable () -> Void) -> Void)"),
    ])
    expectReference(spy)
  }
}

/// Deprecated protocols and requirements: the spy is deprecated where they are, so that what it
/// mentions of them warns nowhere in the test target.
@Suite struct DeprecationTests {
  @Test func aDeprecatedRequirementsImplementationAndCallCaseAreDeprecated() throws {
    let spy = try spyText([
      .method("⚠︎ func joinGroup(_ group: Int, interface: OldInterface?)"),
      .method("func leave()"),
    ])
    expectReference(spy)
  }

  /// ArgumentParser's `AsyncMainProtocol`: `@available(swift, deprecated: 5.6, message: …)`.
  /// Spies compile in Swift 6 mode, where the protocol is deprecated: a spy that is not would
  /// warn where it conforms (swiftc 6.3.1: "'AsyncMainProtocol' is deprecated").
  @Test func aProtocolDeprecatedInTheSwiftLanguageHasADeprecatedSpy() throws {
    let spy = try spyText(
      [.associated("associatedtype Command"), .method("func run()")],
      declaration: "⚠︎swift 5.6 protocol Shapes"
    )
    expectReference(spy)
  }

  /// Deprecated only from a later Swift than the spies are compiled in (`swift, deprecated: 7`):
  /// nothing warns, and a deprecated spy would make every test that uses it warn.
  @Test func aProtocolDeprecatedInALaterSwiftHasASpyThatIsNot() throws {
    let spy = try spyText([.method("func run()")], declaration: "⚠︎swift 7 protocol Shapes")
    expectReference(spy)
  }

  @Test func aDeprecatedProtocolsSpyIsDeprecated() throws {
    let spy = try spyText([.method("func run()")], declaration: "⚠︎ protocol Shapes")
    expectReference(spy)
  }
}

/// Long names, as NIO and swift-log have them: the spy stays within 100 columns, laid out as
/// swift-format lays it out, so that `swift format lint --strict` accepts it.
@Suite struct LongNamesTests {
  @Test func everyLineOfASpyWithLongNamesFitsInOneHundredColumns() throws {
    let name = "NIOInboundByteBufferingChannelHandlerWithAVeryLongNameIndeed"
    let requirements = [
      "func logLevelMessageMetadataSourceFileFunctionLine(level: Int, message: String, "
        + "metadata: [String: String]?, source: String, file: String, function: String, "
        + "line: UInt) -> Int",
      "func logLevelMessageMetadataSourceFileFunctionLineAndMore()",
      "subscript(channelHandlerContextIdentifier identifier: Int, "
        + "inboundBufferingConfiguration configuration: String) -> Int { get set }",
    ]
    var symbols = [
      fixtureSymbol("p", kind: "swift.protocol", path: [name], declaration: "protocol \(name)")
    ]
    var relationships: [[String: Any]] = []
    for (index, requirement) in requirements.enumerated() {
      symbols.append(
        fixtureSymbol(
          "p.\(index)",
          kind: requirement.hasPrefix("subscript") ? "swift.subscript" : "swift.method",
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
    let spy = try #require(output.files.first).contents
    for line in spy.split(separator: "\n") {
      #expect(line.count <= 100, "\(line)")
    }
    expectReference(spy)
  }
}
