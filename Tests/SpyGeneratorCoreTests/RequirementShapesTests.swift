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
    #expect(
      spy.contains(
        "final class ShapesSpy<Item>: Spy<ShapesSpy<Item>.Call>, Shapes, @unchecked Sendable {\n"
      )
    )
    #expect(spy.contains("    case foo(item: SpyArgument<Item>)\n"))
    #expect(
      spy.contains(
        "  func foo(item: Item) -> Item {\n    recordStubbed(.foo(item: SpyArgument(item)))\n  }\n"
      )
    )
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
    #expect(
      spy.contains(
        """
        final class ShapesSpy<
          Item: Identifiable & Sendable,
          Key: Hashable,
          Extra
        >: Spy<ShapesSpy<Item, Key, Extra>.Call>,
          Shapes,
          @unchecked Sendable
        where Item.ID == Int {

        """
      )
    )
    #expect(spy.contains("    case save(item: SpyArgument<Item>, for: SpyArgument<Key>)\n"))
    #expect(spy.contains("    case find(id: SpyArgument<Item.ID>)\n"))
    #expect(spy.contains("  func load() -> [Item] {\n    record(.load, placeholder: [])\n"))
    #expect(spy.contains("  func save(_ item: Item, for key: Key) {\n"))
    #expect(spy.contains("record(.save(item: SpyArgument(item), for: SpyArgument(key)))"))
    #expect(spy.contains("  func find(id: Item.ID) -> Item? {\n"))
    #expect(spy.contains("record(.find(id: SpyArgument(id)), placeholder: nil)"))
    #expect(spy.contains("  func extra() -> Extra {\n    recordStubbed(.extra)\n"))
    #expect(!spy.contains("Self."))
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
    #expect(spy.contains("final class ShapesSpy<Tag: Hashable>: Spy<ShapesSpy<Tag>.Call>,"))
    #expect(spy.contains("  func get() -> Int {\n    record(.get, placeholder: 0)\n"))
    #expect(spy.contains("    case put(item: Int)\n"))
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
    #expect(
      spy.contains(
        "  static var statics: Spy<Call> { Spy<Call>.perSpecialization(of: Self.self).value }\n"
      )
    )
    #expect(spy.contains("    Self.statics.recordStubbed(.make)\n"))
    #expect(!spy.contains("staticSpies"))
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
    #expect(spy.contains("  func copy() -> ShapesSpy {\n    record(.copy, placeholder: self)\n"))
    #expect(spy.contains("    case merge(with: SpyArgument<ShapesSpy>)\n"))
    #expect(spy.contains("  func merge(with other: ShapesSpy) -> ShapesSpy {\n"))
    #expect(spy.contains("record(.merge(with: SpyArgument(other)), placeholder: self)"))
    #expect(spy.contains("    case all(others: SpyArgument<[ShapesSpy]>)\n"))
    #expect(spy.contains("  func all(_ others: [ShapesSpy]) -> ShapesSpy? {\n"))
    #expect(spy.contains("  func update(_ body: (ShapesSpy) -> Void) {\n    record(.update)\n"))
    #expect(spy.contains("  func kind() -> ShapesSpy.Type {\n    recordStubbed(.kind)\n"))
    #expect(
      spy.contains("  static func make() -> ShapesSpy {\n    Self.statics.recordStubbed(.make)\n")
    )
  }

  @Test func selfInAGenericSpyIsSpelledAsTheSpyClassToo() throws {
    let spy = try spyText([
      .associated("associatedtype Item"),
      .method("func with(_ item: Self.Item) -> Self"),
    ])
    #expect(spy.contains("  func with(_ item: Item) -> ShapesSpy {\n"))
    #expect(spy.contains("record(.with(item: SpyArgument(item)), placeholder: self)"))
  }

  @Test func anOperatorIsAStaticMethodWhoseCaseIsNamedInWords() throws {
    let spy = try spyText([
      .operatorRequirement("static func == (lhs: Self, rhs: Self) -> Bool"),
      .operatorRequirement("static func < (lhs: Self, rhs: Self) -> Bool"),
      .operatorRequirement("static prefix func - (value: Self) -> Self"),
    ])
    #expect(
      spy.contains("    case equal(lhs: SpyArgument<ShapesSpy>, rhs: SpyArgument<ShapesSpy>)\n")
    )
    #expect(spy.contains("  static func == (lhs: ShapesSpy, rhs: ShapesSpy) -> Bool {\n"))
    #expect(
      spy.contains(
        "    Self.statics.record(.equal(lhs: SpyArgument(lhs), rhs: SpyArgument(rhs)), "
          + "placeholder: false)\n"
      )
    )
    #expect(spy.contains("  static func < (lhs: ShapesSpy, rhs: ShapesSpy) -> Bool {\n"))
    #expect(
      spy.contains("    case less(lhs: SpyArgument<ShapesSpy>, rhs: SpyArgument<ShapesSpy>)\n")
    )
    #expect(spy.contains("  static prefix func - (value: ShapesSpy) -> ShapesSpy {\n"))
    #expect(spy.contains("    case prefixMinus(value: SpyArgument<ShapesSpy>)\n"))
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
    #expect(
      spy.contains(
        """
          func transaction(_ body: () throws -> Void) rethrows {
            record(.transaction)
            try body()
          }

        """
      )
    )
    #expect(
      spy.contains(
        """
          func perform<T>(_ body: () throws -> T) rethrows -> T {
            if let answer: T = record(.perform, default: nil) { return answer }
            return try body()
          }

        """
      )
    )
    #expect(
      spy.contains(
        """
            keep(operation, as: "execute.operation")
            record(.execute)
            try operation()

        """
      )
    )
    #expect(spy.contains("if let answer: Int = record(.parse, default: nil) { return answer }\n"))
    #expect(spy.contains("    return try parser()\n"))
    #expect(spy.contains("    return try await body()\n"))
  }

  @Test func aRethrowsMethodWhoseBodyCannotGiveTheResultAnswersWithTheStub() throws {
    let spy = try spyText([
      .method("func map<T>(_ transform: (Int) throws -> T) rethrows -> [T]", generics: ["T"]),
      .method("func each(_ body: (Int) throws -> Void) rethrows"),
      .method("func count(_ body: () throws -> String) rethrows -> Int"),
    ])
    #expect(
      spy.contains(
        "  func map<T>(_ transform: (Int) throws -> T) rethrows -> [T] {\n    recordStubbed(.map)\n"
      )
    )
    #expect(
      spy.contains("  func each(_ body: (Int) throws -> Void) rethrows {\n    record(.each)\n  }\n")
    )
    #expect(spy.contains("    record(.count, placeholder: 0)\n  }\n"))
    #expect(!spy.contains("try "))
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
    #expect(spy.contains("    case log(level: Int, message: String)\n"))
    #expect(
      spy.contains(
        """
          func log(_ level: Int, _ message: @autoclosure () -> String) {
            record(.log(level: level, message: message()))
          }

        """
      )
    )
    #expect(spy.contains("    case schedule\n"))
    #expect(
      spy.contains(
        """
          func schedule(action: @autoclosure @escaping () -> Void) {
            action()
            record(.schedule)
          }

        """
      )
    )
    #expect(spy.contains("    case check(value: Int)\n"))
    #expect(spy.contains("    try recordThrowing(.check(value: value()))\n"))
    #expect(spy.contains("    case assume(condition: Bool)\n"))
    #expect(spy.contains("    try record(.assume(condition: condition()))\n"))
    #expect(spy.contains("    await record(.wait(for: value()))\n"))
    #expect(!spy.contains("keep("))
  }

  @Test func anAutoclosureTheSpyCannotEvaluateIsLeftOutLikeAClosure() throws {
    let spy = try spyText([
      .method("func remember(_ value: @autoclosure () throws -> Int, times: Int)")
    ])
    #expect(spy.contains("  func remember(_ value: @autoclosure () throws -> Int, times: Int) {\n"))
    #expect(spy.contains("    record(.remember(times: times))\n"))
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
    #expect(
      spy.contains(
        """
          init(rawValue: String) {
            super.init()
            record(.initRawValue(rawValue: rawValue))
          }

        """
      )
    )
    #expect(
      spy.contains("  init(name: String) {\n    super.init()\n    record(.initName(name: name))\n")
    )
    #expect(
      spy.contains("  init() async throws {\n    super.init()\n    try recordThrowing(.`init`)\n")
    )
    #expect(!spy.contains("init?") && !spy.contains("init!"))
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
    #expect(
      spy.contains(
        """
          subscript(remote index: Int) -> String {
            get async {
              record(.subscriptRemote(remote: index), placeholder: "")
            }
          }

        """
      )
    )
    #expect(
      spy.contains("    get throws {\n      try recordThrowing(.subscriptChecked(checked: key))\n")
    )
    #expect(
      spy.contains(
        "    get throws(LedgerError) {\n"
          + "      try recordThrowing(.subscriptTyped(typed: key), as: LedgerError.self)\n"
      )
    )
    #expect(
      spy.contains("    get async throws {\n      try recordThrowing(.subscriptBoth(both: key))\n")
    )
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
    #expect(spy.contains("  subscript<T: ExpressibleByIntegerLiteral>(_ parameter: T) -> T {\n"))
    #expect(spy.contains("    case subscriptT(parameter: SpyArgument<Any>)\n"))
    #expect(
      spy.contains("      recordStubbed(.subscriptT(parameter: SpyArgument(parameter as Any)))\n")
    )
    #expect(
      spy.contains(
        """
              record(
                .setSubscriptT(
                  parameter: SpyArgument(parameter as Any),
                  newValue: SpyArgument(newValue as Any)
                )
              )

        """
      )
    )
    #expect(spy.contains("  subscript<K>(_ key: K) -> Int where K: Hashable {\n"))
    #expect(spy.contains("record(.subscriptK(key: SpyArgument(key as Any)), placeholder: 0)"))
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
    #expect(spy.contains("    case extra\n"))
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
    #expect(
      spy.contains(
        """
        /// `Shapes` is bound to actors, so the spy is an actor that holds its `Spy` in `spy`: tests stub it
        /// and read its calls without `await`.
        actor ShapesSpy: Shapes {
          enum Call: SpyCall {

        """
      )
    )
    #expect(!spy.contains("@unchecked"))
    #expect(!spy.contains("super.init"))
    #expect(spy.contains("  nonisolated let spy: Spy<Call>\n"))
    #expect(spy.contains("  func save(token: String) {\n    spy.record(.save(token: token))\n"))
    #expect(spy.contains("  var token: String? {\n    spy.record(.token, placeholder: nil)\n"))
    #expect(spy.contains("  func acquire() async throws {\n    try spy.recordThrowing(.acquire)\n"))
    #expect(
      spy.contains(
        "  nonisolated func describe(number: Int) -> String {\n"
          + "    spy.record(.describe(number: number), placeholder: \"\")\n"
      )
    )
    #expect(spy.contains("  nonisolated var identifier: Int {\n"))
    #expect(spy.contains("  nonisolated var loadCompletion: (@Sendable (Int) -> Void)? {\n"))
    #expect(spy.contains("  nonisolated func stubNextState("))
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
    #expect(spy.contains("actor ShapesSpy<Key: Hashable>: Shapes {\n"))
    #expect(spy.contains("spy.record(.value(for: SpyArgument(key)), placeholder: nil)"))
    #expect(
      spy.contains("  func copy() -> ShapesSpy {\n    spy.record(.copy, placeholder: self)\n")
    )
    #expect(
      spy.contains(
        "  init(capacity: Int) {\n    spy = Spy(name: \"ShapesSpy\")\n"
          + "    spy.record(.`init`(capacity: capacity))\n"
      )
    )
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
    #expect(spy.contains("  var calls: Int {\n    spy.record(.calls, placeholder: 0)\n"))
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
    #expect(spy.contains("  func show() {\n"))
    #expect(spy.contains("  nonisolated func identifier() -> String {\n"))
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
    #expect(spy.contains("    case setOnEvent(newValue: SpyArgument<Callback?>)\n"))
    #expect(spy.contains("      record(.setOnEvent(newValue: SpyArgument(newValue)))\n"))
  }

  @Test func anArrayOfTuplesIsRecordedInNotCompared() throws {
    let spy = try spyText([.method("func nested(arg: [(key: String, value: [Int])])")])
    #expect(spy.contains("    case nested(arg: NotCompared<[(key: String, value: [Int])]>)\n"))
  }

  @Test func aProtocolConstrainedToAClassOfTheModuleGetsASpyThatSubclassesIt() throws {
    let output = try generatedOutput(
      [.method("func present(_ controller: BaseController, animated: Bool)")],
      declaration: "protocol Shapes : BaseController",
      superclass: ("BaseController", "open", ["init()"])
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    #expect(spy.contains("final class ShapesSpy: BaseController, Shapes, @unchecked Sendable {\n"))
    #expect(spy.contains("/// `Shapes` is constrained to the class `BaseController`, so the spy"))
    #expect(spy.contains("  let spy: Spy<Call>\n"))
    #expect(spy.contains("column: column)\n    super.init()\n  }\n"))
    #expect(
      spy.contains("    case present(controller: SpyArgument<BaseController>, animated: Bool)\n")
    )
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
    #expect(
      spy.contains("  static func == (lhs: ShapesSpy, rhs: ShapesSpy) -> Bool {\n    lhs === rhs\n")
    )
    #expect(
      spy.contains(
        "  func hash(into hasher: inout Hasher) {\n    hasher.combine(ObjectIdentifier(self))\n"
      )
    )
    // `Identifiable` with its `ID` fixed by the where clause: `id` is recorded like a property.
    #expect(spy.contains("    case id\n"))
    #expect(spy.contains("  var id: UUID {\n    recordStubbed(.id)\n"))
  }

  @Test func anIdentifiableSpyWithoutAFixedIDUsesItsObjectIdentifier() throws {
    let output = try generatedOutput(
      [.property("var title: String { get }")],
      declaration: "protocol Shapes : Identifiable",
      parents: ["s:s12IdentifiableP": "Swift.Identifiable"]
    )
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    #expect(!spy.contains("var id"))
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
    #expect(spy.contains("  var loadCompletion: Int {\n"))
    #expect(spy.contains("  var keptLoadCompletion: (@Sendable (Int) -> Void)? {\n"))
    #expect(spy.contains("  func stubNextState() {\n"))
    #expect(spy.contains("  func stubNextStateWriteBack(_ body: "))
    // Two kept closures whose case and parameter names join alike.
    #expect(spy.contains("  var saveFromCache: (@Sendable () -> Void)? {\n"))
    #expect(spy.contains("  var keptSaveFromCache: (@Sendable () -> Void)? {\n"))
    #expect(spy.components(separatedBy: "var saveFromCache:").count == 2)
  }
}
