import Foundation
import Testing
import _SpyGeneratorCore

/// Shapes whose spies used not to compile: the text the generator writes for each. The
/// SpyCorpus package compiles and exercises the same shapes (ParameterShapes.swift).
@Suite struct ParameterShapesTests {
  @Test func aProtocolWithoutRequirementsGetsAHashableCallWithoutCases() throws {
    let spy = try spyText([])
    #expect(spy.contains("  enum Call: SpyCall, Hashable {}\n}\n"))
    #expect(!spy.contains("enum Method"))
  }

  @Test func keywordParametersAreEscapedWhereTheBodyUsesThem() throws {
    let spy = try spyText([.method("func example(for: String, in: Int, throws: Bool)")])
    #expect(spy.contains("    case example(for: String, in: Int, throws: Bool)\n"))
    #expect(spy.contains("  func example(`for`: String, `in`: Int, `throws`: Bool) {\n"))
    #expect(spy.contains("record(.example(for: `for`, in: `in`, throws: `throws`))"))
  }

  @Test func unnamedParametersAreNamedByPositionAndStoredWithoutALabel() throws {
    let spy = try spyText([.method("func empty(_: Int, _: String) -> Bool")])
    #expect(spy.contains("    case empty(Int, String)\n"))
    #expect(spy.contains("  func empty(_ arg1: Int, _ arg2: String) -> Bool {\n"))
    #expect(spy.contains("record(.empty(arg1, arg2), placeholder: false)"))
  }

