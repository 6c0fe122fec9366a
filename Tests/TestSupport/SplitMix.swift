/// A small seeded random number generator (SplitMix64), so that stress tests and the torture mix
/// their operations alike on every run and every platform for a given seed.
public struct SplitMix: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
