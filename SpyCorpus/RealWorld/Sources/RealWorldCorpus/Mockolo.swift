import Foundation

// Shapes learned from Mockolo's test fixtures (Tests/Test*/Fixture*.swift): simple and
// non-simple functions and variables, generics, overloads, inits, actors, subscripts, PATs,
// typed throws, opaque types, existentials, tuples and brackets. Written anew for this corpus.

/// Simple functions: no arguments, one, several, with results.
public protocol SimpleFuncs {
  func update(arg: Int) -> String
  func reset()
  func compute(a: Int, b: Int, c: Int) -> Int
}

/// `inout` parameters, including a `Hasher`.
public protocol InoutParams {
  func hash(into hasher: inout Hasher)
  func swap(lhs: inout String, rhs: inout Int)
}

/// Implicitly unwrapped optionals in parameters, results and subscripts.
public protocol IUOFunc {
  func transform(x: Int!) -> Int!
  subscript(index: Int!) -> Int! { get }
}

/// Subscripts of many shapes: labeled, unlabeled, settable, generic.
public protocol SubscriptShapes: AnyObject {
  subscript(_ key: Int) -> AnyObject { get set }
  subscript(key key: Int) -> AnyObject? { get set }
  subscript(position: Int) -> Any { get set }
  subscript(range: Range<Int>) -> String { get set }
  subscript(path: String) -> ((Double) -> Float)? { get set }
  subscript<T: ExpressibleByIntegerLiteral>(_ parameter: T) -> T { get set }
}

/// A static subscript.
public protocol StaticSubscripting {
  static subscript(key: Int) -> AnyObject? { get set }
}

/// Generic functions returning the generic parameter, optional or not.
public protocol GenericOptionalType {
  func nonOptional<T>() -> T
  func optional<T>() -> T?
}

/// Generic functions with constraints, escaping closures over generics, metatypes.
public protocol GenericFuncs {
  func containsGeneric<T: StringProtocol, U: ExpressibleByIntegerLiteral>(
    arg1: T,
    arg2: @escaping (U) -> Void
  ) -> ((T) -> U)
  func sendEvents<T>(events: [String], value: T, once: Bool, closure: @escaping (T) -> Void)
  func push<T: Body>(_ request: Request, statusCodeType: Int.Type?) -> EventStream<T>
  func tell<B: Body>(_ type: String, with handler: @escaping (B) -> Void) -> Disposable
  func tell<B: AnotherBody>(_ type: String, with handler: @escaping (B) -> Void) -> Disposable
  func optionalPull<T>(events: [String], value: T, closure: ((T?) -> Void)?)
  func useMetatype<T>(type: T.Type) -> T.Type
  func useAssociatedType<I: Identifiable>(value: I, id: I.ID) -> I.ID
  func result<T: Body>() -> Result<T, any Error>
}

/// Overloads of `add` that differ only by generic constraints.
public protocol GenericOverloads {
  func add<T: FixedWidthInteger>(n1: T, n2: T?)
  func add<T: Sequence>(a: T?, b: T?)
  func add<T: Collection>(a: T, b: T)
}

/// Functions that throw, rethrow, and throw typed errors.
public protocol FuncThrow {
  func f1(arg: Int) throws -> String
  func f2(arg: Int) throws
  func f3(handler: () throws -> Int) rethrows -> Int
  func f4(arg: Int) throws(NetworkError) -> String
  func f5() throws(any Error)
  func f6() throws(Never) -> Int
}

/// Async functions, throwing or not, with closures.
public protocol FuncAsync {
  func f1(arg: Int) async -> String
  func f2(arg: Int) async throws -> String
  func g1(arg: (Int) async -> Void) async throws -> String
  func g2(arg: (Int) async throws -> Void) async throws -> String
}

/// Variables: simple, optional, closures, tuples.
public protocol SimpleVars: AnyObject {
  var someInt: Int { get }
  var someString: String { get set }
  var someOptional: Double? { get set }
  var someClosure: () -> Void { get set }
  var someTuple: (Int, String) { get }
}

/// Variables that throw and are async, some static.
public protocol AsyncThrowsVars {
  var getOnly: Int { get }
  static var getAndSet: Int { get set }
  var getAndThrows: String { get throws }
  static var getAndAsync: String { get async }
  var getAndAsyncAndThrows: Int { get async throws(any Error) }
  var throwsNever: Int { get throws(Never) }
}

