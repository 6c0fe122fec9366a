/// An argument a spy records whose type is not `Equatable`: compared where it can be, and
/// never said equal where it cannot.
///
/// A ``SpyCall`` must be `Equatable`, so every associated value must be too. When a double
/// receives a value that is not, record it wrapped: the call keeps the value for the test to
/// inspect. Generated spies do this for every `Sendable` parameter whose type does not declare
/// `Equatable`. `==` compares what it can:
///
/// - a class instance by identity (the same object);
/// - a tuple, an array, or an optional element by element, each element by `==` when its type
///   is `Equatable`, by identity when it is a class, and so on inside;
/// - anything else (a struct or an enum that is not `Equatable`, a closure) it cannot compare:
///   two such values are never equal, not even a value and itself, so that an assertion on a
///   call holding one fails instead of passing whatever was passed. Check those arguments with
///   a predicate. The call's description says so next to the value.
///
/// ```swift
/// enum Call: SpyCall {
///   case cache(image: NotCompared<Picture>)
///   var method: Method { .cache }
///   enum Method { case cache }
/// }
///
/// spy.cache(image: picture)
/// // Picture is a struct without ==: match it with a predicate.
/// let empty = spy.callCount { call in
///   if case .cache(let image) = call { image.value.pixels == [] } else { false }
/// }
/// #expect(empty == 1)
/// guard case .cache(let image) = spy.lastCall(to: .cache) else { return }
/// #expect(image.value.pixels == picture.pixels)
/// ```
public struct NotCompared<Value: Sendable>: Equatable, Sendable, CustomDebugStringConvertible {
  /// The recorded argument.
  ///
  /// ```swift
  /// #expect(NotCompared(3).value == 3)
  /// ```
  public let value: Value

  /// Wraps an argument.
  ///
  /// ```swift
  /// spy.record(.cache(image: NotCompared(image)))
  /// ```
  ///
  /// - Parameter value: The argument to keep.
  public init(_ value: Value) {
    self.value = value
  }

  /// Returns whether two arguments are the same, as far as they can be compared: class
  /// instances by identity, tuples, arrays and optionals element by element, `Equatable`
  /// elements by `==`.
  ///
  /// ```swift
  /// #expect(NotCompared((x: 1, y: 2)) == NotCompared((x: 1, y: 2)))
  /// #expect(NotCompared(Picture.cat) != NotCompared(Picture.cat))  // no == for Picture
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A wrapped argument.
  ///   - rhs: Another wrapped argument.
  /// - Returns: True when every part of the values can be compared and is equal; false when
  ///   they differ, or when a part of them cannot be compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    NotComparedEquality.compare(lhs.value, rhs.value) == .equal
  }

  /// The wrapped value as `debugPrint` shows it, so calls read as if it were not wrapped, with
  /// what `==` does with it when that is not plain `==`: `(compared by identity)`, or
  /// `(not compared by ==: check it with a predicate)`.
  ///
  /// ```swift
  /// #expect(String(reflecting: NotCompared("a")) == #""a""#)
  /// ```
  public var debugDescription: String {
    let text = String(reflecting: value)
    switch NotComparedEquality.kind(of: value) {
    case .values: return text
    case .identity: return text + " (compared by identity)"
    case .incomparable: return text + " (not compared by ==: check it with a predicate)"
    }
  }
}

/// How `NotCompared` compares values of types known only at run time.
enum NotComparedEquality {
  enum Outcome {
    case equal, different, incomparable
  }

  enum Kind {
    /// Compared by `==`, element by element.
    case values
    /// A class instance, compared by identity.
    case identity
    /// Holds a part that cannot be compared.
    case incomparable
  }

  static func compare(_ lhs: Any, _ rhs: Any) -> Outcome {
    if let left = lhs as? any Any.Type {
      guard let right = rhs as? any Any.Type else { return .different }
      return ObjectIdentifier(left) == ObjectIdentifier(right) ? .equal : .different
    }
    guard type(of: lhs) == type(of: rhs) else { return .different }
    if let left = lhs as? any Equatable {
      return left.isEqual(toAnyValue: rhs) ? .equal : .different
    }
    if type(of: lhs) is AnyClass {
      return (lhs as AnyObject) === (rhs as AnyObject) ? .equal : .different
    }
    let left = Mirror(reflecting: lhs)
    let right = Mirror(reflecting: rhs)
    switch left.displayStyle {
    case .tuple?, .collection?, .optional?:
      let leftChildren = Array(left.children)
      let rightChildren = Array(right.children)
      guard leftChildren.count == rightChildren.count else {
        // An incomparable part still makes the whole incomparable, rather than different.
        return leftChildren.contains { kind(of: $0.value) == .incomparable }
          ? .incomparable : .different
      }
      var outcome = Outcome.equal
      for (a, b) in zip(leftChildren, rightChildren) {
        switch compare(a.value, b.value) {
        case .equal: continue
        case .different: outcome = .different
        case .incomparable: return .incomparable
        }
      }
      return outcome
    default:
      return .incomparable
    }
  }

  static func kind(of value: Any) -> Kind {
    if value is any Any.Type || value is any Equatable { return .values }
    if type(of: value) is AnyClass { return .identity }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .tuple?, .collection?, .optional?:
      let kinds = mirror.children.map { kind(of: $0.value) }
      if kinds.contains(.incomparable) { return .incomparable }
      // An empty array of a type that cannot be compared: nothing to compare, equal.
      return kinds.contains(.identity) ? .identity : .values
    default:
      return .incomparable
    }
  }
}

extension Equatable {
  /// Whether `other` is a value of this type equal to this one.
  fileprivate func isEqual(toAnyValue other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
