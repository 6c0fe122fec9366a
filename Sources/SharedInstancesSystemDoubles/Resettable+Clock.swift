import SharedInstances
import SharedInstancesSystem

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ResettableConvertible {
  /// Replaces a clock box's clock with `clock`, wrapped in an `AnyClock`, until the next
  /// override or reset: for `SystemBoxes`' clocks and any `Resettable` of an `AnyClock`.
  ///
  /// ```swift
  /// @Test(.isolatedShared) func retriesAfterASecond() async {
  ///   let clock = TestClock()
  ///   SystemBoxes.continuousClock.override(with: clock)
  ///   // …
  /// }
  /// ```
  ///
  /// The same as `override(with: AnyClock(clock))`.
  ///
  /// - Parameters:
  ///   - clock: The clock every read of the box wraps from now on.
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  public func override<Replacement: Clock>(
    with clock: Replacement,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Shared == AnyClock<Replacement.Duration> {
    resettable.override(
      with: AnyClock(clock),
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}
