import Foundation

// Shapes learned from Cuckoo's test sources (Tests/Swift/Source): the big tested protocol and its
// sub-protocol, generic protocols with primary associated types, protocols inheriting
// `NSObjectProtocol` directly, through a child or through a composition, typealiases and
// optionals. Written anew for this corpus.

/// A long generic type for parameters.
public struct LongType<T, U, V, X> {
  public init() {}
}

/// The tested protocol: properties of closure types, effectful getters, closures of every kind,
/// `@autoclosure`, reserved words, named tuples, implicitly unwrapped optionals, initializers.
public protocol TestedProtocol {
  var readOnlyProperty: String { get }
  var readWriteProperty: Int { get set }
  var optionalProperty: Int? { get set }
  var closureProperty: ((String) -> Int) -> Void { get set }
  var throwsProperty: Int { get throws }
  var asyncProperty: Int { get async }
  var asyncThrowsProperty: Int { get async throws }
  func noReturn()
  func count(characters: String) -> Int
  func withThrows() throws -> Int
  func withNoReturnThrows() throws
  func withClosure(_ closure: (String) -> Int) -> Int
  func withAutoClosure(action closure: @autoclosure () -> Int) -> Int
  func withClosureAndParam(_ a: String, closure: (String) -> Int) -> Int
  func withEscape(_ a: String, action closure: @escaping (String) -> Void)
  func withOptionalClosure(_ a: String, closure: ((String) -> Void)?)
  func withLabelAndUnderscore(labelA a: String, _ b: String)
  func withReservedKeywords(for: String, in: String) -> String
  func withNamedTuple(tuple: (a: String, b: String)) -> Int
  func withImplicitlyUnwrappedOptional(i: Int!) -> String
  init()
  init(labelA a: String, _ b: String)
  func genericReturn() -> [Int: Void]
  func withLongType(_ value: LongType<Int, String, [Int], Void>)
}

/// A sub-protocol adding one requirement.
public protocol TestedSubProtocol: TestedProtocol {
  func noReturnSub()
}

/// A generic protocol with a primary associated type constrained to classes.
public protocol GenericProtocol<C> {
  associatedtype C: AnyObject
  associatedtype V
  var readOnlyPropertyC: C { get }
  var readWritePropertyV: V { get set }
  var constant: Int { get }
  var optionalProperty: V? { get set }
  init(theC: C, theV: V)
  func callSomeC(theC: C) -> Int
  func compute(classy: C, value: V) -> C
  func computeAsync(classy: C, value: V) async -> (C, V)
  func closureParameter(closure: @escaping () -> Void)
  func genericParameter<T>(value: T)
  func genericAndAssociated<T>(value: T, theC: C, theV: V) -> (C?) -> V
}

/// A primary associated type alone.
public protocol PrimaryAssociatedType<Output> {
  associatedtype Output: Equatable
  func connect() -> Output
}

/// A primary associated type beside another, with `sending` and a main-actor closure.
public protocol MixedPrimaryAssociatedType<Input> {
  associatedtype Input: Equatable
  associatedtype Output: Equatable
  var defaultOutput: Output { get }
  func convert<T>(
    value: sending T,
    input: sending Input,
    convert: @escaping @MainActor @Sendable (T, Input) async throws -> Output?
  ) async throws -> Output
}

/// A plain protocol for compositions.
public protocol PlainForComposition {}

/// A protocol inheriting `NSObjectProtocol`, empty.
public protocol InheritingNSObjectProtocol: NSObjectProtocol {}

/// A child of one that inherits `NSObjectProtocol`.
public protocol ChildInheritingNSObjectProtocol: InheritingNSObjectProtocol {
  func ping()
}

/// `NSObjectProtocol` through a composition.
public protocol InheritingNSObjectProtocolComposition: NSObjectProtocol & PlainForComposition {
  var identifier: String { get }
}

/// `NSObjectProtocol` beside another protocol.
public protocol InheritingNSObjectProtocolAndOther: NSObjectProtocol, PlainForComposition {
  func describe() -> String
}

/// A protocol with typealiases of closures used as parameters.
public typealias Callback = (Int) -> Void

/// A throwing callback typealias.
public typealias ThrowingCallback = (String) throws -> Int

/// A `Sendable` completion typealias.
public typealias SendableCompletion = @Sendable (Result<Data, any Error>) -> Void

/// Closures spelled through typealiases, escaping or not, optional or not.
public protocol TypeAliasedClosures {
  func register(_ callback: @escaping Callback)
  func run(_ callback: Callback)
  func load(completion: @escaping SendableCompletion)
  func parse(_ parser: ThrowingCallback) rethrows -> Int
  var onEvent: Callback? { get set }
}

/// Optionals in every position.
public protocol OptionalShapes {
  var optional: Int? { get set }
  var implicitlyUnwrapped: String! { get set }
  func optionalParameters(a: Int?, b: String?) -> Bool?
  func optionalClosure(_ body: ((Int?) -> String?)?) -> Int??
}

/// Methods from an Objective-C style API with `AnyObject`.
public protocol ObjectiveStyle: AnyObject {
  func perform(_ selector: String, with object: AnyObject?) -> AnyObject?
  func responds(to selector: String) -> Bool
}

/// A protocol whose requirements are all static.
public protocol StaticOnly {
  static var shared: Int { get }
  static func configure(with options: [String: Any])
  static func make() -> Self
}

/// `Self` requirements: returned, taken, compared.
public protocol SelfRequirements {
  func copy() -> Self
  func merge(with other: Self) -> Self
  static func == (lhs: Self, rhs: Self) -> Bool
}

/// A `Self` in a closure parameter.
public protocol SelfInClosure {
  func update(_ body: (Self) -> Void)
}

/// A method with a generic `where` clause on the protocol's own type.
public protocol GenericMethodWhere {
  func process<T>(_ items: [T]) -> [T] where T: Comparable
  func group<K: Hashable, V>(_ values: [V], by key: (V) -> K) -> [K: [V]]
}

/// A protocol with default implementations in an extension.
public protocol WithDefaults {
  func required() -> Int
  func defaulted() -> String
}

extension WithDefaults {
  public func defaulted() -> String { "default" }
}

/// Multiline parameter lists with closure labels.
public protocol MultilineDeclarations {
  func multilineMethod(completion: @escaping (_ bar: Int, _ baz: Int, _ qux: Int) -> Void)
  func genericMultiline<T, U, V>(completion: @escaping (_ bar: V) -> (T, U))
}
