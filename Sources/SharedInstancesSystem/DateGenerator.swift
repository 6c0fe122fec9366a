import SharedInstances

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A source of the current date: the value of ``SystemBoxes/date``.
///
/// Production code asks it for ``now`` (or calls it) where it would write `Date()`; a test
/// overrides the box with a generator of its own, such as a constant date.
///
/// ```swift
/// let placedAt = SystemBoxes.date.value.now
/// let alsoNow = SystemBoxes.date.value()
///
/// // In a test (an `.isolatedShared` one):
/// SystemBoxes.date.override(with: DateGenerator { Date(timeIntervalSince1970: 1_700_000_000) })
/// ```
///
/// `SharedInstancesTesting` adds `.constant(_:)`, `.incrementing(from:by:)` and
/// `.unimplemented()`.
public struct DateGenerator: Sendable {
  /// Nil for the system's date: read inline, with no closure to call or retain.
  @usableFromInline let generate: (@Sendable () -> Date)?

  /// Creates a generator that answers with what `generate` returns.
  ///
  /// ```swift
  /// let fixed = DateGenerator { Date(timeIntervalSinceReferenceDate: 0) }
  /// ```
  ///
  /// - Parameter generate: Returns the date to use as "now". It may be called from any thread.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The system's current date, `Date()`: the live value of ``SystemBoxes/date``.
  ///
  /// ```swift
  /// SystemBoxes.date.set(.system)
  /// ```
  public static var system: DateGenerator { DateGenerator(generate: nil) }

  init(generate: (@Sendable () -> Date)?) { self.generate = generate }

  /// The current date, as this generator tells it.
  ///
  /// ```swift
  /// let placedAt = SystemBoxes.date.value.now
  /// ```
  @inlinable public var now: Date {
    if let generate { return generate() }
    return Date()
  }

  /// Returns the current date, as this generator tells it.
  ///
  /// ```swift
  /// let placedAt = SystemBoxes.date.value()
  /// ```
  ///
  /// - Returns: The date to use as "now".
  @inlinable public func callAsFunction() -> Date { now }
}
