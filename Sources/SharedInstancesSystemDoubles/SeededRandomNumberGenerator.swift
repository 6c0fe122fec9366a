import SharedInstances
import SharedInstancesSystem

/// A random number generator that draws the same sequence for the same seed, on every platform
/// and in every release: xoshiro256**, seeded with SplitMix64.
///
/// Override `SystemBoxes.random` with it (through
/// `AnyRandomNumberGenerator.seeded(_:)`) so that code drawing random numbers
/// gives the same answers on every run of a test:
///
/// ```swift
/// @Test(.isolatedShared) func shufflesTheDeckTheSameWayEveryTime() {
///   SystemBoxes.random.override(with: .seeded(42))
///   #expect(Deck().shuffled().first == Deck().shuffled().first)   // within the same sequence
/// }
/// ```
///
/// ## Algorithm
///
/// The state is four 64-bit words, the first four outputs of SplitMix64 (Steele, Lea and Flood,
/// 2014) started at `seed`: each SplitMix64 step adds `0x9E3779B97F4A7C15` to its state `z`,
/// then `z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9`, `z = (z ^ (z >> 27)) &* 0x94D049BB133111EB`
/// and returns `z ^ (z >> 31)`. ``next()`` is xoshiro256** 1.0 (Blackman and Vigna, 2018): the
/// result is `rotl(s[1] &* 5, 7) &* 9`; then `t = s[1] << 17`, `s[2] ^= s[0]`, `s[3] ^= s[1]`,
/// `s[1] ^= s[2]`, `s[0] ^= s[3]`, `s[2] ^= t`, `s[3] = rotl(s[3], 45)`. All arithmetic wraps
/// modulo 2⁶⁴, so the sequence depends only on the seed.
///
/// The standard library's `random(in:using:)` methods turn these bits into numbers; how they do
/// it is theirs to change between Swift releases. To pin a value across toolchains, compare
/// ``next()`` directly.
///
/// > Important: Not for cryptography: the sequence can be predicted from a few outputs.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable, Hashable {
  private var generator: Xoshiro256StarStar

  /// Creates the generator for `seed`.
  ///
  /// ```swift
  /// var generator = SeededRandomNumberGenerator(seed: 42)
  /// let roll = Int.random(in: 1...6, using: &generator)
  /// ```
  ///
  /// - Parameter seed: Any number; each seed gives its own sequence.
  public init(seed: UInt64) {
    generator = Xoshiro256StarStar(seed: seed)
  }

  /// Returns the next 64 bits of the sequence.
  ///
  /// ```swift
  /// var generator = SeededRandomNumberGenerator(seed: 0)
  /// #expect(generator.next() == 0x99EC_5F36_CB75_F2B4)
  /// ```
  ///
  /// - Returns: The next value.
  public mutating func next() -> UInt64 {
    generator.next()
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.generator == rhs.generator
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(generator)
  }
}

extension AnyRandomNumberGenerator {
  /// A generator that draws the sequence of ``SeededRandomNumberGenerator`` for `seed`, safe to
  /// share between threads.
  ///
  /// ```swift
  /// SystemBoxes.random.override(with: .seeded(42))
  /// let roll = SystemBoxes.random.withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
  /// ```
  ///
  /// - Parameter seed: Any number; each seed gives its own sequence.
  /// - Returns: The generator.
  public static func seeded(_ seed: UInt64) -> AnyRandomNumberGenerator {
    AnyRandomNumberGenerator(SeededRandomNumberGenerator(seed: seed))
  }

  /// A generator that fails the test on its first draw, then draws the sequence of seed 0 (so
  /// that code drawing in a loop ends).
  ///
  /// ```swift
  /// SharedTestDefault(SystemBoxes.random) { .unimplemented() }
  /// ```
  ///
  /// Only the first draw of each generator fails the test: one `Int.random(in:)` may draw
  /// several times.
  ///
  /// - Parameters:
  ///   - fileID: Where the generator is created, for failures. Leave the default.
  ///   - filePath: Where the generator is created, for failures. Leave the default.
  ///   - line: Where the generator is created, for failures. Leave the default.
  ///   - column: Where the generator is created, for failures. Leave the default.
  /// - Returns: The generator.
  public static func unimplemented(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> AnyRandomNumberGenerator {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let state = Protected((reported: false, generator: SeededRandomNumberGenerator(seed: 0)))
    return AnyRandomNumberGenerator {
      let (value, first) = state.withLock { state in
        defer { state.reported = true }
        return (state.generator.next(), !state.reported)
      }
      if first { Unimplemented.fail("AnyRandomNumberGenerator.unimplemented", at: location) }
      return value
    }
  }
}
