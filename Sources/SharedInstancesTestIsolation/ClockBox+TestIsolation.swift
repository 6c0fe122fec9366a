import SharedInstances
import SharedInstancesSystem
import Testing

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension SharedTestDefault {
  /// Declares that isolated tests which do not override the clock box `box` get the clock
  /// `make` creates.
  ///
  /// ```swift
  /// SharedTestDefault(SystemBoxes.continuousClock) { AnyClock(UnimplementedClock()) }
  /// ```
  ///
  /// - Parameters:
  ///   - box: The clock box.
  ///   - fileID: Where the entry is declared: its module is the test target it is for. Leave
  ///     the default.
  ///   - make: Creates the test's clock, once per test, on that test's first read of the box.
  public init<Duration>(
    _ box: ClockBox<Duration>,
    fileID: StaticString = #fileID,
    _ make: @escaping @Sendable () -> AnyClock<Duration>
  ) {
    self.init(box.resettable, fileID: fileID, make)
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension IsolatedSharedTrait {
  /// Lets the tests under this trait read the system's clocks for real, even when strict mode
  /// is on.
  ///
  /// ```swift
  /// @Suite(.isolatedShared(.strict).exempting(SystemBoxes.continuousClock))
  /// struct TimeoutTests { … }
  /// ```
  ///
  /// To exempt clocks and other boxes in one call, pass the clocks' `resettable`:
  /// `.exempting(SystemBoxes.continuousClock.resettable, Logging.shared)`.
  ///
  /// - Parameter clocks: The clock boxes tests may read for real.
  /// - Returns: The trait, with the clock boxes added to those already exempt.
  public func exempting<each Duration>(_ clocks: repeat ClockBox<each Duration>) -> Self {
    var trait = self
    for clock in repeat each clocks {
      trait = trait.exempting(clock.resettable)
    }
    return trait
  }
}
