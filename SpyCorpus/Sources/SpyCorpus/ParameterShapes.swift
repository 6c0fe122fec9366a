import Foundation

// Shapes whose generated spies used not to compile, one protocol per theme.

/// A marker protocol: no requirements at all.
public protocol Marking {}

/// Parameters named with keywords, and parameters without a name.
public protocol KeywordNaming: Sendable {
  func example(for: String, in: Int, throws: Bool)
  func empty(_: Int, _: String) -> Bool
  func `default`(_ in: Int) -> Int
}

/// A failure for `throws(LedgerError)`.
public enum LedgerError: Error, Equatable {
  case locked
}

/// Typed throws on methods and initializers returning nothing, and on property getters.
public protocol TypedLedger: AnyObject, Sendable {
  init(name: String) throws(LedgerError)
  func post(amount: Int) throws(LedgerError)
  func settle() async throws(LedgerError)
  var balance: Int { get throws(LedgerError) }
  var pending: [Int] { get async throws(LedgerError) }
  var status: String { get throws }
}

/// A property of type `Void`, and a method returning `()`.
public protocol Pinging: Sendable {
  var ping: Void { get }
  func pong() -> ()
}

/// Generic methods with escaping closures, generic values, `inout` generics.
public protocol GenericWorking: Sendable {
  func run<T: Sendable>(_ value: T, completion: @escaping @Sendable (T) -> Void)
  func transform<T>(_ value: T, with body: @escaping @Sendable (T) -> T) -> T
  func store<Key: Hashable & Sendable>(_ key: Key, values: [Key]) -> Int
  func swapValue<T>(_ value: inout T)
}

/// A protocol of this module's own, for existentials and opaque parameters.
public protocol Shape: Sendable {
  var sides: Int { get }
}

/// Opaque and existential parameters wrapped in optionals, optional metatypes.
public protocol ShapeDrawing: Sendable {
  func draw(_ shape: (some Shape)?)
  func fill(_ shape: (some Shape)!)
  func trace(_ shape: (any Shape)!)
  func outline(_ shape: any Shape)
  func register(_ type: Node.Type?)
  func kind(of type: Any.Type) -> String
}

/// A closure type named by a typealias.
public typealias Completion = @Sendable (Result<Int, any Error>) -> Void

/// Closures spelled through a typealias, escaping or not.
public protocol AliasedLoading: Sendable {
  func load(id: Int, completion: @escaping Completion)
  func each(_ body: Completion)
}

/// A protocol that only an `NSObject` can adopt.
public protocol Delegating: NSObjectProtocol {
  func didFinish(_ id: Int)
}

/// A class that is not `Sendable`.
public final class Node: Equatable {
  public var name: String
  public init(name: String) { self.name = name }
  public static func == (lhs: Node, rhs: Node) -> Bool { lhs.name == rhs.name }
}

/// Arguments that are not `Sendable`, or not `Equatable`, from this module or another.
public protocol Logging: Sendable {
  func log(_ value: Any)
  func log(fields: [String: Any])
  func attach(_ object: AnyObject)
  func encode(_ value: any Codable)
  func format(_ format: String, _ arguments: any CVarArg...)
  func hash(into hasher: inout Hasher)
  func finish(_ result: Result<Int, any Error>)
  func visit(_ node: Node)
  func draw(_ shape: any Shape)
}

/// `inout` arguments a stub writes back.
public protocol Counting: Sendable {
  func increment(_ value: inout Int)
  func next(_ state: inout [String], limit: Int) -> Bool
  func fill(_ buffer: inout [UInt8]) throws -> Int
}
