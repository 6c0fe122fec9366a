import SharedInstances

/// A box that holds one of the system's clocks: the type of ``SystemBoxes/continuousClock`` and
/// ``SystemBoxes/suspendingClock``.
///
/// A clock box reads and changes like any `Resettable`: ``value`` is the clock (the system's
/// unless a test overrides it), ``withValue(_:)`` borrows it, and
/// ``override(with:fileID:filePath:line:column:)``, ``reset(fileID:filePath:line:column:)``
/// and the other changes work as a `Resettable`'s do, isolated per test.
///
/// ```swift
/// func elapsed(since start: ContinuousClock.Instant) -> Duration {
///   SystemBoxes.continuousClock.value.now - start
/// }
///
/// @Test(.isolatedShared) func retriesAfterASecond() async {
///   let clock = TestClock()
///   SystemBoxes.continuousClock.override(with: clock)
///   // …
/// }
/// ```
///
/// It is not a `Resettable` itself, so that a read costs what the clock's own `now` costs: a
/// clock's `now` takes a few nanoseconds, and a `Resettable` kept in another module's `static
/// let` is retained and released around every read made through it (the compiler cannot see
/// that the module's global is never written), which was half the cost of `now` again. A clock
/// box is a plain value that refers to its `Resettable` without owning it (the system's clocks
/// live as long as the process), so reading it retains nothing.
///
/// It is a `ResettableConvertible`, so every API that takes a box takes a clock box, beside other
/// boxes too (`.exempting(SystemBoxes.continuousClock, Logging.shared)`). Where code needs the
/// `Resettable` itself, read ``resettable``:
///
/// ```swift
/// let box: Resettable<AnyClock<Duration>> = SystemBoxes.continuousClock.resettable
/// ```
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@frozen
public struct ClockBox<Duration: DurationProtocol & Hashable>: ResettableConvertible, Sendable {
  // Not retained: the box is one of `SystemBoxes`' own, which keeps it for the whole process.
  @usableFromInline let _box: Unmanaged<Resettable<AnyClock<Duration>>>

  init(_ box: Resettable<AnyClock<Duration>>) {
    _box = .passUnretained(box)
  }

  /// The box that holds the clock.
  ///
  /// ```swift
  /// let box: Resettable<AnyClock<Duration>> = SystemBoxes.continuousClock.resettable
  /// box.override(with: AnyClock(TestClock()))
  /// ```
  @inlinable
  public var resettable: Resettable<AnyClock<Duration>> { _box.takeUnretainedValue() }

  /// The clock: the system's unless a test overrides it.
  ///
  /// Reads exactly like a `Resettable`'s `value`, at the cost of the clock's own read.
  ///
  /// ```swift
  /// let start = SystemBoxes.continuousClock.value.now
  /// ```
  @inlinable
  public var value: AnyClock<Duration> {
    _box._withUnsafeGuaranteedRef { $0.value }
  }

