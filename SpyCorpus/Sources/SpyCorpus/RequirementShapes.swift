import Foundation

// Shapes the generator used to refuse and now writes spies for, one protocol per
// theme; the last one is still refused, with its reason.

// MARK: - Associated types

/// A value with an identifier, for stores of items.
public struct Article: Identifiable, Sendable, Equatable {
  public let id: Int
  public let title: String

  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

/// A primary associated type with constraints, one with a default, and requirements that use
/// them: `Self.Item`, `Item`, `[Item]`, `Item.ID`.
public protocol Store<Item>: Sendable {
  associatedtype Item: Identifiable & Sendable
  associatedtype Tag: Hashable = String
  func load() async throws -> [Item]
  func save(_ item: Item)
  func item(id: Item.ID) -> Self.Item?
  func first() -> Item
  func tag(_ item: Item, with tag: Tag)
}

/// Associated types with `where` clauses.
public protocol Indexing {
  associatedtype Index: Sequence where Index.Element: Hashable & Comparable
  associatedtype Key: Hashable & Sendable where Key: Comparable
  func index() -> Index
  func keys(in index: Index) -> [Key]
}

/// A refinement that fixes its parent's associated type.
public protocol ArticleStore: Store where Item == Article {
  func featured() -> Article?
}

// MARK: - Self

/// `Self` returned, taken, in an array, an optional and a closure, from a static factory, and in
/// an operator.
public protocol Copying: AnyObject {
  func copy() -> Self
  func merge(with other: Self) -> Self
  func siblings() -> [Self]
  func parent() -> Self?
  func update(_ body: (Self) -> Void)
  static func make() -> Self
  static func == (lhs: Self, rhs: Self) -> Bool
}

// MARK: - rethrows

/// `rethrows` methods: bodies that give the result or return nothing, an asynchronous one, and a
/// transform the spy cannot call (it has no `Int` to give it).
public protocol Transacting: Sendable {
  func transaction(_ body: () throws -> Void) rethrows
  func perform<T>(_ body: () throws -> T) rethrows -> T
  func run(_ body: @Sendable () async throws -> Int) async rethrows -> Int
  func map<T>(_ transform: (Int) throws -> T) rethrows -> [T]
}

// MARK: - @autoclosure

/// `@autoclosure` arguments: a message, an escaping action, throwing ones in `throws` and
/// `rethrows` methods, and an asynchronous one.
public protocol Asserting: Sendable {
  func log(_ level: Int, _ message: @autoclosure () -> String)
  func schedule(_ action: @autoclosure @escaping @Sendable () -> Void)
  func check(_ value: @autoclosure () throws -> Int) throws -> Bool
  func assume(_ condition: @autoclosure () throws -> Bool) rethrows
  func wait(for value: @autoclosure @Sendable () async -> Int) async
}

// MARK: - Failable initializers

/// Failable initializers: `init?(rawValue:)`, `init!`, and an asynchronous throwing one.
public protocol Restoring {
  init?(rawValue: String)
  init!(snapshot: [String: Int])
  init?(path: String) async throws
}

// MARK: - Subscripts

/// Effectful subscripts, implemented like effectful getters, and a generic one.
public protocol Catalog: Sendable {
  subscript(remote index: Int) -> String { get async }
  subscript(checked key: String) -> Int? { get throws }
  subscript(typed key: String) -> Int { get throws(LedgerError) }
  subscript(both key: String) -> Article { get async throws }
  subscript<Key: Hashable & Sendable>(key key: Key) -> Int { get }
}

// MARK: - Restated requirements

/// A parent whose refinement restates its requirements.
public protocol Refreshing {
  func refresh(force: Bool)
  var lastRefresh: Date? { get }
}

/// Restates `refresh(force:)` and `lastRefresh`, and adds a requirement.
public protocol AutoRefreshing: Refreshing {
  func refresh(force: Bool)
  var lastRefresh: Date? { get }
  func schedule(every seconds: Int)
}

// MARK: - Actors

/// An actor-bound protocol: isolated, asynchronous and nonisolated requirements, and a closure.
public protocol TokenCache: Actor {
  var token: String? { get }
  func save(token: String)
  func refresh() async throws -> String
  nonisolated var label: String { get }
  nonisolated func key(for user: Int) -> String
  func observe(_ handler: @escaping @Sendable (String) -> Void)
}

/// A refinement of an actor-bound protocol, with a primary associated type.
public protocol KeyedCache<Value>: TokenCache {
  associatedtype Value: Sendable
  func value(for key: String) async -> Value?
  func store(_ value: Value, for key: String)
}

// MARK: - Standard library parents

/// A model protocol refining `Identifiable` (its `ID` fixed) and `Hashable`, as list rows do.
public protocol ListRow: Identifiable, Hashable where ID == UUID {
  var title: String { get }
}

// MARK: - Still refused

/// A parameter pack: no spy can be generated (the generator says so).
public protocol Tracing {
  func trace<each Value>(_ values: repeat each Value)
}
