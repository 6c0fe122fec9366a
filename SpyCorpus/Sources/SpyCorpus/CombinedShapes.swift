import Foundation

// More shapes around those of ParameterShapes.swift: the same fixes met together, in statics, in
// spies that hold their `Spy`, and in closures, properties and initializers.

/// Static requirements with `inout` and generic closures.
public protocol Registry: Sendable {
  static func adjust(_ count: inout Int)
  static func lookUp<T: Sendable>(
    _ key: String,
    as type: T.Type,
    reply: @escaping @Sendable (T?) -> Void
  )
  func run(in queue: String, do work: @escaping @Sendable () -> Void)
  init(_: Int, named: String)
}

/// A requirement with the name and type of a member of `Spy`, which the spy overrides.
public protocol NamedCounter: Sendable {
  var name: String { get }
  func tally(_ total: inout Int, by step: Int) throws(LedgerError)
  func reduce<S: Sequence>(_ values: S, into result: @escaping @Sendable (S.Element) -> Void)
}

/// Properties whose types are not `Equatable` or not `Sendable`.
public protocol Observing: AnyObject, Sendable {
  var onChange: (@Sendable (Int) -> Void)? { get set }
  var context: Any { get set }
  var shape: (any Shape)? { get set }
  subscript(key: AnyHashable) -> Any? { get }
  func register(_ type: any Shape.Type)
  func observe<Root, Value>(_ keyPath: KeyPath<Root, Value>)
}

/// Ownership and isolation modifiers, and a closure named with a keyword.
public protocol Handing: Sendable {
  func take(_ value: consuming String, _ other: borrowing [Int])
  func hand(_ value: sending Node) -> Bool
  func run(on actor: isolated (any Actor)?) async
  func schedule(_ default: @escaping @Sendable () -> Void)
}

/// Implicitly unwrapped results, labeled subscripts, Foundation classes and values that are not
/// `Sendable`, tuples holding `Any`.
public protocol Mixing: Sendable {
  func current() -> Int!
  var last: Int! { get }
  subscript(key key: String, default value: Int) -> Int { get }
  func post(_ notification: Notification)
  func wrap(_ object: NSObject) -> NSNumber?
  func merge(_ pair: (key: String, value: Any))
  func fill(_ data: inout Data, _ meta: inout [String: Any]) throws
  func pick<T: Equatable & Sendable>(_ a: T, _ b: T) -> Bool
}
