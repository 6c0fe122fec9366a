import Foundation

// Shapes learned from Mockable's tests (Tests/MockableTests/Protocols, Tests/MockableMacroTests):
// a service with an associated type, exotic parameters, effects, init requirements, name
// collisions, typed throws, property requirements, actor conformance, inherited types. Written
// anew for this corpus.

/// A service with an associated type, generics, variadics and `inout`.
public protocol TestService {
  associatedtype Color
  func favoriteColor() -> Color
  var name: String { get set }
  var computed: String { get }
  func user(for id: UUID) throws -> User
  func users(for ids: UUID...) -> [User]
  func setUser(user: User) async throws -> Bool
  func modify(user: User) -> Int
  func update(products: [Product]) -> Int
  func download(completion: @escaping (Product) -> Void)
  func print() throws
  func change(user: inout User)
  func userAndValue<Value>(for id: UUID, value: Value) -> (User, Value)
  func delete<T>(for value: T) -> Int
  func retrieve<V>() -> V
  func retrieveItem<T, V>(item: T) -> V
}

/// The same service without the associated type, as Mockable's Swift 6 variant.
public protocol ConcreteTestService: Sendable {
  var name: String { get set }
  func user(for id: UUID) throws -> User
  func users(for ids: UUID...) -> [User]
  func change(user: inout User)
  func delete<T>(for value: T) -> Int
  func retrieve<V>() -> V
}

/// An `inout` parameter.
public protocol InoutModifying {
  func modifyValue(_ value: inout Int)
}

/// A variadic parameter.
public protocol VariadicPrinting {
  func printValues(_ values: Int...)
}

/// An escaping throwing closure parameter.
public protocol ClosureExecuting {
  func execute(operation: @escaping () throws -> Void)
}

/// A parameter named with a keyword.
public protocol KeywordParameter {
  func foo(for: String)
  func bar(in: Int, where: String) -> Bool
}

/// Functions that return and throw.
public protocol ThrowingEffects {
  func returnsAndThrows() throws -> String
  func canThrowError() throws
}

/// A `rethrows` requirement with an escaping closure.
public protocol Rethrowing {
  func execute(operation: @escaping () throws -> Void) rethrows
  func map<T>(_ transform: (Int) throws -> T) rethrows -> [T]
}

/// Async effects with an async throwing closure.
public protocol AsyncEffects {
  func asyncFunction() async
  func asyncThrowingFunction() async throws
  func asyncParamFunction(param: @escaping () async throws -> Void) async throws
}

/// Initializers, plain and named.
public protocol InitRequirements {
  init()
  init(name: String)
}

/// A failable, async, throwing initializer beside labeled ones.
public protocol FailableInit {
  init?() async throws
  init(name: String)
  init(name value: String, _ index: Int)
}

/// Overloads differing by parameter type alone.
public protocol NameCollisionByType {
  func fetchData(for name: Int) -> String
  func fetchData(for name: String) -> String
}

/// Overloads differing by label alone.
public protocol NameCollisionByLabel {
  func fetchData(forA name: String) -> String
  func fetchData(forB name: String) -> String
}

/// A requirement named with a keyword.
public protocol KeywordNamedFunction {
  func `repeat`(param: Bool) -> String
  func `return`() -> Int
}

/// An error for typed throws.
public enum ExampleError: Error, Equatable {
  case failure
}

/// Typed throws on a `Void` method and on a property getter.
public protocol TypedErrorProtocol {
  func foo() throws(ExampleError)
  var baz: String { get throws(ExampleError) }
}

/// Computed and implicitly unwrapped properties.
public protocol ComputedProperties {
  var computedInt: Int { get }
  var computedString: String! { get }
}

/// Mutable properties.
public protocol MutableProperties {
  var mutableInt: Int { get set }
  var mutableString: String { get set }
}

/// Effectful properties.
public protocol EffectfulProperties {
  var throwingProperty: Int { get throws }
  var asyncProperty: String { get async }
  var asyncThrowingProperty: String { get async throws }
}

/// A protocol with nonisolated requirements, not bound to an actor.
public protocol NonisolatedMembers {
  var foo: Int { get }
  func bar(number: Int) -> Int
}

/// An `Actor`-bound protocol with nonisolated members.
public protocol ActorConforming: Actor {
  var foo: Int { get }
  nonisolated var quz: Int { get }
  func bar(number: Int) -> Int
  nonisolated func baz(number: Int) -> Int
}

/// A method isolated to the main actor in a protocol that is not.
public protocol MainActorMethod {
  @MainActor func foo()
  func bar() async -> Int
}

/// An associated type with no constraint.
public protocol ItemHandling {
  associatedtype Item
  func foo(item: Item) -> Item
}

/// An associated type with constraints in its declaration.
public protocol ConstrainedItemHandling {
  associatedtype Item: Equatable & Hashable
  func foo(item: Item) -> Item
  func all() -> Set<Item>
}

/// An associated type with a `where` clause.
public protocol WhereItemHandling {
  associatedtype Item where Item: Equatable, Item: Hashable
  func foo(item: Item) -> Item
}

/// A protocol inheriting `NSObjectProtocol`.
public protocol TestObject: NSObjectProtocol {
  func foo()
  func bar(value: Int) -> String
}

/// A protocol whose members have attributes.
public protocol AttributedMembers {
  @discardableResult func save() -> Bool
  @available(*, deprecated, message: "use save()") func store() -> Bool
}

/// A protocol with generic functions of several shapes.
public protocol GenericFunctionShapes {
  func foo<T>(item: T) -> T
  func bar<T: Hashable, U>(item: T, other: U) -> [T: U]
  func baz<T>(items: [T]) where T: Equatable
}

/// An access-level variety: a package-level protocol.
package protocol PackageLevelService {
  func load() -> [String]
}

/// An internal protocol (its spy needs `@testable import`).
protocol InternalService {
  func load() -> Int
  var enabled: Bool { get }
}

/// A service used concurrently from many tasks.
public protocol ConcurrentCounter: Sendable {
  func increment() async
  func value() async -> Int
}