/// Variables of collection and function types.
public protocol NonSimpleVars: AnyObject {
  var dict: [String: Int] { get set }
  var nested: [[String]] { get }
  var handler: ((Int) -> String)? { get set }
  var tupleWithLabels: (id: Int, name: String) { get }
}

/// Initializers: blank, keyword-named, labeled.
public protocol InitShapes {
  init()
  init(in: Int)
  init(arg: String, count: Int)
}

/// A protocol with a parent that has properties and an init.
public protocol HasInitParent {
  var order: Int { get set }
  init(order: Int)
}

/// A child with its own init, inheriting one.
public protocol HasInit: HasInitParent {
  init(arg: String)
  var title: String { get set }
}

/// A protocol bound to `Actor`.
public protocol ActorBound: Actor {
  func foo(arg: String) async -> Result<String, any Error>
  var bar: Int { get }
}

/// A protocol whose parent is bound to `Actor`.
public protocol ActorChild: ActorBound {
  func baz(arg: String) async -> Int
}

/// A global-actor protocol.
@MainActor
public protocol GlobalActorBound {
  func render(frame: Int)
  var frameCount: Int { get }
}

/// Associated types with defaults and constraints.
public protocol PATDefaults {
  associatedtype T
  associatedtype U = String
  associatedtype S: Identifiable & Sendable where S.ID == Int
  func take(_ t: T, _ u: U) -> S?
}

/// Associated types constrained, used in properties.
public protocol PATWithConditions {
  associatedtype Key: Hashable & Sendable
  associatedtype Value
  var storage: [Key: Value] { get set }
  subscript(key: Key) -> Value? { get set }
}

/// A protocol declaring a typealias.
public protocol WithTypealias {
  typealias Key = String
  var key: Key { get }
  func value(for key: Key) -> Int
}

/// Opaque types in parameters.
public protocol OpaqueTypeFuncs {
  func nonOptional(_ type: some Sequence<Int>) -> Int
  func optional(_ type: (some StringProtocol)?) -> String
  func many(a: some Collection, b: some Hashable & Sendable)
}

/// Existentials written with `any`.
public protocol ExistentialAnyShapes {
  var foo: any StubProtocol { get }
  var bar: (any StubProtocol)? { get set }
  func baz(_ p: any StubProtocol) -> any StubProtocol
  func qux(_ list: [any StubProtocol]) -> (any StubProtocol)?
  func metatype(_ type: any StubProtocol.Type) -> Bool
}

/// Tuples and brackets in every position.
public protocol TuplesBrackets {
  func update(arg: (Int, String), closure: ((Int, String)) -> Void) -> (Int, String)
  func nested(arg: [(key: String, value: [Int])]) -> [String: (Int, Int)]
  var pair: (first: Int, second: [String])? { get }
}

/// Overloads with the same name and labels but different types.
public protocol DuplicateFuncs {
  func update(arg: Int) -> String
  func update(arg: String) -> String
  func update(arg: Int) -> Int
  func update(arg: Int, extra: Bool)
}

/// A protocol restating a requirement of its parent.
public protocol DuplicateInheritanceParent {
  func update(arg: Int)
  var value: Int { get }
}

/// The child restates `update(arg:)` and `value`.
public protocol DuplicateInheritanceChild: DuplicateInheritanceParent {
  func update(arg: Int)
  var value: Int { get }
  func extra()
}

/// Variables that mimic Rx-style streams.
public protocol StreamVars {
  var events: EventStream<String> { get }
  var optionalEvents: EventStream<Int>? { get }
}

/// Doc comments everywhere, and an `@available` attribute.
public protocol DocCommented {
  /// Fetches the thing.
  func fetch() -> String
  /// Newer API.
  @available(macOS 13, iOS 16, *)
  func modern() async -> Int
}

/// A protocol with emoji-free but unicode identifiers.
public protocol UnicodeNames {
  func größe() -> Int
  var café: String { get }
}

/// `Sendable` with `@Sendable` closures.
public protocol SendableShapes: Sendable {
  func run(_ work: @escaping @Sendable () async -> Void)
  func value(_ compute: @Sendable () -> Int) -> Int
}

/// A name-conflicting shape: requirements named like the mock's own members.
public protocol MockNames {
  func reset()
  var callCount: Int { get }
  func handler() -> Int
}