  /// Calls `body` with the clock borrowed, as a `Resettable`'s `withValue(_:)` does.
  ///
  /// ```swift
  /// let now = SystemBoxes.continuousClock.withValue { $0.now }
  /// ```
  ///
  /// - Parameter body: The code that uses the clock.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable
  public func withValue<Result, Failure: Error>(
    _ body: (AnyClock<Duration>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let result = _box._withUnsafeGuaranteedRef { box in
      Swift.Result { () throws(Failure) -> Result in try box.withValue(body) }
    }
    return try result.get()
  }

  /// The clock the box holds now, or nil where the box holds none yet.
  ///
  /// ```swift
  /// #expect(SystemBoxes.continuousClock.currentValue != nil)
  /// ```
  public var currentValue: AnyClock<Duration>? { resettable.currentValue }

  /// Whether a test overrides the clock.
  ///
  /// ```swift
  /// #expect(SystemBoxes.continuousClock.isOverridden)
  /// ```
  public var isOverridden: Bool { resettable.isOverridden }

  /// The box's name in failure messages and records: `"SystemBoxes.continuousClock"`.
  ///
  /// ```swift
  /// #expect(SystemBoxes.continuousClock.name == "SystemBoxes.continuousClock")
  /// ```
  public var name: String? { resettable.name }

  /// Whether isolated tests get a declared test double for the clock.
  ///
  /// ```swift
  /// #expect(!SystemBoxes.continuousClock.hasTestDefault)
  /// ```
  public var hasTestDefault: Bool { resettable.hasTestDefault }

  /// Whether isolated tests must override the clock.
  ///
  /// ```swift
  /// #expect(SystemBoxes.continuousClock.overrideInTests == .optional)
  /// ```
  public var overrideInTests: OverrideInTests { resettable.overrideInTests }

  /// Returns the clock, or throws where the box holds none.
  ///
  /// ```swift
  /// let clock = try SystemBoxes.continuousClock.require()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The caller's location, for the error. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  /// - Returns: The clock.
  /// - Throws: `EmptySharedInstanceError` where the box holds no clock.
  public func require(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws(EmptySharedInstanceError) -> AnyClock<Duration> {
    try resettable.require(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Replaces the clock with `replacement` until the next override or reset; in an isolated
  /// test, for that test only.
  ///
  /// ```swift
  /// SystemBoxes.continuousClock.override(with: AnyClock(ContinuousClock()))
  /// ```
  ///
  /// - Parameters:
  ///   - replacement: The clock reads return from now on.
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  public func override(
    with replacement: AnyClock<Duration>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    resettable.override(
      with: replacement,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Sets the clock outside tests, as a `Resettable`'s `set(_:)` does.
  ///
  /// ```swift
  /// SystemBoxes.continuousClock.set(AnyClock(ContinuousClock()))
  /// ```
  ///
  /// - Parameters:
  ///   - instance: The clock reads return from now on.
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  public func set(
    _ instance: AnyClock<Duration>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    resettable.set(instance, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sets the clock where the box holds none yet, as a `Resettable`'s `setIfEmpty(_:)` does.
  ///
  /// ```swift
  /// SystemBoxes.continuousClock.setIfEmpty(AnyClock(ContinuousClock()))
  /// ```
  ///
  /// - Parameters:
  ///   - instance: The clock to set.
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  /// - Returns: Whether `instance` was set.
  @discardableResult
  public func setIfEmpty(
    _ instance: AnyClock<Duration>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    resettable.setIfEmpty(instance, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Replaces the clock with what `transform` makes of the current one, as a `Resettable`'s
  /// `update(_:)` does.
  ///
  /// ```swift
  /// SystemBoxes.continuousClock.update { _ in AnyClock(ContinuousClock()) }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  ///   - transform: Makes the new clock from the current one (nil where there is none).
  /// - Returns: The new clock.
  /// - Throws: What `transform` throws.
  @discardableResult
  public func update<Failure: Error>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ transform: (_ current: AnyClock<Duration>?) throws(Failure) -> AnyClock<Duration>
  ) throws(Failure) -> AnyClock<Duration> {
    try resettable.update(
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column,
      transform
    )
  }

  /// Puts the system's clock back; in an isolated test, drops the test's override.
  ///
  /// ```swift
  /// SystemBoxes.continuousClock.reset()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  public func reset(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    resettable.reset(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Runs `operation` with `replacement` in place of the clock, then restores the previous
  /// state, also when `operation` throws.
  ///
  /// ```swift
  /// SystemBoxes.continuousClock.withOverride(AnyClock(ContinuousClock())) {
  ///   // …
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - replacement: The clock reads return while `operation` runs.
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  ///   - operation: The code to run with the override in place.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  @inlinable
  public func withOverride<Result, Failure: Error>(
    _ replacement: AnyClock<Duration>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    operation: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try resettable.withOverride(
      replacement,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column,
      operation: operation
    )
  }

  /// Runs the asynchronous `operation` with `replacement` in place of the clock, then restores
  /// the previous state, also when `operation` throws.
  ///
  /// ```swift
  /// await SystemBoxes.continuousClock.withOverride(AnyClock(ContinuousClock())) {
  ///   await refresh()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - replacement: The clock reads return while `operation` runs.
  ///   - isolation: The actor `operation` runs on. Leave the default.
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  ///   - operation: The code to run with the override in place.
  /// - Returns: What `operation` returns.
  /// - Throws: What `operation` throws.
  @inlinable
  public func withOverride<Result, Failure: Error>(
    _ replacement: AnyClock<Duration>,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    operation: () async throws(Failure) -> sending Result
  ) async throws(Failure) -> sending Result {
    try await resettable.withOverride(
      replacement,
      isolation: isolation,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column,
      operation: operation
    )
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ClockBox: CustomStringConvertible {
  /// The box's description, its name and the type of what it holds, as its `Resettable`'s.
  ///
  /// ```swift
  /// print(SystemBoxes.continuousClock)
  /// // SystemBoxes.continuousClock (Resettable<AnyClock<Duration>>, declared at …)
  /// ```
  public var description: String { resettable.description }
}
