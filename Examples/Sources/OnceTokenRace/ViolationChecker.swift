/// Judges what readers saw during a ``RaceWorkload``, the same way for every contender.
///
/// A read that began after operation `c` completed and ended before operation `s + 1` started
/// must return the state that one of operations `c…s` left:
///
/// - after an install (even `n`), the mock `n`;
/// - after a reset (odd `n`), the real instance of that reset's cycle: one instance, created
///   after the reset, for every read that can only have happened in that cycle.
///
/// A cycle is a reset and the install that follows it. Reads that overlap operations are judged
/// against every state they could have seen, so a correct implementation never shows a
/// violation, however the threads interleave.
public enum ViolationChecker {
  /// Counts the violations in `run`.
  ///
  /// - Parameter run: What a workload recorded.
  /// - Returns: The violations, by kind.
  public static func check(_ run: RaceRun) -> Violations {
    check(run.records)
  }

  /// Counts the violations in a list of records.
  ///
  /// - Parameter records: What readers saw.
  /// - Returns: The violations, by kind.
  public static func check(_ records: [ReadRecord]) -> Violations {
    var violations = Violations()
    var realsByCycle: [Int: Set<Int>] = [:]
    var cyclesByReal: [Int: Set<Int>] = [:]

    for record in records {
      let earliest = record.completedBefore
      let latest = record.startedAfter
      switch record.observed {
      case nil:
        violations.missingInstance += record.count
      case .mock(let operation):
        if !(earliest...latest).contains(operation) {
          violations.staleInstance += record.count
        }
      case .real(let serial):
        let resetIsPossible = (earliest...latest).contains(where: RaceWorkload.isReset)
        guard resetIsPossible else {
          violations.realWhileMocked += record.count
          continue
        }
        // The cycle this read can only belong to, if its window stays inside one cycle.
        let cycle = RaceWorkload.isReset(earliest) ? earliest : earliest - 1
        if latest <= cycle + 1 {
          realsByCycle[cycle, default: []].insert(serial)
          cyclesByReal[serial, default: []].insert(cycle)
        }
      }
    }
    violations.secondRealInstance = realsByCycle.values.reduce(0) { $0 + $1.count - 1 }
    violations.staleInstance += cyclesByReal.values.reduce(0) { $0 + $1.count - 1 }
    return violations
  }
}

/// The ways a shared instance can be wrong under a ``RaceWorkload``.
public struct Violations: Hashable, Sendable {
  /// Reads that returned a real instance while a mock was installed: the test's mock was lost.
  public var realWhileMocked = 0
  /// Reads that returned no instance at all.
  public var missingInstance = 0
  /// Real instances beyond the first handed out in one cycle: two threads each believe they
  /// hold "the" shared instance.
  public var secondRealInstance = 0
  /// Instances from an earlier cycle or mock handed out again after a reset or an install.
  public var staleInstance = 0

  /// Creates an empty count.
  public init() {}

  /// All violations.
  public var total: Int {
    realWhileMocked + missingInstance + secondRealInstance + staleInstance
  }
}
