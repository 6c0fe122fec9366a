import Foundation

// Shapes learned from swift-spyable's examples and tests (Examples/Sources, Tests/
// SpyableMacroTests): the service protocol of its example app, overloads by parameter and return
// types, compositions, `inout`, optionals, associated types, generic constraints, attributes,
// `@autoclosure`. Written anew for this corpus.

/// The example app's service: a `name`, an `any Codable`, closures as properties, tuples.
public protocol ServiceProtocol {
  var name: String { get }
  var anyProtocol: any Codable { get set }
  var secondName: String? { get }
  var address: String! { get }
  var added: () -> Void { get set }
  var removed: (() -> Void)? { get set }
  func initialize(name: String, _ secondName: String?)
  func fetchConfig(arg: UInt8) async throws -> [String: String]
  func fetchData(_ name: (String, count: Int)) async -> (() -> Void)
  func save(name: any Codable, surname: any Codable)
  func insert(name: (any Codable)?, surname: (any Codable)?)
  func append(name: (any Codable) -> (any Codable)?)
  func get() async throws -> any Codable
  func read() -> String!
  func wrapDataInArray<T>(_ data: T) -> [T]
}

/// A view model protocol on the main actor.
@MainActor
public protocol ViewModelProtocol {
  func foo(text: String, count: Int)
  var data: Data? { get set }
}

/// A model protocol for existential and opaque parameters.
public protocol ModelProtocol {}

/// Existential and opaque parameters, optional or not.
public protocol ModelConsuming {
  func foo(model: any ModelProtocol)
  func foo(model: (any ModelProtocol)?)
  func bar(model: some ModelProtocol)
  func bar(model: (some ModelProtocol)?)
}

/// Overloads by parameter type.
public protocol OverloadedParameterTypes {
  func compute(value: Int) -> String
  func compute(value: String) -> String
  func compute(value: Bool) -> String
  func compute(value: Int?) -> [Int: String]
}

/// Overloads by return type.
public protocol OverloadedReturnTypes {
  func compute(value: Int)
  func compute(value: Int) -> Bool
  func compute(value: Int) -> Double?
  func compute(value: Int) -> [Int]
}

/// Protocol compositions as parameter and result types.
public protocol ProtocolCompositions {
  func handle(value: any Codable & Sendable)
  func handle(value: any Codable & Hashable & Sendable) -> Int
  func create() -> any Codable & Hashable
}

/// `inout` parameters, alone and with others.
public protocol InoutParameters {
  func update(value: inout Int)
  func update(value: inout Int, flag: Bool)
  func update(value: inout String)
  func process(data: inout Data) -> Bool
}

/// Optional types in results.
public protocol OptionalTypes {
  func doSomething() -> String?
  func doSomething() -> Set<Int>?
  func doSomething() -> Set<Int?>
  func doSomething() -> Result<String, any Error>?
}

/// Associated types used by methods.
public protocol AssociatedTypes {
  associatedtype Item
  associatedtype Container: Collection
  func process(item: Item) -> Item
  func process(item: Item) -> String
  func contents() -> Container
}

/// Associated types keyed like a dictionary.
public protocol KeyedStore {
  associatedtype Key: Hashable
  associatedtype Value
  func value(for key: Key) -> Value?
  func set(_ value: Value, for key: Key)
}

/// Generic constraints with compositions.
public protocol GenericConstraints {
  func process<T: Codable>(value: T)
  func process<T: Codable>(value: T) -> T
  func transform<T: Codable & Hashable>(value: T) -> [T]
}

/// Generic results.
public protocol GenericReturnTypes {
  func foo<T, U>(text: String, value: T) -> U
  func make<T: Decodable>() throws -> T
}

/// Attributes on functions and parameters, and an escaping `@autoclosure`.
public protocol FunctionAttributes {
  func foo(action: @escaping @autoclosure () -> Void)
  func bar(action: () -> Void)
  @available(*, deprecated) func old()
}

/// Polymorphism: async throwing overloads.
public protocol AsyncThrowingPolymorphism {
  func fetch(from url: String) async
  func fetch(immediate: Bool)
  func fetch(resource id: Int) throws
  func fetch(withTimeout timeout: Double) async throws
}

/// A protocol that is `@unchecked Sendable`-conforming in its users, modelled plainly.
public protocol UncheckedService: Sendable {
  func fetch()
  func fetchUsername(context: String, completion: @escaping @Sendable (String) -> Void)
}

/// Complex types: nested tuples, optional closures returning optional closures.
public protocol ComplexTypes {
  func foo(_ added: ((_ text: String) -> Void)?) throws -> (() -> Int)?
  func print() -> (text: String, tuple: (count: Int?, Date))
}

/// A requirement named `spy`, and one named `calls`: names a spy might use itself.
public protocol SpyNamed {
  var spy: String { get }
  func calls() -> Int
  func record(_ value: Int)
}

/// Requirements named like members of a spy base class: `name`, `reset`, `stub`.
public protocol NamedLikeSpyMembers {
  var name: String { get set }
  func reset()
  func stub(_ value: Int) -> Bool
}

/// A property of type `Void`, and a method taking `Void`.
public protocol VoidShapes {
  var x: Void { get }
  func take(_ value: Void)
  func give() -> Void
}

/// Metatypes: optional, existential, generic.
public protocol MetatypeShapes {
  func register(_ type: ViewHandle.Type?)
  func make(_ type: any ModelProtocol.Type) -> any ModelProtocol
  func cast<T>(_ value: Any, to type: T.Type) -> T?
}

/// Parameters that are neither `Sendable` nor `Equatable`.
public protocol NonSendableArguments {
  func take(_ value: Any)
  func take(fields: [String: Any])
  func take(object: AnyObject)
  func take(codable: any Codable)
  func take(view: ViewHandle)
  func take(session: Session)
  func take(result: Result<Int, any Error>)
  func take(model: any ModelProtocol)
}

/// Unnamed parameters.
public protocol UnnamedParameters {
  func empty(_: Int, _: String) -> Bool
  func single(_: Double)
}
