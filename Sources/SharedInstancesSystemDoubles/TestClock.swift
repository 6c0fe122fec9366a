// `SharedInstancesSystemDoubles`: depends on the core, `SharedInstancesSystem`, the isolation layer
// and `_SharedInstancesTestReporting`; the trait's module and `SharedInstancesTesting` depend on
// it.

import SharedInstances
import SharedInstancesSystem
import _SharedInstancesTestReporting

/// A clock whose time moves only when the test says: sleeps end when the test advances the
/// clock past their deadline, never on their own.
///
/// Override a clock box with it in an isolated test, start the code under test, wait until that
/// code sleeps, and move time forward: the code wakes at once, without sleeping for real.
///
/// ```swift
/// @Test(.isolatedShared) func retriesAfterOneSecond() async throws {
///   let clock = TestClock()
///   SystemBoxes.continuousClock.override(with: clock)
///   let uploader = Task { try await Uploader().uploadRetrying() }
///
///   await clock.waitForSleepers(count: 1)   // the first attempt failed: it sleeps 1 s
///   await clock.advance(by: .seconds(1))    // wakes it; the second attempt runs
///   try await uploader.value
/// }
/// ```
///
/// ## What the clock guarantees
///
/// - **Only the sleepers whose deadline passed wake**, in deadline order (two sleepers with
///   the same deadline wake in the order they went to sleep). ``advance(by:fileID:filePath:line:column:)``
///   and ``advance(to:fileID:filePath:line:column:)`` set ``now`` to each sleeper's deadline as
///   they wake it, then to the target.
/// - **A woken sleeper runs before the next one wakes**, where the clock can tell: the clock
///   waits until the woken task has resumed, then lets it run until it sleeps on this clock
///   again. A task that finishes, or waits on something else, instead gets 100 turns of the
///   executor and then five times the real time those turns took (a fraction of a millisecond
///   on an idle executor, more when other work keeps it busy), and the clock goes on. So a loop
///   that sleeps 1 s at a time wakes ten times in `advance(by: .seconds(10))`.
/// - **Tests wait for sleepers, not for time.** ``waitForSleepers(count:sleepingFor:timeout:fileID:filePath:line:column:)``
///   suspends until the code under test has reached its sleep: no `Task.yield()` loops, no real
///   sleep. ``sleepersCount`` tells how many sleep now.
/// - **Cancellation ends a sleep**: a cancelled sleeper throws `CancellationError` at once and
///   leaves the clock, as it does on the system's clocks. Timeouts built on task groups work.
/// - **It works with every way to sleep**: `clock.sleep(for:)`, `clock.sleep(until:)`,
///   `Task.sleep(for:clock:)`, `Task.sleep(until:clock:)`, and through `AnyClock`.
///
/// Without an override, code reads the box's real clock: a strict test fails, naming
/// `SystemBoxes.continuousClock`.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock {
  /// An instant of the test clock: the time elapsed since its origin.
  public typealias Instant = AnyClock<Duration>.Instant

  private let state: Protected<TestClockState<Duration>>

  /// How many turns of the executor a woken task gets to sleep again before the clock goes on.
  static var turnsForWokenTask: Int { 100 }
  /// The real time a woken task gets to sleep again, after those turns, is this many times what
  /// the clock's own turns took: on an idle executor a fraction of a millisecond, on a busy one
  /// (a task that hops to a busy main actor, a loaded machine) more, since its turns wait behind
  /// the same work. No fixed minimum: a task that finishes costs a wake no fixed real time.
  static var graceForWokenTaskPerTurnTime: Int { 5 }
  /// The longest real sleep between two checks of a woken task during its grace.
  static var graceStep: Swift.Duration { .milliseconds(1) }

  /// Creates a test clock that reads `now` until the test moves it.
  ///
  /// ```swift
  /// let clock = TestClock<Duration>(now: .init(offset: .seconds(100)))
  /// ```
  ///
  /// - Parameter now: The clock's first instant.
  public init(now: Instant) {
    state = Protected(TestClockState(now: now))
  }

  /// The clock's current instant: moved only by the test.
  ///
  /// ```swift
  /// let start = clock.now
  /// await clock.advance(by: .seconds(2))
  /// #expect(start.duration(to: clock.now) == .seconds(2))
  /// ```
  public var now: Instant { state.withLock { $0.now } }

  /// Zero: the clock wakes sleepers at exactly their deadline.
  ///
  /// ```swift
  /// #expect(TestClock().minimumResolution == .zero)
  /// ```
  public var minimumResolution: Duration { .zero }

  /// How many tasks sleep on this clock now.
  ///
  /// ```swift
  /// await clock.waitForSleepers(count: 2)
  /// #expect(clock.sleepersCount == 2)
  /// ```
  public var sleepersCount: Int { state.withLock { $0.sleepers.count } }

  /// The earliest deadline among the sleepers, or nil when nothing sleeps.
  ///
  /// ```swift
  /// #expect(clock.nextDeadline == clock.now.advanced(by: .seconds(1)))
  /// ```
  public var nextDeadline: Instant? {
    state.withLock { state in state.earliest(notAfter: nil).map { state.sleepers[$0].deadline } }
  }

  /// Suspends until the test advances the clock to `deadline` or past it.
  ///
  /// A deadline that is not after ``now`` returns at once. Code under test calls it through
  /// the clock box, `Task.sleep(for:clock:)` or `sleep(for:)`:
  ///
  /// ```swift
  /// try await SystemBoxes.continuousClock.value.sleep(for: .seconds(1))
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: the clock wakes sleepers at exactly their deadline.
  /// - Throws: `CancellationError` when the task is cancelled, before or while it sleeps.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let task = withUnsafeCurrentTask { $0?.hashValue }
    let id = state.withLock { $0.reserveSleeperID() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = state.withLock { state in
          state.register(id, deadline: deadline, task: task, continuation: continuation)
        }
        switch outcome {
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .due: continuation.resume()
        case .sleeping(let satisfied):
          for waiter in satisfied { waiter.finish(true) }
        }
      }
    } onCancel: {
      let sleeper = state.withLock { $0.cancel(id) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
    // Woken: tell an advance that waits for this task that it runs again.
    state.withLock { $0.didResume(id) }?.resume()
  }

  /// Moves time forward by `duration`, waking, in deadline order, every sleeper whose deadline
  /// it passes.
  ///
  /// ```swift
  /// await clock.waitForSleepers(count: 1)
  /// await clock.advance(by: .seconds(1))
  /// ```
  ///
  /// Each woken task runs until it sleeps again (or for a bounded number of executor turns if
  /// it does something else) before the next one wakes; a task that sleeps again before the
  /// target wakes again within the same call.
  ///
  /// - Parameters:
  ///   - duration: How far to move; a negative duration fails the test and moves nothing.
  ///   - fileID: Where the test advances, for failures. Leave the default.
  ///   - filePath: Where the test advances, for failures. Leave the default.
  ///   - line: Where the test advances, for failures. Leave the default.
  ///   - column: Where the test advances, for failures. Leave the default.
  public func advance(
    by duration: Duration,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await advance(
      to: now.advanced(by: duration),
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }

  /// Moves time forward to `deadline`, waking, in deadline order, every sleeper whose deadline
  /// is not after it.
  ///
  /// ```swift
  /// let start = clock.now
  /// await clock.advance(to: start.advanced(by: .milliseconds(1500)))
  /// ```
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to; one before ``now`` fails the test and moves
  ///     nothing.
  ///   - fileID: Where the test advances, for failures. Leave the default.
  ///   - filePath: Where the test advances, for failures. Leave the default.
  ///   - line: Where the test advances, for failures. Leave the default.
  ///   - column: Where the test advances, for failures. Leave the default.
  public func advance(
    to deadline: Instant,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let current = now
    guard current <= deadline else {
      TestFailure.fail(
        """
        TestClock.advance moved time backwards, from \(current.offset) to \(deadline.offset): a \
        test clock only moves forward.
        """,
        at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      )
      return
    }
    while await wakeEarliest(notAfter: deadline) {}
    state.withLock { state in state.now = max(state.now, deadline) }
  }

  /// Wakes sleepers in deadline order, moving time to each deadline, until none sleeps.
  ///
  /// ```swift
  /// let retries = Task { try await Uploader().uploadRetrying() }
  /// await clock.waitForSleepers(count: 1)
  /// await clock.run()                // every back-off, however long
  /// try await retries.value
  /// ```
  ///
  /// Code that keeps sleeping forever (a timer) would never let `run` return: after `maxWakes`
  /// wakes it fails the test and returns. Start `run` once the code under test sleeps
  /// (``waitForSleepers(count:sleepingFor:timeout:fileID:filePath:line:column:)``): a task that has not
  /// reached its sleep yet is not waited for.
  ///
  /// After each wake, `run` waits for the woken task to sleep again only as long as it takes to
  /// sleep again at once (a bounded number of executor turns, then a real time proportional to
  /// them). A task that first waits for other work, such as a network stub answered on another
  /// thread, can sleep again after `run` returned, on a busy machine, and its sleep then waits
  /// for an advance that never comes. Step through such sleeps instead:
  ///
  /// ```swift
  /// for backOff in [1, 2, 4] {
  ///   await clock.waitForSleepers(count: 1)
  ///   await clock.advance(by: .seconds(backOff))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - maxWakes: How many sleepers to wake at most. 10,000 by default.
  ///   - fileID: Where the test runs the clock, for failures. Leave the default.
  ///   - filePath: Where the test runs the clock, for failures. Leave the default.
  ///   - line: Where the test runs the clock, for failures. Leave the default.
  ///   - column: Where the test runs the clock, for failures. Leave the default.
  public func run(
    maxWakes: Int = 10_000,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    var wakes = 0
    while sleepersCount > 0 {
      guard wakes < maxWakes else {
        TestFailure.fail(
          """
          TestClock.run() woke sleepers \(maxWakes) times and \(sleepersCount) still sleep(s), \
          the next at \(nextDeadline.map { "\($0.offset)" } ?? "none"): the code under test \
          keeps sleeping. Advance the clock by a duration instead, or raise maxWakes.
          """,
          at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        )
        return
      }
      guard await wakeEarliest(notAfter: nil) else { return }
      wakes += 1
    }
  }

  /// Wakes sleepers in deadline order until `task` ends, waiting after each wake until the
  /// code under test sleeps on this clock again or `task` ends, however long that takes.
  ///
  /// ```swift
  /// @Test(.isolatedShared) func theServiceGivesUpAfterFourAttempts() async throws {
  ///   let clock = TestClock()
  ///   SystemBoxes.continuousClock.override(with: clock)
  ///   let placing = Task { try await OrderService().placeOrder() }
  ///   await clock.run(until: placing)   // every back-off, however long, then the end
  ///   await #expect(throws: PaymentUnavailable.self) { try await placing.value }
  /// }
  /// ```
  ///
  /// Unlike ``run(maxWakes:fileID:filePath:line:column:)``, it needs no
  /// ``waitForSleepers(count:sleepingFor:timeout:fileID:filePath:line:column:)`` first, and it
  /// never guesses from real time whether the woken code will sleep again: after each wake it
  /// waits for the next sleep to register (by any task) or for `task` to end. So a retry loop
  /// whose woken task first waits for other work (a network stub answered on another thread, a
  /// busy main actor) is stepped through exactly, on an idle machine as on a loaded one. Time
  /// moves to each woken sleeper's deadline, and no further.
  ///
  /// Drive one task that sleeps at one place at a time with it (a retry loop, a poller that
  /// stops). Where several tasks sleep at once and `task` waits for one that nothing wakes
  /// (a sleeper woken ends without sleeping again, another still sleeps), no new sleep comes
  /// and `task` does not end: the wait fails after `timeout`. Step through such code with
  /// ``advance(by:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - task: The task to drive to its end. Await its `value` afterwards for its result.
  ///   - maxWakes: How many sleepers to wake at most, for code that sleeps for ever (a timer).
  ///     10,000 by default; past it, the test fails and `run` returns.
  ///   - timeout: How long to wait, in real time, for the next sleep or the end of `task`
  ///     after a wake, before failing the test. 60 seconds by default: only a hang reaches it.
  ///   - fileID: Where the test runs the clock, for failures. Leave the default.
  ///   - filePath: Where the test runs the clock, for failures. Leave the default.
  ///   - line: Where the test runs the clock, for failures. Leave the default.
  ///   - column: Where the test runs the clock, for failures. Leave the default.
  public func run<Success: Sendable, Failure: Error>(
    until task: Task<Success, Failure>,
    maxWakes: Int = 10_000,
    timeout: Swift.Duration = .seconds(60),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let run = state.withLock { state in
      let run = state.reserveID()
      state.startRun(run)
      return run
    }
    defer { state.withLock { $0.forgetRun(run) } }
    // Told when `task` ends; it outlives this call only if this call fails first.
    Task { [state] in
      _ = await task.result
      state.withLock { $0.endRun(run) }?.finish(true)
    }
    var wakes = 0
    // The count of registered sleeps at the last wake (or at the start, with none sleeping):
    // the next step waits for one more, or for the end of `task`.
    var waitingPast: Int?
    while !state.withLock({ $0.hasEnded(run: run) }) {
      if let count = waitingPast {
        let (progressed, cancelled) = await waitForProgress(run, after: count, timeout: timeout)
        if cancelled { return }
        guard progressed else {
          TestFailure.fail(
            """
            TestClock.run(until:) waited \(timeout) for the task to sleep on this clock again or \
            to end, in vain: \(sleepersCount) task(s) sleep on this clock. Does the task wait for \
            something that nothing wakes (another task's sleep)? Step with advance(by:) instead.
            """,
            at: location
          )
          return
        }
        waitingPast = nil
        continue
      }
      let limitReached = wakes >= maxWakes
      let (woken, registered, tooMany) = state.withLock {
        state -> (TestClockState<Duration>.Sleeper?, Int, Bool) in
        if limitReached, !state.sleepers.isEmpty { return (nil, state.registrations, true) }
        return (state.wakeEarliest(notAfter: nil), state.registrations, false)
      }
      guard !tooMany else {
        TestFailure.fail(
          """
          TestClock.run(until:) woke sleepers \(maxWakes) times and the task has not ended: the \
          code under test keeps sleeping. Advance the clock by a duration instead, or raise \
          maxWakes.
          """,
          at: location
        )
        return
      }
      waitingPast = registered
      guard let woken else { continue }
      wakes += 1
      await resumeAndAwaitRun(woken)
      state.withLock { $0.forget(woken.id) }
    }
  }

  /// Waits until a sleep registers past `count` registrations, or the task of run `run` ends
  /// (true), or `timeout` passes (false); and whether the waiting task was cancelled.
  private func waitForProgress(
    _ run: Int,
    after count: Int,
    timeout: Swift.Duration
  ) async -> (progressed: Bool, cancelled: Bool) {
    let waiter = SleeperCountWaiter(count: 0, duration: nil)
    let progressed = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        waiter.start(continuation)
        guard state.withLock({ $0.addProgressWaiter(run: run, after: count, waiter) }) else {
          waiter.finish(true)
          return
        }
        waiter.expire(after: timeout) { [state] in
          state.withLock { $0.removeProgressWaiter(run: run) } != nil
        }
        if Task.isCancelled { cancelProgressWait(run) }
      }
    } onCancel: {
      cancelProgressWait(run)
    }
    return (progressed, waiter.wasCancelled)
  }

  private func cancelProgressWait(_ run: Int) {
    let waiter = state.withLock { $0.removeProgressWaiter(run: run) }
    waiter?.markCancelled()
    waiter?.finish(false)
  }

  /// Suspends until at least `count` tasks sleep on this clock (for `duration`, when given) and
  /// still do once the executor settled: the way a test waits until the code under test has
  /// reached its sleep.
  ///
  /// ```swift
  /// let debounced = Task { try await search.debounced("swift") }
  /// await clock.waitForSleepers(count: 1, sleepingFor: .milliseconds(300))
  /// await clock.advance(by: .milliseconds(300))
  /// ```
  ///
  /// Any task that sleeps on the clock counts, also one the test did not mean, such as the
  /// timeout child of a task group that sleeps before the code reaches its own sleep. Name the
  /// sleep the test means with `duration`: only tasks that asked to sleep that long (a
  /// `sleep(for:)` of `duration`, or a `sleep(until:)` of a deadline `duration` after the
  /// clock's `now` when it was called) count. When `count` sleepers are there, the wait lets the
  /// executor take 100 turns and counts again, so that a sleeper cancelled at once (a timeout
  /// whose operation just finished) is not counted; if too few remain, it waits on.
  ///
  /// The wait suspends the test's task and blocks no thread. It returns at once when enough
  /// tasks already sleep. After `timeout` (real time) it fails the test, saying how many sleep,
  /// and returns false; a cancelled wait returns false without failing.
  ///
  /// - Parameters:
  ///   - count: How many sleepers to wait for. 1 by default.
  ///   - duration: How long the sleepers to count asked to sleep; nil (the default) counts
  ///     every sleeper.
  ///   - timeout: How long to wait, in real time, before failing. 5 seconds by default.
  ///   - fileID: Where the test waits, for failures. Leave the default.
  ///   - filePath: Where the test waits, for failures. Leave the default.
  ///   - line: Where the test waits, for failures. Leave the default.
  ///   - column: Where the test waits, for failures. Leave the default.
  /// - Returns: True when `count` tasks sleep; false after a timeout or a cancellation.
  @discardableResult
  public func waitForSleepers(
    count: Int = 1,
    sleepingFor duration: Duration? = nil,
    timeout: Swift.Duration = .seconds(5),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    let end = ContinuousClock.now.advanced(by: timeout)
    var arrived = false
    var cancelled = false
    while true {
      let remaining = ContinuousClock.now.duration(to: end)
      (arrived, cancelled) = await waitOnce(count: count, duration: duration, timeout: remaining)
      guard arrived else { break }
      // Settle: a sleeper that leaves at once (a cancelled timeout child) does not count.
      for _ in 0..<Self.turnsForWokenTask { await Task.yield() }
      if state.withLock({ $0.sleeperCount(sleepingFor: duration) }) >= count { break }
      if Task.isCancelled {
        (arrived, cancelled) = (false, true)
        break
      }
    }
    if !arrived, !cancelled {
      let sleeping = state.withLock { $0.sleepers.count }
      let what =
        duration.map { duration in
          let matching = state.withLock { $0.sleeperCount(sleepingFor: duration) }
          return """
            \(matching) of the \(sleeping) task(s) that sleep on this clock sleep for \(duration). \
            Does the code under test sleep that long on this clock (through the box the test \
            overrode with it), and has it been started?
            """
        }
          ?? """
          \(sleeping) task(s) sleep on this clock. Does the code under test sleep on this \
          clock (through the box the test overrode with it), and has it been started?
          """
      let call = duration.map { "count: \(count), sleepingFor: \($0)" } ?? "count: \(count)"
      TestFailure.fail(
        "TestClock.waitForSleepers(\(call)) timed out after \(timeout): \(what)",
        at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      )
    }
    return arrived
  }

  /// Waits until `count` tasks sleep (for `duration`, when given), or `timeout`; whether they
  /// came, and whether the wait was cancelled.
  private func waitOnce(
    count: Int,
    duration: Duration?,
    timeout: Swift.Duration
  ) async -> (arrived: Bool, cancelled: Bool) {
    let id = state.withLock { $0.reserveID() }
    let waiter = SleeperCountWaiter(count: count, duration: duration)
    let arrived = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        waiter.start(continuation)
        let added = state.withLock { $0.addCountWaiter(waiter, id: id) }
        guard added else {
          waiter.finish(true)
          return
        }
        waiter.expire(after: timeout) { [state] in
          state.withLock { $0.countWaiters.removeValue(forKey: id) } != nil
        }
        // Cancelled before the wait was registered: the handler found nothing to end.
        if Task.isCancelled { endCountWait(id, cancelled: true) }
      }
    } onCancel: {
      endCountWait(id, cancelled: true)
    }
    return (arrived, waiter.wasCancelled)
  }

  private func endCountWait(_ id: Int, cancelled: Bool) {
    let waiter = state.withLock { $0.countWaiters.removeValue(forKey: id) }
    if cancelled { waiter?.markCancelled() }
    waiter?.finish(false)
  }

  /// Wakes the earliest sleeper whose deadline is not after `limit` (any, for nil), then waits
  /// until the woken task has run; false when there is none.
  private func wakeEarliest(notAfter limit: Instant?) async -> Bool {
    let woken = state.withLock { $0.wakeEarliest(notAfter: limit) }
    guard let woken else { return false }
    // 1. Until the woken task runs again: always soon, since its continuation was resumed.
    await resumeAndAwaitRun(woken)
    // 2. Until it sleeps on this clock again, or for a bounded number of executor turns and
    //    then a real time proportional to what those turns took (a task that finishes is not
    //    seen to): on an idle executor both are short; the real time grows with how busy the
    //    executor is, since the woken task's turns wait behind the same work.
    let resumedAt = ContinuousClock.now
    var grace: Swift.Duration?
    var turns = 0
    while !state.withLock({ $0.sleptAgain(afterWaking: woken.id) }) {
      if turns < Self.turnsForWokenTask {
        await Task.yield()
      } else {
        let elapsed = ContinuousClock.now - resumedAt
        if grace == nil { grace = elapsed * Self.graceForWokenTaskPerTurnTime }
        guard let grace, elapsed < grace else { break }
        // Leaves the core to the woken task, never past the end of the grace.
        try? await Task.sleep(for: min(Self.graceStep, grace - elapsed))
      }
      turns += 1
    }
    state.withLock { $0.forget(woken.id) }
    return true
  }

  /// Resumes a woken sleeper and waits until its task runs again: always soon.
  private func resumeAndAwaitRun(_ woken: TestClockState<Duration>.Sleeper) async {
    woken.continuation.resume()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      if !state.withLock({ $0.awaitResumption(of: woken.id, continuation) }) {
        continuation.resume()
      }
    }
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension TestClock where Duration == Swift.Duration {
  /// Creates a test clock whose durations are `Duration`, starting at its origin.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// SystemBoxes.continuousClock.override(with: clock)
  /// ```
  public convenience init() {
    self.init(now: Instant(offset: .zero))
  }
}
