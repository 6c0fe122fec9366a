/// An argument a spy records whatever its type: compared by value when the value's type is
/// `Equatable`, kept as it is when it is not `Sendable`.
///
/// A ``SpyCall`` must be `Equatable` and `Sendable`, so every associated value must be too.
/// Generated spies wrap the arguments whose type they cannot prove both: a method's generic
/// parameter (`T`, `some P`, a metatype), `Any`, `AnyObject`, an existential such as
/// `any Codable`, a class that is not `Sendable`. Two wrapped values are equal when their types
/// are the same and, for an `Equatable` type, their values are equal (metatypes: the same type;
/// other class instances: the same object; other values: any value of the same type).
/// Optionals are looked through: `Optional(3)` equals `3`, and `nil` equals only `nil`.
///
/// ```swift
/// enum Call: SpyCall {
///   case save(value: SpyArgument<Any>, key: String)   // func save<T: Codable>(_ value: T, …)
///   case decode(type: SpyArgument<Any>)               // func decode<T>(_ type: T.Type)
///   …
/// }
///
/// try store.save(3, key: "count")
/// #expect(spy.calls == [.save(value: SpyArgument(3), key: "count")])   // 3 == 3, by value
/// #expect(spy.calls != [.save(value: SpyArgument("3"), key: "count")]) // a String is not an Int
/// guard case .save(let value, _) = spy.lastCall(to: .save) else { return }
/// #expect(value.value as? Int == 3)
/// ```
///
/// A predicate reads the value itself:
///
/// ```swift
/// let ints = spy.callCount { call in
///   if case .save(let value, _) = call { value.value is Int } else { false }
/// }
/// #expect(ints == 1)
/// ```
public struct SpyArgument<Value>: Equatable, @unchecked Sendable, CustomDebugStringConvertible {
  // @unchecked: the value is stored in the spy's calls, guarded by the spy's lock, and handed
  // only to the test that reads them; sharing a value that is not `Sendable` with the code
  // under test is what passing it to the double already did.

  /// The recorded argument.
  ///
  /// ```swift
  /// #expect(SpyArgument<Any>(3).value as? Int == 3)
  /// ```
  public let value: Value

  /// Wraps an argument.
  ///
  /// ```swift
  /// record(.save(value: SpyArgument(value), key: key))
  /// ```
  ///
  /// - Parameter value: The argument to keep.
  public init(_ value: Value) {
    self.value = value
  }

  /// Returns whether two arguments are the same: of one type, and equal when the type is
  /// `Equatable`.
  ///
  /// ```swift
  /// #expect(SpyArgument<Any>(3) == SpyArgument<Any>(3))
  /// #expect(SpyArgument<Any>(3) != SpyArgument<Any>(4))
  /// #expect(SpyArgument<Any>(Int.self) == SpyArgument<Any>(Int.self))
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A wrapped argument.
  ///   - rhs: Another wrapped argument.
  /// - Returns: True when the values' dynamic types are the same and, for an `Equatable` type,
  ///   the values are equal; for metatypes, when they are the same type; for other class
  ///   instances, when they are the same object.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    SpyArgumentEquality.areEqual(lhs.value, rhs.value)
  }

  /// The wrapped value as `debugPrint` shows it, so calls read as if it were not wrapped.
  ///
  /// ```swift
  /// #expect(String(reflecting: SpyArgument("a")) == #""a""#)
  /// ```
  public var debugDescription: String { String(reflecting: value) }
}

/// Equality of two values of types known only at run time.
enum SpyArgumentEquality {
  /// Optionals are looked through: `Optional(3)` equals `3`, and `nil` equals only `nil`.
  static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    switch (unwrapped(lhs), unwrapped(rhs)) {
    case (nil, nil): return true
    case (nil, _), (_, nil): return false
    case (let left?, let right?): return valuesAreEqual(left, right)
    }
  }

  private static func valuesAreEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    if let left = lhs as? any Any.Type {
      guard let right = rhs as? any Any.Type else { return false }
      return ObjectIdentifier(left) == ObjectIdentifier(right)
    }
    guard type(of: lhs) == type(of: rhs) else { return false }
    if let left = lhs as? any Equatable { return left.isEqual(toAny: rhs) }
    if type(of: lhs) is AnyClass { return (lhs as AnyObject) === (rhs as AnyObject) }
    return true
  }

  /// The value inside any number of optionals, or nil when one of them is empty.
  private static func unwrapped(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    guard let wrapped = mirror.children.first else { return nil }
    return unwrapped(wrapped.value)
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(toAny other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
