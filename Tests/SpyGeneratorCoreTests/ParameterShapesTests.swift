import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Shapes whose spies used not to compile: the text the generator writes for each. The
/// SpyCorpus package compiles and exercises the same shapes (ParameterShapes.swift).
@Suite struct ParameterShapesTests {
  @Test func aProtocolWithoutRequirementsGetsAHashableCallWithoutCases() throws {
    let spy = try spyText([])
    expectReference(spy)
  }

  @Test func keywordParametersAreEscapedWhereTheBodyUsesThem() throws {
    let spy = try spyText([.method("func example(for: String, in: Int, throws: Bool)")])
    expectReference(spy)
  }

  @Test func unnamedParametersAreNamedByPositionAndStoredWithoutALabel() throws {
    let spy = try spyText([.method("func empty(_: Int, _: String) -> Bool")])
    expectReference(spy)
  }

  @Test func aTypedThrowReturningNothingSaysItsResultIsVoid() throws {
    let spy = try spyText([
      .method("func post(amount: Int) throws(LedgerError)"),
      .initializer("init(name: String) throws(LedgerError)"),
    ])
    expectReference(spy)
  }

  @Test func aTypedThrowingGetterThrowsItsType() throws {
    let spy = try spyText([
      .property("var balance: Int { get throws(LedgerError) }"),
      .property("var pending: [Int] { get async throws(LedgerError) }"),
    ])
    expectReference(spy)
  }

  @Test func aVoidPropertyRecordsAndReturnsNothing() throws {
    let spy = try spyText([.property("var ping: Void { get }")])
    expectReference(spy)
  }

  @Test func aGenericMethodsKeptClosureHasAGenericAccessorAndTheAnswerIsReturned() throws {
    let spy = try spyText([
      .method(
        "func transform<T>(_ value: T, with body: @escaping @Sendable (T) -> T) -> T",
        generics: ["T"]
      )
    ])
    expectReference(spy)
  }

  @Test func genericOpaqueAndMetatypeArgumentsAreRecordedInSpyArgument() throws {
    let spy = try spyText([
      .method("func store<Key>(_ key: Key, values: [Key]) where Key: Hashable", generics: ["Key"]),
      .method("func draw(_ shape: (some Shape)?)"),
      .method("func fill(_ shape: (some Shape)!)"),
      .method("func trace(_ shape: (any Shape)!)"),
      .method("func register(_ type: Node.Type?)"),
    ])
    expectReference(spy)
  }

  @Test func argumentsThatAreNotSendableOrNotEquatableAreRecordedInSpyArgument() throws {
    let spy = try spyText(
      [
        .method("func log(_ value: Any)"),
        .method("func log(fields: [String: Any])"),
        .method("func attach(_ object: AnyObject)"),
        .method("func format(_ format: String, _ arguments: any CVarArg...)"),
        .method("func hash(into hasher: inout Hasher)"),
        .method("func finish(_ result: Result<Int, any Error>)"),
        .method("func visit(_ node: Node)"),
        .method("func show(_ picture: Picture)"),
        .method("func tag(_ tag: Tag)"),
      ],
      types: [
        .type("Node", conformsTo: ["s:SQ"]),  // Equatable, not Sendable
        .type("Picture", conformsTo: ["s:s8SendableP"]),  // Sendable, not Equatable
        .type("Tag", conformsTo: ["s:SQ", "s:s8SendableP"]),
      ]
    )
    expectReference(spy)
  }

  @Test func aClosureNamedByATypealiasStaysOutOfCall() throws {
    let spy = try spyText(
      [
        .method("func each(_ body: Completion)"),
        .method("func load(completion: @escaping Handler)"),
      ],
      types: [
        .alias("Completion", "typealias Completion = (Int) -> Void"),
        .alias("Handler", "typealias Handler = @Sendable (Int) -> Void"),
      ]
    )
    expectReference(spy)
  }

  @Test func aStubWritesBackIntoInoutArguments() throws {
    let spy = try spyText([.method("func next(_ state: inout [String], limit: Int) -> Bool")])
    expectReference(spy)
  }

  @Test func aProtocolRefiningNSObjectProtocolGetsAnNSObjectSpy() throws {
    let output = try generatedOutput(
      [.method("func didFinish(_ id: Int)")],
      parents: ["s:10Foundation16NSObjectProtocolP": "Foundation.NSObjectProtocol"]
    )
    let spy = try #require(output.files.first).contents
    expectReference(spy)
    #expect(output.diagnostics.isEmpty)
  }

  @Test func ownershipAndIsolationModifiersStayInTheDeclarationAndOutOfCall() throws {
    let spy = try spyText([
      .method("func take(_ value: consuming String, _ other: borrowing [Int])"),
      .method("func hand(_ value: sending Int)"),
      .method("func run(on actor: isolated (any Actor)?)"),
    ])
    expectReference(spy)
  }

  @Test func aParameterPackIsRefusedWithItsReason() throws {
    let output = try generatedOutput([
      .method("func all<each T>(_ values: repeat each T)", generics: ["T"])
    ])
    #expect(output.files.isEmpty)
    let message = try #require(output.diagnostics.first).message
    #expect(message.contains("Shapes.all(…): a parameter pack"))
  }

  @Test func anEscapingClosureNamedWithAKeywordIsKeptUnderItsName() throws {
    let spy = try spyText([.method("func schedule(_ default: @escaping @Sendable () -> Void)")])
    expectReference(spy)
  }

  @Test func aLabeledSubscriptParameterKeepsItsLabel() throws {
    let output = try generatedOutput([
      .subscriptRequirement("subscript(key key: String, default value: Int) -> Int { get }")
    ])
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func anImplicitlyUnwrappedResultHasANilPlaceholder() throws {
    let spy = try spyText([.method("func current() -> Int!")])
    expectReference(spy)
  }

  @Test func frameworkClassesAndTypeErasersAreRecordedInSpyArgument() throws {
    let spy = try spyText([
      .method("func post(_ notification: Notification)"),
      .method("func show(_ image: UIImage, at location: CLLocation)"),
      .method("func keep(_ cancellable: AnyCancellable, _ range: NSRange)"),
    ])
    expectReference(spy)
  }
}
