import Foundation

/// A type with a harmless value that a spy can return from a call the test did not stub.
///
/// A double's method must return something even when the test stubbed nothing for it. For the
/// types that conform (most standard library and Foundation value types, and any type of yours
/// that you mark), an unstubbed call fails the test and returns ``spyPlaceholder``, so the test
/// goes on and reports every problem. For a result type that does not conform, the double has
/// nothing to return: the call fails the test and then stops the test process.
///
/// Boxes use it too: in an isolated test, a `.required` box that was not overridden and has no
/// test default, or an empty box with no test default and no process-wide instance, is served
/// the placeholder of its type (and the read fails the test) instead of stopping the process.
///
/// Mark a type of your own when a spy returns it:
///
/// ```swift
/// struct OrderNumber: Hashable, Sendable {
///   let rawValue: Int
/// }
///
/// extension OrderNumber: SpyPlaceholder {
///   static var spyPlaceholder: OrderNumber { OrderNumber(rawValue: 0) }
/// }
///
/// // In a spy: an unstubbed call fails the test and returns OrderNumber(rawValue: 0).
/// func nextNumber() -> OrderNumber { recordStubbed(.nextNumber) }
/// ```
///
/// An error type can conform too: a method with a typed `throws(Failure)` whose result has no
/// placeholder then throws the error's placeholder from an unstubbed call, after failing the
/// test, instead of stopping the process.
///
/// The library's conformances: `Bool` (`false`); every integer and floating-point type and
/// `Decimal` (zero); `String`, `Substring` and `Data` (empty); `Array`, `ContiguousArray`, `Set`,
/// `Dictionary` and `IndexSet` (empty); `Optional` (`nil`); `UUID` (all zeros); `Date` (the
/// reference date, 2001-01-01 00:00:00 UTC); `URL` (`about:blank`); `Duration` (`.zero`);
/// `DateComponents`, `URLComponents` and `AttributedString` (empty); `TimeZone` (GMT), `Locale`
/// (`en_US_POSIX`) and `Calendar` (Gregorian in GMT).
public protocol SpyPlaceholder {
  /// The value an unstubbed call returns, after failing the test.
  ///
  /// ```swift
  /// extension OrderNumber: SpyPlaceholder {
  ///   static var spyPlaceholder: OrderNumber { OrderNumber(rawValue: 0) }
  /// }
  /// ```
  static var spyPlaceholder: Self { get }
}

/// The placeholder of `type` if it conforms to ``SpyPlaceholder``, checked at run time, else a
/// fresh spy where `type` is a protocol whose spy is a ``ProtocolSpyPlaceholder``.
func spyPlaceholder<Value>(of type: Value.Type) -> Value? {
  anySpyPlaceholder(of: type) as? Value
}

/// ``spyPlaceholder(of:)`` for a type known only at run time.
package func anySpyPlaceholder(of type: Any.Type) -> Any? {
  if let placeholder = (type as? any SpyPlaceholder.Type)?.spyPlaceholder { return placeholder }
  return ProtocolSpies.spy(for: type)
}

// MARK: - Standard library

extension Bool: SpyPlaceholder {
  /// `false`.
  public static var spyPlaceholder: Bool { false }
}

extension Int: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: Int { 0 }
}

extension Int8: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: Int8 { 0 }
}

extension Int16: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: Int16 { 0 }
}

extension Int32: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: Int32 { 0 }
}

extension Int64: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: Int64 { 0 }
}

extension UInt: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: UInt { 0 }
}

extension UInt8: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: UInt8 { 0 }
}

extension UInt16: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: UInt16 { 0 }
}

extension UInt32: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: UInt32 { 0 }
}

extension UInt64: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: UInt64 { 0 }
}

extension Double: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: Double { 0 }
}

extension Float: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: Float { 0 }
}

extension String: SpyPlaceholder {
  /// The empty string.
  public static var spyPlaceholder: String { "" }
}

extension Substring: SpyPlaceholder {
  /// The empty substring.
  public static var spyPlaceholder: Substring { "" }
}

extension Array: SpyPlaceholder {
  /// The empty array.
  public static var spyPlaceholder: [Element] { [] }
}

extension ContiguousArray: SpyPlaceholder {
  /// The empty array.
  public static var spyPlaceholder: ContiguousArray<Element> { [] }
}

extension Set: SpyPlaceholder {
  /// The empty set.
  public static var spyPlaceholder: Set<Element> { [] }
}

extension Dictionary: SpyPlaceholder {
  /// The empty dictionary.
  public static var spyPlaceholder: [Key: Value] { [:] }
}

extension Optional: SpyPlaceholder {
  /// `nil`.
  public static var spyPlaceholder: Wrapped? { nil }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Duration: SpyPlaceholder {
  /// `.zero`.
  public static var spyPlaceholder: Duration { .zero }
}

// MARK: - Foundation

extension Decimal: SpyPlaceholder {
  /// Zero.
  public static var spyPlaceholder: Decimal { 0 }
}

extension Data: SpyPlaceholder {
  /// Empty data.
  public static var spyPlaceholder: Data { Data() }
}

extension UUID: SpyPlaceholder {
  /// `00000000-0000-0000-0000-000000000000`.
  public static var spyPlaceholder: UUID {
    UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
  }
}

extension Date: SpyPlaceholder {
  /// The reference date, 2001-01-01 00:00:00 UTC.
  public static var spyPlaceholder: Date { Date(timeIntervalSinceReferenceDate: 0) }
}

extension URL: SpyPlaceholder {
  /// `about:blank`.
  public static var spyPlaceholder: URL { URL(string: "about:blank")! }
}

extension IndexSet: SpyPlaceholder {
  /// The empty index set.
  public static var spyPlaceholder: IndexSet { IndexSet() }
}

extension DateComponents: SpyPlaceholder {
  /// Components with nothing set.
  public static var spyPlaceholder: DateComponents { DateComponents() }
}

extension URLComponents: SpyPlaceholder {
  /// Components with nothing set.
  public static var spyPlaceholder: URLComponents { URLComponents() }
}

@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
extension AttributedString: SpyPlaceholder {
  /// The empty attributed string.
  public static var spyPlaceholder: AttributedString { AttributedString() }
}

extension TimeZone: SpyPlaceholder {
  /// GMT.
  public static var spyPlaceholder: TimeZone { TimeZone(secondsFromGMT: 0)! }
}

extension Locale: SpyPlaceholder {
  /// `en_US_POSIX`, the locale that formats the same everywhere.
  public static var spyPlaceholder: Locale { Locale(identifier: "en_US_POSIX") }
}

extension Calendar: SpyPlaceholder {
  /// The Gregorian calendar in GMT.
  public static var spyPlaceholder: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    return calendar
  }
}
