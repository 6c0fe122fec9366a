import OnceTokenRace
import Testing

/// The checker on hand-written records: it flags each kind of violation, and nothing in the
/// histories a correct implementation produces. Operations: 1 reset, 2 install mock 2, 3 reset,
/// 4 install mock 4.
@Suite struct ViolationCheckerTests {
  @Test func aLinearizableHistoryHasNoViolation() {
    let records = [
      ReadRecord(completedBefore: 1, startedAfter: 1, observed: .real(serial: 1), count: 10),
      // Overlapping the install: either the real instance or the mock is fine.
      ReadRecord(completedBefore: 1, startedAfter: 2, observed: .real(serial: 1)),
      ReadRecord(completedBefore: 1, startedAfter: 2, observed: .mock(operation: 2)),
      ReadRecord(completedBefore: 2, startedAfter: 2, observed: .mock(operation: 2), count: 5),
      // Overlapping the reset: the mock, or the next cycle's real instance.
      ReadRecord(completedBefore: 2, startedAfter: 3, observed: .mock(operation: 2)),
      ReadRecord(completedBefore: 2, startedAfter: 3, observed: .real(serial: 2)),
      ReadRecord(completedBefore: 3, startedAfter: 3, observed: .real(serial: 2), count: 7),
    ]
    #expect(ViolationChecker.check(records) == Violations())
  }

  @Test func aRealInstanceWhileTheMockIsInstalledIsAViolation() {
    let records = [
      ReadRecord(completedBefore: 2, startedAfter: 2, observed: .real(serial: 1), count: 3)
    ]
    let violations = ViolationChecker.check(records)
    #expect(violations.realWhileMocked == 3)
    #expect(violations.total == 3)
  }

  @Test func noInstanceIsAViolation() {
    let records = [ReadRecord(completedBefore: 3, startedAfter: 3, observed: nil, count: 4)]
    #expect(ViolationChecker.check(records).missingInstance == 4)
  }

  @Test func twoRealInstancesInOneCycleAreAViolation() {
    let records = [
      ReadRecord(completedBefore: 1, startedAfter: 1, observed: .real(serial: 1)),
      // Overlaps the install, but a real instance can only come from cycle 1.
      ReadRecord(completedBefore: 1, startedAfter: 2, observed: .real(serial: 2)),
    ]
    let violations = ViolationChecker.check(records)
    #expect(violations.secondRealInstance == 1)
    #expect(violations.total == 1)
  }

  @Test func anInstanceFromAnEarlierCycleOrMockIsAViolation() {
    let records = [
      ReadRecord(completedBefore: 1, startedAfter: 1, observed: .real(serial: 1)),
      ReadRecord(completedBefore: 3, startedAfter: 3, observed: .real(serial: 1)),
      ReadRecord(completedBefore: 4, startedAfter: 4, observed: .mock(operation: 2), count: 2),
    ]
    #expect(ViolationChecker.check(records).staleInstance == 3)
  }
}
