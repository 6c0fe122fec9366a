import SharedInstances

/// A random number generator of any kind, safe to share between threads: the value of
/// ``SystemBoxes/random``.
///
/// Production code draws numbers through it where it would use the system's generator:
///
/// ```swift
/// let die = SystemBoxes.random.withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
///
/// var generator = SystemBoxes.random.value
/// let coin = Bool.random(using: &generator)
/// ```
///
/// A generator wrapped with ``init(_:)`` keeps its state behind a lock, so copies of one
/// `AnyRandomNumberGenerator` draw from one sequence, from any thread. A test overrides the box
/// with a seeded generator (`.seeded(_:)` in `SharedInstancesTesting`) to get the same numbers on
/// every run.
public struct AnyRandomNumberGenerator: RandomNumberGenerator, Sendable {
  /// Nil for the system's generator: drawn inline, with no closure to call or retain.
  @usableFromInline let draw: (@Sendable () -> UInt64)?

  /// Creates a generator that answers with what `next` returns.
  ///
  /// ```swift
  /// let zeros = AnyRandomNumberGenerator { 0 }
  /// ```
  ///
  /// - Parameter next: Returns 64 random bits. It may be called from any thread.
  public init(next: @escaping @Sendable () -> UInt64) {
    draw = next
  }

  /// Wraps `generator`, keeping its state behind a lock.
  ///
  /// ```swift
  /// SystemBoxes.random.set(AnyRandomNumberGenerator(SystemRandomNumberGenerator()))
  /// ```
  ///
  /// - Parameter generator: The generator to draw from; the wrapper draws from its own copy.
  public init<Wrapped: RandomNumberGenerator & Sendable>(_ generator: Wrapped) {
    if Wrapped.self == SystemRandomNumberGenerator.self {
      self = .system  // stateless: no lock needed
      return
    }
    let state = Protected(generator)
    draw = { state.withLock { $0.next() } }
  }

  /// The system's generator, `SystemRandomNumberGenerator`: the live value of
  /// ``SystemBoxes/random``.
  ///
  /// ```swift
  /// SystemBoxes.random.set(.system)
  /// ```
  public static var system: AnyRandomNumberGenerator { AnyRandomNumberGenerator(draw: nil) }

  init(draw: (@Sendable () -> UInt64)?) { self.draw = draw }

  /// Returns 64 random bits.
  ///
  /// ```swift
  /// var generator = SystemBoxes.random.value
  /// let bits = generator.next()
  /// ```
  ///
  /// - Returns: The next value of the wrapped generator.
  @inlinable public mutating func next() -> UInt64 {
    if let draw { return draw() }
    var system = SystemRandomNumberGenerator()
    return system.next()
  }
}

extension Resettable where Shared == AnyRandomNumberGenerator {
  /// Calls `body` with the box's generator, to draw random values from it.
  ///
  /// ```swift
  /// let delay = SystemBoxes.random.withRandomNumberGenerator { generator in
  ///   Double.random(in: 0.5...1.5, using: &generator)
  /// }
  /// ```
  ///
  /// Draws made in `body` advance the box's generator: the next call continues its sequence.
  ///
  /// - Parameter body: The code that draws values, with `inout` access to the generator.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable
  public func withRandomNumberGenerator<Result, Failure: Error>(
    _ body: (inout AnyRandomNumberGenerator) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withValue { (shared: AnyRandomNumberGenerator) throws(Failure) -> Result in
      var generator = shared
      return try body(&generator)
    }
  }
}
