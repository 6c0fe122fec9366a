import SharedInstances

/// The `Resettable` boxes the benchmarks read, declared as users declare them.
enum Boxes {
  /// Read in production, created on first read.
  static let created = Resettable { Service() }
  /// Another box read in production, so two threads can read two boxes (row 7).
  static let createdToo = Resettable { Service() }
  /// Overridden in production (as a test without isolation would), then read.
  static let overridden = Resettable { Service() }
  /// Read inside an isolated scope.
  static let scoped = Resettable { Service() }
  /// The box each emulated test of row 8 touches.
  static let probe = Resettable { Service() }
  /// The box the isolated emulated suite of row 9 overrides.
  static let isolatedSuite = Resettable { Service() }
  /// The box the emulated suite without isolation overrides (a box of its own, so that its
  /// unisolated overrides never run while isolated tests use the same box).
  static let plainSuite = Resettable { Service() }
}
