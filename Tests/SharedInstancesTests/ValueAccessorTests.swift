import Foundation
import SharedInstances
import TestSupport
import Testing
import _SharedInstancesShims

/// What a call made through `value` holds: no hazard word during the call (the compiler copies
/// the instance out of the read first), none after a call that throws, and none across an
/// `await`, even when the task resumes on another thread.
@Suite(TimeLimits.waiting) struct ValueAccessorTests {
  @Test func aCallThroughValueHoldsNoHazardWordDuringTheCall() {
    // Swift 6.3.1 copies the base of a method call out of a read access and ends the access
    // before the call: the call runs on a strong reference, and no protection of the box spans
    // user code.
    let box = Resettable { Probe() }
    let record = HazardRecord.current
    _ = box.value  // created
    #expect(record.isIdle)
    #expect(box.value.observe { record.isIdle })
    #expect(record.isIdle)
  }

  @Test func aCallThatThrowsEndsTheBorrow() {
    let box = Resettable { Probe() }
    weak var first: Probe?
    first = box.value
    let record = HazardRecord.current
    for _ in 0..<20 {  // more than the thread's borrow words
      #expect(throws: Probe.Refused.self) { try box.value.refuse() }
    }
    #expect(record.isIdle)
    box.reset()
    #expect(first == nil, "no borrow left behind keeps the replaced instance alive")
  }

  @Test func aStoredReadIsAStrongReferenceThatOutlivesAReset() {
    let box = Resettable { Probe() }
    weak var weakly: Probe?
    var kept: Probe? = box.value
    weakly = kept
    box.reset()
    #expect(weakly != nil)
    #expect(kept !== box.value)
    kept = nil
    #expect(weakly == nil)
  }

  @Test func aCallThroughValueKeepsAnInstanceItsCallReplaces() {
    let box = Resettable { Probe() }
    weak var replaced: Probe?
    replaced = box.value
    let aliveInside = box.value.observe {
      box.override(with: Probe())
      return replaced != nil
    }
    #expect(aliveInside)
    #expect(replaced == nil, "released when the call ended")
  }

  @Test func readsThroughValueNestBeyondTheThreadsBorrowWords() {
    let box = Resettable { Probe() }
    func nest(_ depth: Int) -> Int {
      guard depth < 20 else { return 0 }
      return box.value.observe { 1 + nest(depth + 1) }
    }
    #expect(nest(0) == 20)
    #expect(HazardRecord.current.isIdle)
  }

  @Test func anAwaitedCallThroughValueHoldsNoBorrowAcrossItsSuspension() async {
    let box = Resettable { Probe() }
    let home = PinnedActor()
    let away = PinnedActor()
    let outcome = await home.awaitThroughValue(box, visiting: away)
    #expect(outcome.ranOnAnotherThread, "the awaited call did not leave the home thread")
    #expect(outcome.homeIdleWhileAway, "a borrow word of the home thread was held across an await")
    #expect(outcome.homeIdleAfter)
    #expect(outcome.idleDuringCallAfter)
  }

  @Test func awaitsThroughValueWhileAnotherThreadResetsReleaseEveryInstance() async {
    let made = Counter()
    let freed = Counter()
    let box = Resettable { Probe(made: made, freed: freed) }
    let stop = Latch()
    let changes = Counter()
    let changer = Thread {
      var round = 0
      while !stop.isOpen {
        round += 1
        if round % 2 == 0 {
          box.reset()
        } else {
          box.override(with: Probe(made: made, freed: freed))
        }
        changes.increment()
        usleep(50)
      }
    }
    changer.start()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          // At least 200 rounds each, and on until the changer has made 100 changes.
          var round = 0
          while round < 200 || (changes.value < 100 && round < 1_000_000) {
            await box.value.hop()
            _ = box.value.observe { true }
            await takeAndHop(box.value)
            round += 1
          }
        }
      }
    }
    stop.open()
    while !changer.isFinished { usleep(100) }
    box.reset()
    #expect(changes.value >= 100)
    #expect(made.value == freed.value, "every instance made was released")
  }
}

