import Foundation

// Every shape of requirement the spy generator handles, one protocol per theme.

/// Labels, unnamed and internal parameter names; overloads of one base name.
public protocol DocumentStore: Sendable {
  func open(id: Int) throws -> String
  func save(_ text: String, to path: String) throws
  func delete(named name: String) async throws
  func find(id: Int) -> String?
  func find(name: String) -> String?
  func find(name: String, in folder: String) -> [String]
  func refresh()
}

/// Effects: async, throws, typed throws, async throws; optional and tuple results.
public protocol Loading: Sendable {
  func load() async -> Int
  func fetch() async throws -> [String]
  func parse(_ text: String) throws(ParseError) -> Int
  func measure() -> (width: Int, height: Int)
  func lookUp(key: String) -> Bool?
}

/// An error with a fixed type, for `throws(ParseError)`.
public enum ParseError: Error, Equatable {
  case empty
  case invalid(String)
}

/// Properties, static requirements, initializers and subscripts.
public protocol Settings: AnyObject, Sendable {
  init(suite: String)
  var name: String { get }
  var volume: Int { get set }
  static var defaultSuite: String { get }
  static func reset()
  subscript(key: String) -> String? { get }
}

/// `inout` and variadic parameters, closures and completion handlers, values that are not
/// `Equatable`.
public protocol ImageLoading: Sendable {
  func load(from url: URL, completion: @escaping @Sendable (Data) -> Void)
  func transform(_ values: inout [Int])
  func tag(_ tags: String...)
  func prefetch(_ urls: [URL], progress: @Sendable (Double) -> Void)
  func cache(_ image: Picture)
}

/// A value type that is not `Equatable`: spies record it but leave it out of `==`.
public struct Picture: Sendable {
  public var pixels: [UInt8]
  public init(pixels: [UInt8]) { self.pixels = pixels }
}

/// A generic method.
public protocol Decoding: Sendable {
  func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

/// A protocol with an associated type: a generic spy, `RepositorySpy<Item>`.
public protocol Repository {
  associatedtype Item
  func all() -> [Item]
}

/// Main-actor isolation.
@MainActor
public protocol Screen {
  func show(title: String)
  var isVisible: Bool { get }
}

/// Inheritance: requirements of a parent in this module, and of parents from other modules.
public protocol Named: Sendable {
  var displayName: String { get }
}

/// A protocol refining one of this module and two of the standard library.
public protocol Account: Named, CustomStringConvertible {
  func balance() async throws -> Decimal
}

/// Marked for generation by its doc comment; the others are named on the command line.
///
/// spy: generate
public protocol Clock: Sendable {
  func now() -> Date
}

/// An open class with overridable methods, for `--class`.
open class Tracker: @unchecked Sendable {
  // @unchecked: it has no state.
  public init() {}
  open func track(_ event: String) {}
  open func flush() async throws -> Int { 0 }
  open var isEnabled: Bool { true }
  public final func name() -> String { "tracker" }
}
