import Foundation

// Shapes learned from Sourcery's AutoMockable template tests (Templates/Tests/Context*/
// AutoMockable.swift): a marker protocol, reserved words, typed throws, closures of every kind,
// existentials and opaque types in optionals, variadics, overrides by return type, subscripts,
// associated types with `where` clauses, `Sendable` with `Any`. Written anew for this corpus.

/// The marker protocol Sourcery annotates with: no requirements.
public protocol AutoMockable {}

/// A basic protocol inheriting the marker.
public protocol BasicProtocol: AutoMockable {
  func loadConfiguration() -> String?
  func save(configuration: String)
}

/// An implicitly unwrapped result.
public protocol ImplicitlyUnwrappedReturn: AutoMockable {
  func implicitReturn() -> String!
}

/// An initializer with an optional parameter, and start/stop.
public protocol InitializationProtocol: AutoMockable {
  init(intParameter: Int, stringParameter: String, optionalParameter: String?)
  func start()
  func stop()
}

/// Variables of common types.
public protocol VariablesProtocol: AutoMockable {
  var company: String? { get set }
  var name: String { get }
  var age: Int { get }
  var kids: [String] { get }
  var universityMarks: [String: Int] { get }
}

/// Same base name, different first labels.
public protocol SameShortMethodNames: AutoMockable {
  func start(car: String, of model: String)
  func start(plane: String, of model: String)
}

/// A requirement named with a reserved word.
public protocol ReservedWords: AutoMockable {
  func `continue`(with message: String) -> String
  func `switch`(_ case: Int) -> Bool
}

/// Throwing methods, with and without results.
public protocol Throwable: AutoMockable {
  func doOrThrow() throws -> String
  func doOrThrowVoid() throws
}

/// Typed throws everywhere: initializers, properties, methods, `Never`, generic errors.
public protocol TypedThrowable: AutoMockable {
  init() throws(CustomError)
  var value: Int { get throws(CustomError) }
  var valueAnyError: Int { get throws(any Error) }
  var valueThrowsNever: Int { get throws(Never) }
  func doOrThrow() throws(CustomError) -> String
  func doOrThrowVoid() throws(CustomError)
  func doOrThrowAnyError() throws(any Error)
  func doOrThrowNever() throws(Never)
  func doOrRethrows<E: Error>(_ block: () throws(E) -> Void) throws(E) -> Int
}

/// An escaping closure.
public protocol ClosureProtocol: AutoMockable {
  func setClosure(_ closure: @escaping () -> Void)
}

/// An optional closure.
public protocol NullableClosure: AutoMockable {
  func setClosure(_ closure: (() -> Void)?)
}

/// A name beside an escaping closure.
public protocol MultiClosure: AutoMockable {
  func setClosure(name: String, _ closure: @escaping () -> Void)
}

/// A non-escaping closure.
public protocol NonEscapingClosure: AutoMockable {
  func executeClosure(_ closure: () -> Void)
  func executeClosure(name: String, _ closure: () -> Void)
}

/// Closures taking and returning optional existentials.
public protocol ExistentialArgumentsClosure: AutoMockable {
  func execute(
    completion: ((any StubProtocol)?, any StubProtocol) -> (any StubProtocol)?
  )
}

/// Closures returned from methods.
public protocol ClosureReturnType: AutoMockable {
  func get() -> () -> Void
  func getOptional() -> (() -> Void)?
}

/// Effectful properties, optional and not.
public protocol ThrowingAsyncVariables: AutoMockable {
  var title: String? { get throws }
  var firstName: String { get async }
  var lastName: String? { get async throws }
}

/// Async methods returning `Void` spelled out.
public protocol AsyncProtocol: AutoMockable {
  func callAsync(parameter: Int) async -> String
  func callAsyncAndThrow(parameter: Int) async throws -> String
  func callAsyncVoid(parameter: Int) async -> Void
  func callAsyncAndThrowVoid(parameter: Int) async throws -> Void
}

/// Attributes on methods.
public protocol FunctionWithAttributes: AutoMockable {
  @discardableResult func callOneAttribute() -> String
  @discardableResult @available(macOS 10.15, *) func callTwoAttributes() -> Int
}

/// A static method with an unnamed parameter.
public protocol StaticMethod: AutoMockable {
  static func staticFunction(_: String) -> String
}

