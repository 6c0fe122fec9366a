/// xoshiro256** 1.0 seeded with SplitMix64: the one implementation behind
/// `SeededRandomNumberGenerator` and a launched process's seeded `SystemBoxes.random`, which
/// must draw the same numbers for the same seed. It lives here because both the test-support
/// module and the launched program's module (which cannot link test support) see this one.
package struct Xoshiro256StarStar: Sendable, Hashable {
  private var s0: UInt64
  private var s1: UInt64
  private var s2: UInt64
  private var s3: UInt64

  /// The generator whose state is SplitMix64's first four outputs from `seed`.
  package init(seed: UInt64) {
    var splitMix = seed
    func nextSplitMix() -> UInt64 {
      splitMix &+= 0x9E37_79B9_7F4A_7C15
      var z = splitMix
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    s0 = nextSplitMix()
    s1 = nextSplitMix()
    s2 = nextSplitMix()
    s3 = nextSplitMix()
  }

  /// The next 64 bits of the sequence.
  package mutating func next() -> UInt64 {
    let result = Self.rotateLeft(s1 &* 5, by: 7) &* 9
    let shifted = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= shifted
    s3 = Self.rotateLeft(s3, by: 45)
    return result
  }

  private static func rotateLeft(_ value: UInt64, by count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }
}