// MARK: - Fixtures

private final class Probe: Sendable {
  struct Refused: Error {}
  let made: Counter?
  let freed: Counter?

  init(made: Counter? = nil, freed: Counter? = nil) {
    self.made = made
    self.freed = freed
    made?.increment()
  }

  deinit { freed?.increment() }

  func observe<Result>(_ body: () -> Result) -> Result { body() }

  func refuse() throws(Refused) { throw Refused() }

  /// Suspends and comes back, possibly on another thread of the pool.
  func hop() async { await Task.yield() }

  /// Runs on `other`'s thread, and returns what `check` found there.
  func visit(_ other: PinnedActor, _ check: @escaping @Sendable () -> Bool) async -> Bool {
    await other.run(check)
  }
}

private func takeAndHop(_ probe: Probe) async {
  await Task.yield()
  _ = probe.observe { true }
}

/// The hazard record of a thread, read from any thread with the atomic loads the library uses.
private struct HazardRecord: @unchecked Sendable {
  // @unchecked: the record lives until its thread exits and is only read through atomic loads.
  let record: UnsafeMutablePointer<si_hazard_record>

  static var current: HazardRecord { HazardRecord(record: si_hazard_current()) }

  /// Whether the thread holds no hazard word: its transient word is free and its first borrow
  /// word is the first free one (a thread's borrows claim words first to last and end last to
  /// first).
  var isIdle: Bool {
    let firstBorrowWord = UnsafeMutableRawPointer(record)
      .advanced(by: MemoryLayout<si_hazard_record>.offset(of: \.borrows)!)
    return si_hazard_transient_is_free(record)
      && UnsafeMutableRawPointer(si_hazard_free_borrow_word(record)) == firstBorrowWord
  }
}

private struct Outcome: Sendable {
  var ranOnAnotherThread = false
  var homeIdleWhileAway = false
  var homeIdleAfter = false
  var idleDuringCallAfter = false
}

/// An actor whose jobs all run on one thread of its own, which runs nothing else.
private actor PinnedActor {
  private let executor = ThreadExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  func run(_ body: @Sendable () -> Bool) -> Bool { body() }

  func awaitThroughValue(_ box: Resettable<Probe>, visiting away: PinnedActor) async -> Outcome {
    var outcome = Outcome()
    let home = HazardRecord.current
    let homeThread = ObjectIdentifier(executor.thread)
    // The call suspends inside, and runs part of itself on `away`'s thread.
    outcome.ranOnAnotherThread = await box.value.visit(away) {
      ObjectIdentifier(Thread.current) != homeThread
    }
    outcome.homeIdleWhileAway = await box.value.visit(away) { home.isIdle }
    // An argument read through `value` for an async function.
    outcome.homeIdleWhileAway =
      await visitWith(box.value, away) { home.isIdle } && outcome.homeIdleWhileAway
    outcome.homeIdleAfter = home.isIdle
    outcome.idleDuringCallAfter = box.value.observe { home.isIdle }
    return outcome
  }

  private func visitWith(
    _ probe: Probe,
    _ away: PinnedActor,
    _ check: @escaping @Sendable () -> Bool
  ) async -> Bool {
    await away.run(check)
  }
}

/// A serial executor with a thread of its own.
private final class ThreadExecutor: SerialExecutor, @unchecked Sendable {
  // @unchecked: `jobs` is only touched while `condition` is locked; `thread` is set once, before
  // any job is enqueued.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private(set) var thread: Thread!

  init() {
    // The thread runs for the rest of the process: a test makes two of these.
    let thread = Thread { self.runJobs() }
    self.thread = thread
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func runJobs() {
    while true {
      condition.lock()
      // Unbounded by design: the executor's thread waits for its next job for the rest of the
      // process; no test waits on it, and the tests that enqueue jobs bound their own waits.
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedSerialExecutor())
    }
  }
}
