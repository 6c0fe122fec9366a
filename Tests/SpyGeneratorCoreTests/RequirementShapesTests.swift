import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Shapes the generator used to refuse, and now writes spies for: the text it writes for each.
/// The SpyCorpus package compiles and exercises the same shapes (RequirementShapes.swift).
@Suite(TimeLimits.waiting) struct RequirementShapesTests {
  // MARK: - Associated types

  @Test func anAssociatedTypeMakesTheSpyGeneric() throws {
    let spy = try spyText([
      .associated("associatedtype Item"),
      .method("func foo(item: Self.Item) -> Self.Item"),
    ])
    expectReference(spy)
  }

  @Test func primaryAssociatedTypesComeFirstWithTheirConstraintsAndWhereClauses() throws {
    let output = try generatedOutput(
      [
        .associated("associatedtype Key : Hashable"),
        .associated("associatedtype Item : Identifiable, Sendable where Self.Item.ID == Int"),
        .associated("associatedtype Extra = String"),
        .method("func load() -> [Self.Item]"),
        .method("func save(_ item: Self.Item, for key: Self.Key)"),
        .method("func find(id: Self.Item.ID) -> Self.Item?"),
        .method("func extra() -> Self.Extra"),
      ],
      declaration: "protocol Shapes<Item>"
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func anAssociatedTypeFixedByAWhereClauseIsItsTypeAndNoGenericParameter() throws {
    let output = try generatedOutput(
      [.method("func tag() -> Self.Tag")],
      declaration: "protocol Shapes : Base where Self.Item == Int",
      parent: [
        .associated("associatedtype Item"),
        .associated("associatedtype Tag : Hashable"),
        .method("func get() -> Self.Item"),
        .method("func put(_ item: Self.Item)"),
      ]
    )
    let spy = try #require(output.files.first { $0.name == "ShapesSpy.swift" }).contents
    expectReference(spy)
    #expect(output.diagnostics.isEmpty)
  }

  @Test func aGenericSpyRecordsStaticRequirementsInASpyPerSpecialization() throws {
    let output = try generatedOutput([
      .associated("associatedtype Item"),
      .staticMethod("static func make() -> Self.Item"),
      .property("static var nameOverride: String? { get }"),
    ])
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  // MARK: - Self

  @Test func selfIsSpelledAsTheSpyClass() throws {
    let output = try generatedOutput([
      .method("func copy() -> Self"),
      .method("func merge(with other: Self) -> Self"),
      .method("func all(_ others: [Self]) -> Self?"),
      .method("func update(_ body: (Self) -> Void)"),
      .method("func kind() -> Self.Type"),
      .staticMethod("static func make() -> Self"),
    ])
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func selfInAGenericSpyIsSpelledAsTheSpyClassToo() throws {
    let spy = try spyText([
      .associated("associatedtype Item"),
      .method("func with(_ item: Self.Item) -> Self"),
    ])
    expectReference(spy)
  }

  @Test func anOperatorIsAStaticMethodWhoseCaseIsNamedInWords() throws {
    let spy = try spyText([
      .operatorRequirement("static func == (lhs: Self, rhs: Self) -> Bool"),
      .operatorRequirement("static func < (lhs: Self, rhs: Self) -> Bool"),
      .operatorRequirement("static prefix func - (value: Self) -> Self"),
    ])
    expectReference(spy)
  }

  // MARK: - rethrows

  @Test func aRethrowsMethodCallsItsBodyWhenNothingIsStubbedAndTheBodyGivesTheResult() throws {
    let output = try generatedOutput(
      [
        .method("func transaction(_ body: () throws -> Void) rethrows"),
        .method("func perform<T>(_ body: () throws -> T) rethrows -> T", generics: ["T"]),
        .method("func execute(operation: @escaping () throws -> Void) rethrows"),
        .method("func parse(_ parser: Parser) rethrows -> Int"),
        .method("func run(_ body: @Sendable () async throws -> Int) async rethrows -> Int"),
      ],
      types: [.alias("Parser", "typealias Parser = () throws -> Int")]
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aRethrowsMethodWhoseBodyCannotGiveTheResultAnswersWithTheStub() throws {
    let spy = try spyText([
      .method("func map<T>(_ transform: (Int) throws -> T) rethrows -> [T]", generics: ["T"]),
      .method("func each(_ body: (Int) throws -> Void) rethrows"),
      .method("func count(_ body: () throws -> String) rethrows -> Int"),
    ])
    expectReference(spy)
  }

  // MARK: - @autoclosure

  @Test func anAutoclosureIsEvaluatedAndItsValueRecorded() throws {
    let output = try generatedOutput([
      .method("func log(_ level: Int, _ message: @autoclosure () -> String)"),
      .method("func schedule(action: @autoclosure @escaping () -> Void)"),
      .method("func check(_ value: @autoclosure () throws -> Int) throws -> Bool"),
      .method("func assume(_ condition: @autoclosure () throws -> Bool) rethrows"),
      .method("func wait(for value: @autoclosure () async -> Int) async"),
    ])
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func anAutoclosureTheSpyCannotEvaluateIsLeftOutLikeAClosure() throws {
    let spy = try spyText([
      .method("func remember(_ value: @autoclosure () throws -> Int, times: Int)")
    ])
    expectReference(spy)
  }

  // MARK: - Failable initializers

  @Test func aFailableInitializerIsImplementedByOneThatSucceedsAndRecords() throws {
    let output = try generatedOutput([
      .initializer("init?(rawValue: String)"),
      .initializer("init!(name: String)"),
      .initializer("init?() async throws"),
    ])
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  // MARK: - Subscripts

  @Test func anEffectfulSubscriptIsLikeAnEffectfulGetter() throws {
    let output = try generatedOutput([
      .subscriptRequirement("subscript(remote index: Int) -> String { get async }"),
      .subscriptRequirement("subscript(checked key: String) -> Int? { get throws }"),
      .subscriptRequirement("subscript(typed key: String) -> Int { get throws(LedgerError) }"),
      .subscriptRequirement("subscript(both key: String) -> Int { get async throws }"),
    ])
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aGenericSubscriptDeclaresItsGenericParametersAndWhereClause() throws {
    let spy = try spyText([
      .subscriptRequirement(
        "subscript<T : ExpressibleByIntegerLiteral>(_ parameter: T) -> T { get set }",
        generics: ["T"]
      ),
      .subscriptRequirement(
        "subscript<K>(key: K) -> Int where K : Hashable { get }",
        generics: ["K"]
      ),
    ])
    expectReference(spy)
  }

  // MARK: - Restated requirements

  @Test func aRequirementARefinementRestatesIsImplementedOnce() throws {
    let output = try generatedOutput(
      [
        .method("override func update(arg: Int)"),
        .property("override var value: Int { get }"),
        .method("func extra()"),
      ],
      declaration: "protocol Shapes : Base",
      parent: [.method("func update(arg: Int)"), .property("var value: Int { get }")]
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first { $0.name == "ShapesSpy.swift" }).contents
    #expect(spy.components(separatedBy: "  func update(arg: Int) {\n").count == 2)
    #expect(spy.components(separatedBy: "  var value: Int {\n").count == 2)
    #expect(spy.components(separatedBy: "    case update(arg: Int)\n").count == 2)
    expectReference(spy)
  }

  // MARK: - Actors

  @Test func anActorBoundProtocolGetsAnActorSpyThatHoldsItsSpy() throws {
    let output = try generatedOutput(
      [
        .method("func save(token: String)"),
        .property("var token: String? { get }"),
        .method("func acquire() async throws"),
        .method("nonisolated func describe(number: Int) -> String"),
        .property("nonisolated var identifier: Int { get }"),
        .method("func load(completion: @escaping @Sendable (Int) -> Void)"),
        .method("func next(_ state: inout Int)"),
      ],
      declaration: "protocol Shapes : Actor",
      parents: actorParents
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func anActorSpyCanBeGenericAndSpellSelf() throws {
    let spy = try spyText(
      [
        .associated("associatedtype Key : Hashable"),
        .method("func value(for key: Self.Key) -> Int?"),
        .method("func copy() -> Self"),
        .initializer("init(capacity: Int)"),
      ],
      parents: actorParents
    )
    expectReference(spy)
  }

  @Test func aSpyThatHoldsItsSpyMayHaveRequirementsNamedLikeSpysMembers() throws {
    // An actor spy declares none of Spy's members: `calls` and `name` of other types are its own.
    let output = try generatedOutput(
      [.property("var calls: Int { get }"), .property("var name: String? { get }")],
      declaration: "protocol Shapes : Actor",
      parents: actorParents
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aRequirementNamedSpyOfASpyThatHoldsItsSpyIsRefused() throws {
    let output = try generatedOutput(
      [.property("var spy: String { get }")],
      declaration: "protocol Shapes : Actor",
      parents: actorParents
    )
    #expect(output.files.isEmpty)
    let message = try #require(output.diagnostics.first).message
    #expect(
      message.hasPrefix(
        "No spy for protocol Shapes: Shapes.spy: the spy holds its Spy in a property named `spy`"
      )
    )
  }

  @Test func aNonisolatedRequirementOfAMainActorProtocolStaysNonisolated() throws {
    let spy = try spyText(
      [.method("func show()"), .method("nonisolated func identifier() -> String")],
      declaration: "@MainActor protocol Shapes"
    )
    expectReference(spy)
  }

  @Test func aDistributedActorProtocolIsRefusedWithItsReason() throws {
    let output = try generatedOutput(
      [.method("func ping() async")],
      declaration: "protocol Shapes : DistributedActor",
      parents: ["s:11Distributed0A5ActorP": "Distributed.DistributedActor"]
    )
    #expect(output.files.isEmpty)
    let message = try #require(output.diagnostics.first).message
    #expect(message.hasPrefix("No spy for protocol Shapes: Shapes: it refines DistributedActor"))
    #expect(message.contains("Write this spy by hand"))
  }

  // MARK: - Found by the real-world corpus

  @Test func aPropertyOfAClosureTypealiasIsRecordedInSpyArgument() throws {
    let spy = try spyText(
      [.property("var onEvent: Callback? { get set }")],
      types: [.alias("Callback", "typealias Callback = (Int) -> Void")]
    )
    expectReference(spy)
  }

  @Test func anArrayOfTuplesIsRecordedInNotCompared() throws {
    let spy = try spyText([.method("func nested(arg: [(key: String, value: [Int])])")])
    expectReference(spy)
  }

  @Test func aProtocolConstrainedToAClassOfTheModuleGetsASpyThatSubclassesIt() throws {
    let output = try generatedOutput(
      [.method("func present(_ controller: BaseController, animated: Bool)")],
      declaration: "protocol Shapes : BaseController",
      superclass: ("BaseController", "open", ["init()"])
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func aProtocolConstrainedToAClassNoOtherModuleCanSubclassIsRefused() throws {
    for (access, initializers) in [("public", ["init()"]), ("open", ["init(name: String)"])] {
      let output = try generatedOutput(
        [.method("func present()")],
        declaration: "protocol Shapes : BaseController",
        superclass: ("BaseController", access, initializers)
      )
      #expect(output.files.isEmpty)
      let message = try #require(output.diagnostics.first).message
      #expect(message.hasPrefix("No spy for protocol Shapes: Shapes: it is constrained to "))
      #expect(message.contains("Write this spy by hand"))
    }
  }

  @Test func aProtocolRefiningHashableGetsASpyEqualAndHashedByIdentity() throws {
    let output = try generatedOutput(
      [.property("var title: String { get }")],
      declaration: "protocol Shapes : Hashable, Identifiable where Self.ID == UUID",
      parents: [
        "s:SH": "Swift.Hashable", "s:SQ": "Swift.Equatable",
        "s:s12IdentifiableP": "Swift.Identifiable",
      ]
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  @Test func anIdentifiableSpyWithoutAFixedIDUsesItsObjectIdentifier() throws {
    let output = try generatedOutput(
      [.property("var title: String { get }")],
      declaration: "protocol Shapes : Identifiable",
      parents: ["s:s12IdentifiableP": "Swift.Identifiable"]
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    expectReference(spy)
  }

  // MARK: - Names the spy adds

  @Test func anAccessorOrStubNamedLikeARequirementTakesAnotherName() throws {
    let spy = try spyText([
      .method("func load(completion: @escaping @Sendable (Int) -> Void)"),
      .property("var loadCompletion: Int { get }"),
      .method("func next(_ state: inout Int)"),
      .method("func stubNextState()"),
      .method("func loadFrom(cache: @escaping @Sendable () -> Void)"),
      .method("func save(fromCache: @escaping @Sendable () -> Void)"),
      .method("func saveFrom(cache: @escaping @Sendable () -> Void)"),
    ])
    expectReference(spy)
    #expect(spy.components(separatedBy: "var saveFromCache:").count == 2)
  }
}
