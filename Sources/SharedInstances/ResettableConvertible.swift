/// A type that stands for a ``Resettable``: a box, or a value that refers to one.
///
/// APIs that take a box — a test trait's exemptions, a test target's defaults, an XCTest
/// override — take any `ResettableConvertible` and work on its ``resettable``, so that a
/// `Resettable` and a value that refers to one (the system's clock boxes, `ClockBox`) can be
/// passed alike, even side by side in one call:
///
/// ```swift
/// @Suite(.isolatedShared(.strict).exempting(SystemBoxes.continuousClock, Logging.shared))
/// struct CheckoutTests { … }
/// ```
///
/// A function of your own that takes a box can do the same:
///
/// ```swift
/// func expectOverridden<each Box: ResettableConvertible>(_ boxes: repeat each Box) {
///   for box in repeat each boxes {
///     #expect(box.resettable.isOverridden, "\(box.resettable) was not overridden")
///   }
/// }
/// ```
///
/// Every `Resettable` conforms, returning itself. You rarely conform a type of your own: do so
/// only for a value that refers to a box it does not declare, as a clock box does, and return
/// the same box every time.
public protocol ResettableConvertible<Shared> {
  /// The type of the instance the box holds.
  associatedtype Shared

  /// The box this value stands for.
  ///
  /// ```swift
  /// let box: Resettable<AnyClock<Duration>> = SystemBoxes.continuousClock.resettable
  /// ```
  var resettable: Resettable<Shared> { get }
}

extension Resettable: ResettableConvertible {
  /// The box itself.
  ///
  /// ```swift
  /// #expect(ArticleManager.shared.resettable === ArticleManager.shared)
  /// ```
  @_alwaysEmitIntoClient
  public var resettable: Resettable<Shared> { self }
}