/// Existentials in optionals, implicitly unwrapped optionals, arrays and closures.
public protocol AnyProtocolShapes: AutoMockable {
  var a: any StubProtocol { get }
  var b: (any StubProtocol)? { get }
  var c: (any StubProtocol)! { get }
  var d: ((any StubProtocol)?) -> Void { get }
  var e: [(any StubProtocol)?] { get }
  func f(_ x: (any StubProtocol)?, y: (any StubProtocol)!, z: any StubProtocol)
  func j(x: (any StubProtocol)?, y: (any StubProtocol)!, z: any StubProtocol) async -> String
  func k(x: ((any StubProtocol)?) -> Void, y: (any StubProtocol) -> Void)
  func n(x: @escaping ((any StubProtocol)?) -> Void)
  func q() -> any StubProtocol
  func r() -> (any StubProtocol)?
  func z() -> any StubProtocol & CustomStringConvertible
}

/// Existentials inside optionals, tuples and results.
public protocol AnyProtocolWithOptionals: AutoMockable {
  var a: [any StubProtocol]? { get }
  var b: [Result<Void, any Error>] { get }
  var c: (Int, [(any StubProtocol)?])? { get }
  func g(_ g: String, handler: @escaping ([any StubProtocol]?) -> Void) -> Bool
}

/// Opaque parameters in optionals and implicitly unwrapped optionals.
public protocol SomeProtocolShapes: AutoMockable {
  func a(_ x: (some StubProtocol)?, y: (some StubProtocol)!, z: some StubProtocol)
  func b(x: (some StubProtocol)?, y: (some StubProtocol)!, z: some StubProtocol) async -> String
  func c(someConfusingArgumentName: some StubProtocol)
}

/// Generic types holding optional existentials.
public protocol HouseProtocol: AutoMockable {
  var aStream: EventStream<any PersonProtocol>? { get }
  var bStream: EventStream<(any PersonProtocol)?>? { get }
}

/// An optional completion with an optional error.
public protocol NullableCompletionWithError: AutoMockable {
  func add(_ request: Int, withCompletionHandler completionHandler: (((any Error)?) -> Void)?)
}

/// A `CVarArg` variadic.
public protocol ExampleVararg: AutoMockable {
  func string(key: String, args: any CVarArg...) -> String
}

/// An existential variadic.
public protocol ExampleVarargExistential: AutoMockable {
  func toto(args: any StubProtocol...)
}

/// Overrides that differ by return type alone.
public protocol ProtocolWithOverrides: AutoMockable {
  func doSomething(_ data: Int) -> [String]
  func doSomething(_ data: String) -> [String]
  func doSomething(_ data: String) -> [Int]
  func doSomething(_ data: String) -> ([Int], [String])
  func doSomething(_ data: String) throws -> ([Int], [Any])
}

/// Subscripts: settable, generic, async, throwing.
public protocol SubscriptEffects: AutoMockable {
  subscript(arg: Int) -> String { get set }
  subscript<T>(arg: T) -> Int { get }
  subscript(remote index: Int) -> String { get async }
  subscript(checked key: String) -> Int? { get throws }
  subscript(typed arg: String) -> Int { get throws(CustomError) }
}

/// `Result` with `Error` in parameters and results.
public protocol GenericResultParameters: AutoMockable {
  func execute(param: Result<Int, any Error>) -> Result<String, any Error>
}

/// `inout` overloads.
public protocol InoutOverloads: AutoMockable {
  func execute(param: inout String)
  func execute(param: inout String, bar: Int)
}

/// Associated types with `where` clauses and defaults.
public protocol AssociatedWhere: AutoMockable {
  associatedtype Value: Sequence where Value.Element: Hashable & Comparable
  func getValue() -> Value
  associatedtype Value2 = Int
  func getValue2() -> Value2
  associatedtype Value3: Collection where Value3.Element == String
  func getValue3() -> Value3
}

/// `Sendable` with an `Any` property.
public protocol SendableAnyValue: Sendable {
  var value: Any { get }
}

/// A parent that is only `Sendable`.
public protocol NotMockedSendable: Sendable {}

/// A child of a `Sendable` parent, with an `Any` property.
public protocol SendableChild: NotMockedSendable {
  var value: Any { get }
}