  @Test func aTypedThrowReturningNothingSaysItsResultIsVoid() throws {
    let spy = try spyText([
      .method("func post(amount: Int) throws(LedgerError)"),
      .initializer("init(name: String) throws(LedgerError)"),
    ])
    #expect(
      spy.contains("try recordThrowing(.post(amount: amount), as: LedgerError.self) as Void\n")
    )
    #expect(
      spy.contains(
        "    super.init()\n    try recordThrowing(.`init`(name: name), as: LedgerError.self) as Void\n"
      )
    )
  }

  @Test func aTypedThrowingGetterThrowsItsType() throws {
    let spy = try spyText([
      .property("var balance: Int { get throws(LedgerError) }"),
      .property("var pending: [Int] { get async throws(LedgerError) }"),
    ])
    #expect(
      spy.contains(
        "    get throws(LedgerError) {\n      try recordThrowing(.balance, as: LedgerError.self)\n"
      )
    )
    #expect(spy.contains("    get async throws(LedgerError) {\n"))
  }

  @Test func aVoidPropertyRecordsAndReturnsNothing() throws {
    let spy = try spyText([.property("var ping: Void { get }")])
    #expect(spy.contains("  var ping: Void {\n    record(.ping)\n  }\n"))
  }

  @Test func aGenericMethodsKeptClosureHasAGenericAccessorAndTheAnswerIsReturned() throws {
    let spy = try spyText([
      .method(
        "func transform<T>(_ value: T, with body: @escaping @Sendable (T) -> T) -> T",
        generics: ["T"]
      )
    ])
    #expect(
      spy.contains("    keep(body, as: \"transform.body\")\n    return recordStubbed(")
    )
    #expect(
      spy.contains("  func transformBody<T>(as _: T.Type = T.self) -> (@Sendable (T) -> T)? {")
    )
    #expect(!spy.contains("var transformBody"))
  }

  @Test func genericOpaqueAndMetatypeArgumentsAreRecordedInSpyArgument() throws {
    let spy = try spyText([
      .method("func store<Key>(_ key: Key, values: [Key]) where Key: Hashable", generics: ["Key"]),
      .method("func draw(_ shape: (some Shape)?)"),
      .method("func fill(_ shape: (some Shape)!)"),
      .method("func trace(_ shape: (any Shape)!)"),
      .method("func register(_ type: Node.Type?)"),
    ])
    #expect(spy.contains("    case store(key: SpyArgument<Any>, values: SpyArgument<Any>)\n"))
    #expect(
      spy.contains(
        "record(.store(key: SpyArgument(key as Any), values: SpyArgument(values as Any)))"
      )
    )
    #expect(spy.contains("    case draw(shape: SpyArgument<Any>)\n"))
    #expect(spy.contains("    case fill(shape: SpyArgument<Any>)\n"))
    #expect(spy.contains("    case trace(shape: SpyArgument<(any Shape)?>)\n"))
    #expect(spy.contains("    case register(type: SpyArgument<Node.Type?>)\n"))
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
    #expect(spy.contains("    case log(value: SpyArgument<Any>)\n"))
    #expect(spy.contains("    case logFields(fields: SpyArgument<[String: Any]>)\n"))
    #expect(spy.contains("    case attach(object: SpyArgument<AnyObject>)\n"))
    #expect(
      spy.contains("    case format(format: String, arguments: SpyArgument<[any CVarArg]>)\n")
    )
    #expect(spy.contains("    case hash(into: SpyArgument<Hasher>)\n"))
    #expect(spy.contains("    case finish(result: SpyArgument<Result<Int, any Error>>)\n"))
    #expect(spy.contains("    case visit(node: SpyArgument<Node>)\n"))
    #expect(spy.contains("    case show(picture: NotCompared<Picture>)\n"))
    #expect(spy.contains("    case tag(tag: Tag)\n"))
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
    #expect(spy.contains("    case each\n"))
    #expect(spy.contains("    case load\n"))
    #expect(spy.contains("  var loadCompletion: (Handler)? {\n"))
  }

  @Test func aStubWritesBackIntoInoutArguments() throws {
    let spy = try spyText([.method("func next(_ state: inout [String], limit: Int) -> Bool")])
    #expect(
      spy.contains(
        """
            let result: Bool = record(.next(state: state, limit: limit), placeholder: false)
            writeBack(&state, for: .next, parameter: "state")
            return result

        """
      )
    )
    #expect(
      spy.contains(
        """
          func stubNextState(_ body: @escaping @Sendable (inout [String]) -> Void) {
            stub(.next, writingBack: "state", body)
          }
        """
      )
    )
  }

  @Test func aProtocolRefiningNSObjectProtocolGetsAnNSObjectSpy() throws {
    let output = try generatedOutput(
      [.method("func didFinish(_ id: Int)")],
      parents: ["s:10Foundation16NSObjectProtocolP": "Foundation.NSObjectProtocol"]
    )
    let spy = try #require(output.files.first).contents
    #expect(spy.contains("final class ShapesSpy: NSObject, Shapes, @unchecked Sendable {\n"))
    #expect(spy.contains("  let spy: Spy<Call>\n"))
    #expect(spy.contains("column: column)\n    super.init()\n  }\n"))
    #expect(output.diagnostics.isEmpty)
  }

  @Test func ownershipAndIsolationModifiersStayInTheDeclarationAndOutOfCall() throws {
    let spy = try spyText([
      .method("func take(_ value: consuming String, _ other: borrowing [Int])"),
      .method("func hand(_ value: sending Int)"),
      .method("func run(on actor: isolated (any Actor)?)"),
    ])
    #expect(spy.contains("  func take(_ value: consuming String, _ other: borrowing [Int]) {\n"))
    #expect(spy.contains("    case take(value: String, other: [Int])\n"))
    #expect(spy.contains("  func hand(_ value: sending Int) {\n"))
    #expect(spy.contains("    case hand(value: Int)\n"))
    #expect(spy.contains("  func run(on actor: isolated (any Actor)?) {\n"))
    #expect(spy.contains("    case run(on: SpyArgument<(any Actor)?>)\n"))
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
    #expect(spy.contains("    keep(`default`, as: \"schedule.default\")\n"))
    #expect(spy.contains("  var scheduleDefault: (@Sendable () -> Void)? {\n"))
  }

  @Test func aLabeledSubscriptParameterKeepsItsLabel() throws {
    let output = try generatedOutput([
      .subscriptRequirement("subscript(key key: String, default value: Int) -> Int { get }")
    ])
    let spy = try #require(output.files.first).contents
    #expect(spy.contains("  subscript(key key: String, default value: Int) -> Int {\n"))
  }

  @Test func anImplicitlyUnwrappedResultHasANilPlaceholder() throws {
    let spy = try spyText([.method("func current() -> Int!")])
    #expect(spy.contains("record(.current, placeholder: nil)"))
  }

  @Test func frameworkClassesAndTypeErasersAreRecordedInSpyArgument() throws {
    let spy = try spyText([
      .method("func post(_ notification: Notification)"),
      .method("func show(_ image: UIImage, at location: CLLocation)"),
      .method("func keep(_ cancellable: AnyCancellable, _ range: NSRange)"),
    ])
    #expect(spy.contains("    case post(notification: SpyArgument<Notification>)\n"))
    #expect(
      spy.contains("    case show(image: SpyArgument<UIImage>, at: SpyArgument<CLLocation>)\n")
    )
    #expect(
      spy.contains("    case keep(cancellable: SpyArgument<AnyCancellable>, range: NSRange)\n")
    )
  }
}
