/// An argument a spy records but leaves out of `==`, for types that are not `Equatable`.
///
/// A ``SpyCall`` must be `Equatable`, so every associated value must be too. When a double
/// receives a value that is not, record it wrapped: the call keeps the value for the test to
/// inspect, and two calls compare equal whatever the wrapped values are. Generated spies do
/// this for every parameter whose type does not declare `Equatable`.
///
/// ```swift
/// enum Call: SpyCall {
///   case cache(image: NotCompared<Picture>)
///   var method: Method { .cache }
///   enum Method { case cache }
/// }
///
/// spy.cache(image: picture)
/// #expect(spy.calls == [.cache(image: NotCompared(picture))])  // any picture matches
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

  /// Returns true: wrapped values never make two calls differ.
  ///
  /// ```swift
  /// #expect(NotCompared(Picture.cat) == NotCompared(Picture.dog))
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A wrapped argument.
  ///   - rhs: Another wrapped argument.
  /// - Returns: Always true.
  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  /// The wrapped value as `debugPrint` shows it, so calls read as if it were not wrapped.
  ///
  /// ```swift
  /// #expect(String(reflecting: NotCompared("a")) == #""a""#)
  /// ```
  public var debugDescription: String { String(reflecting: value) }
}
