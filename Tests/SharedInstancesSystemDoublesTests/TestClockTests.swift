import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesSystem
import SharedInstancesTesting
import TestSupport
import Testing

/// The test clock: time moves only when the test says, sleepers wake in deadline order, each
/// woken task runs before the next wakes, and tests wait for sleepers instead of for time.
@Suite(TimeLimits.waiting) struct TestClockTests {
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aSleeperWakesOnlyOnceTheClockPassesItsDeadline() async throws {
    let clock = TestClock()
    let woke = Locked(false)
    let sleeper = Task {
      try await clock.sleep(for: .seconds(1))
      woke.set(true)
    }
    #expect(await clock.waitForSleepers(count: 1))
    await clock.advance(by: .milliseconds(999))
    #expect(woke.get() == false)
    #expect(clock.sleepersCount == 1)
    await clock.advance(by: .milliseconds(1))
    try await sleeper.value
    #expect(woke.get())
    #expect(clock.sleepersCount == 0)
    #expect(clock.now.offset == .seconds(1))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func sleepersWakeInDeadlineOrderAtTheirOwnDeadlines() async throws {
    let clock = TestClock()
    let wakes = Locked<[(name: String, at: Duration)]>([])
    var tasks: [Task<Void, any Error>] = []
    // Registered in this order: 3 s, 1 s, 2 s, and a second 1 s (a tie: it slept later).
    for (index, (name, seconds)) in [("c", 3), ("a", 1), ("b", 2), ("a2", 1)].enumerated() {
      tasks.append(
        Task {
          try await clock.sleep(for: .seconds(seconds))
          wakes.mutate { $0.append((name, clock.now.offset)) }
        }
      )
      #expect(await clock.waitForSleepers(count: index + 1))
    }
    await clock.advance(by: .seconds(2))
    #expect(wakes.get().map(\.name) == ["a", "a2", "b"])
    #expect(clock.sleepersCount == 1)
    await clock.advance(by: .seconds(5))
    for task in tasks { try await task.value }
    #expect(wakes.get().map(\.name) == ["a", "a2", "b", "c"])
    #expect(wakes.get().map(\.at) == [.seconds(1), .seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.now.offset == .seconds(7))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aLoopThatSleepsAgainWakesOnEveryDeadlineWithinOneAdvance() async throws {
    let clock = TestClock()
    let ticks = Locked<[Duration]>([])
    let timer = Task {
      while true {
        try await clock.sleep(for: .seconds(1))
        ticks.mutate { $0.append(clock.now.offset) }
      }
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(10))
    #expect(ticks.get() == (1...10).map { Duration.seconds($0) })
    #expect(clock.sleepersCount == 1)  // the eleventh sleep, due at 11 s
    #expect(clock.nextDeadline?.offset == .seconds(11))
    timer.cancel()
    await #expect(throws: CancellationError.self) { try await timer.value }
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aWokenTaskRunsUntilItSleepsAgainBeforeTheNextWakes() async throws {
    let clock = TestClock()
    let events = Locked<[String]>([])
    let first = Task {
      try await clock.sleep(for: .seconds(1))
      // Work with suspensions of its own between the wake and the next sleep.
      for step in 1...3 {
        await Task.yield()
        events.mutate { $0.append("first \(step)") }
      }
      try await clock.sleep(for: .seconds(10))
    }
    await clock.waitForSleepers(count: 1)
    let second = Task {
      try await clock.sleep(for: .seconds(2))
      events.mutate { $0.append("second") }
    }
    await clock.waitForSleepers(count: 2)
    await clock.advance(by: .seconds(2))
    try await second.value
    #expect(events.get() == ["first 1", "first 2", "first 3", "second"])
    first.cancel()
    _ = await first.result
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aWokenTaskThatTakesManyTurnsBeforeItSleepsAgainStillWakesAgain() async throws {
    // Like a task that hops to a busy main actor after each wake: more turns of the executor
    // than the clock's budget of turns, but little real time.
    let clock = TestClock()
    let ticks = Locked(0)
    let ticking = Task {
      for _ in 0..<2 {
        try await clock.sleep(for: .seconds(1))
        for _ in 0..<300 { await Task.yield() }
        ticks.mutate { $0 += 1 }
      }
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(2))
    // Had the clock gone on before the second sleep, that sleep would be due at 3 s: cancel
    // rather than wait for it forever.
    ticking.cancel()
    _ = await ticking.result
    // Only what no load can change: the first wake ran the task (the clock waits until the
    // woken task resumes), and time moved to the target. Whether the task slept again within
    // the clock's bounded wait depends on how busy the machine is; `run(until:)` does not
    // guess (the tests below).
    #expect(ticks.get() >= 1)
    #expect(clock.now.offset == .seconds(2))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func runUntilATaskEndsWaitsForATaskThatTakesManyTurnsBeforeItSleepsAgain() async throws {
    let clock = TestClock()
    let ticks = Locked(0)
    let ticking = Task {
      for _ in 0..<2 {
        try await clock.sleep(for: .seconds(1))
        for _ in 0..<300 { await Task.yield() }
        ticks.mutate { $0 += 1 }
      }
    }
    await clock.run(until: ticking)
    try await ticking.value
    #expect(ticks.get() == 2)
    #expect(clock.now.offset == .seconds(2))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aWokenTaskOnABusyExecutorStillWakesAgain() async throws {
    // The same task while other work keeps every thread of the executor busy (a full test
    // suite on two cores): each of its 300 turns waits behind the others' jobs, so it needs
    // far more real time than on an idle executor before it sleeps again.
    let clock = TestClock()
    let ticks = Locked(0)
    let stop = Locked(false)
    let loaders = (0..<ProcessInfo.processInfo.activeProcessorCount * 4).map { _ in
      Task.detached {
        while !stop.get() {
          let start = ContinuousClock.now
          while ContinuousClock.now - start < .microseconds(300) {}
          await Task.yield()
        }
      }
    }
    let ticking = Task {
      for _ in 0..<2 {
        try await clock.sleep(for: .seconds(1))
        for _ in 0..<300 { await Task.yield() }
        ticks.mutate { $0 += 1 }
      }
    }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(2))
    ticking.cancel()
    _ = await ticking.result
    stop.set(true)
    for loader in loaders { await loader.value }
    // As above: what holds however busy the executor is.
    #expect(ticks.get() >= 1)
    #expect(clock.now.offset == .seconds(2))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func runUntilATaskEndsWakesItAgainOnABusyExecutor() async throws {
    let clock = TestClock()
    let ticks = Locked(0)
    let stop = Locked(false)
    let loaders = (0..<ProcessInfo.processInfo.activeProcessorCount * 4).map { _ in
      Task.detached {
        while !stop.get() {
          let start = ContinuousClock.now
          while ContinuousClock.now - start < .microseconds(300) {}
          await Task.yield()
        }
      }
    }
    let ticking = Task {
      for _ in 0..<3 {
        try await clock.sleep(for: .seconds(1))
        for _ in 0..<300 { await Task.yield() }
        ticks.mutate { $0 += 1 }
      }
    }
    await clock.run(until: ticking)
    let result = await ticking.result
    stop.set(true)
    for loader in loaders { await loader.value }
    #expect(throws: Never.self) { try result.get() }
    #expect(ticks.get() == 3)
    #expect(clock.now.offset == .seconds(3))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func runUntilATaskEndsWaitsForWorkOnAnotherThreadBetweenSleeps() async throws {
    // Like a retry loop whose woken task waits for a network stub answered on another thread
    // before it sleeps again: no count of turns or real time is enough for that in general.
    let clock = TestClock()
    let attempts = Locked<[Duration]>([])
    let retrying = Task {
      for backOff in [1, 2, 4] {
        await onAnotherThread { attempts.mutate { $0.append(clock.now.offset) } }
        try await clock.sleep(for: .seconds(backOff))
      }
      attempts.mutate { $0.append(clock.now.offset) }
    }
    await clock.run(until: retrying)
    try await retrying.value
    #expect(attempts.get() == [.zero, .seconds(1), .seconds(3), .seconds(7)])
    #expect(clock.now.offset == .seconds(7))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func runUntilATaskThatNeverSleepsReturnsWhenItEnds() async throws {
    let clock = TestClock()
    let working = Task { await onAnotherThread {} }
    await clock.run(until: working)
    await working.value
    #expect(clock.now.offset == .zero)
    #expect(clock.sleepersCount == 0)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func runUntilATaskEndsLeavesOtherSleepersWithLaterDeadlinesAlone() async throws {
    // A sleeper that sleeps past the task's end stays asleep: run(until:) stops at the end.
    let clock = TestClock()
    let timer = Task { try await clock.sleep(for: .seconds(60)) }
    await clock.waitForSleepers(count: 1)
    let short = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers(count: 2)
    await clock.run(until: short)
    try await short.value
    #expect(clock.now.offset == .seconds(1))
    #expect(clock.sleepersCount == 1)
    timer.cancel()
    _ = await timer.result
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func runUntilATaskThatWaitsForSomethingElseFailsAfterItsTimeout() async {
    let clock = TestClock()
    let gate = AsyncLatch()
    let blocked = Task { await gate.wait() }
    await withKnownIssue {
      await clock.run(until: blocked, timeout: .milliseconds(50))
    } matching: { issue in
      issue.comments.description.contains(
        "TestClock.run(until:) waited 0.05 seconds for the task to sleep on this clock again"
      ) && issue.sourceLocation?.fileName == "TestClockTests.swift"
    }
    await gate.open()
    _ = await blocked.value
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func runUntilATaskStopsAfterMaxWakesAndFailsTheTest() async {
    let clock = TestClock()
    let timer = Task {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    await withKnownIssue {
      await clock.run(until: timer, maxWakes: 5)
    } matching: { issue in
      issue.comments.description.contains("TestClock.run(until:) woke sleepers 5 times")
        && issue.sourceLocation?.fileName == "TestClockTests.swift"
    }
    #expect(clock.now.offset == .seconds(5))
    timer.cancel()
    _ = await timer.result
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aSleepThatIsAlreadyDueReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)), tolerance: nil)
    try await clock.sleep(for: .zero)
    #expect(clock.sleepersCount == 0)
    #expect(clock.now.offset == .seconds(5))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func cancellingASleepingTaskThrowsAndRemovesTheSleeper() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    await clock.waitForSleepers(count: 1)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleepersCount == 0)
    await clock.advance(by: .seconds(60))  // nothing to wake
    #expect(clock.now.offset == .seconds(60))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aCancelledTaskThrowsWithoutSleeping() async {
    let clock = TestClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleepersCount == 0)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func taskSleepWithTheClockAndAnyClockSleepOnIt() async throws {
    let clock = TestClock()
    let erased = AnyClock(clock)
    let done = Locked(0)
    let sleepers = [
      Task {
        try await Task.sleep(for: .seconds(1), clock: clock)
        done.mutate { $0 += 1 }
      },
      Task {
        try await Task.sleep(until: erased.now.advanced(by: .seconds(2)), clock: erased)
        done.mutate { $0 += 1 }
      },
      Task {
        try await erased.sleep(for: .seconds(3))
        done.mutate { $0 += 1 }
      },
    ]
    await clock.waitForSleepers(count: 3)
    await clock.advance(by: .seconds(3))
    for sleeper in sleepers { try await sleeper.value }
    #expect(done.get() == 3)
    #expect(erased.now.offset == .seconds(3))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aTimeoutBuiltOnATaskGroupLetsTheFasterChildWin() async throws {
    let clock = TestClock()
    let fast = Task {
      try await withTimeout(.seconds(5), on: clock) {
        try await clock.sleep(for: .seconds(1))
        return "done"
      }
    }
    await clock.waitForSleepers(count: 2)  // the operation and the timeout
    await clock.advance(by: .seconds(1))
    #expect(try await fast.value == "done")
    #expect(clock.sleepersCount == 0)  // the timeout's sleep was cancelled

    let slow = Task {
      try await withTimeout(.seconds(5), on: clock) {
        try await clock.sleep(for: .seconds(60))
        return "done"
      }
    }
    await clock.waitForSleepers(count: 2)
    await clock.advance(by: .seconds(5))
    await #expect(throws: TimedOut.self) { try await slow.value }
    #expect(clock.sleepersCount == 0)  // the operation's sleep was cancelled
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func runWakesEverySleeperUntilNoneSleeps() async throws {
    let clock = TestClock()
    let attempts = Locked<[Duration]>([])
    let retrying = Task {
      for backOff in [1, 2, 4] {
        attempts.mutate { $0.append(clock.now.offset) }
        try await clock.sleep(for: .seconds(backOff))
      }
      attempts.mutate { $0.append(clock.now.offset) }
    }
    await clock.waitForSleepers(count: 1)
    await clock.run()
    try await retrying.value
    #expect(attempts.get() == [.zero, .seconds(1), .seconds(3), .seconds(7)])
    #expect(clock.now.offset == .seconds(7))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func runStopsAfterMaxWakesAndFailsTheTest() async {
    let clock = TestClock()
    let timer = Task {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    await clock.waitForSleepers(count: 1)
    await withKnownIssue {
      await clock.run(maxWakes: 5)
    } matching: { issue in
      issue.comments.description.contains("TestClock.run() woke sleepers 5 times and 1 still sleep")
        && issue.sourceLocation?.fileName == "TestClockTests.swift"
    }
    #expect(clock.now.offset == .seconds(5))
    timer.cancel()
    _ = await timer.result
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func waitingForSleepersThatNeverComeFailsAtTheCallSite() async {
    let clock = TestClock()
    await withKnownIssue {
      let arrived = await clock.waitForSleepers(count: 1, timeout: .milliseconds(20))
      #expect(arrived == false)
    } matching: { issue in
      issue.comments.description.contains(
        "TestClock.waitForSleepers(count: 1) timed out after 0.02 seconds: 0 task(s) sleep"
      ) && issue.sourceLocation?.fileName == "TestClockTests.swift"
    }
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func waitingForSleepersOfADurationIgnoresATimeoutChildThatSleepsFirst() async throws {
    // A task group's timeout child sleeps (30 s) before the code reaches the sleep the test
    // means (1 s): a wait for any sleeper would return too early, and the advance below would
    // find nothing due.
    let clock = TestClock()
    let finished = Locked(false)
    let work = AsyncLatch()
    let code = Task {
      try await withTimeout(.seconds(30), on: clock) { _ = await work.wait() }
      try await clock.sleep(for: .seconds(1))
      finished.set(true)
    }
    await clock.waitForSleepers(count: 1)  // the timeout child
    await work.open()
    await clock.waitForSleepers(count: 1, sleepingFor: .seconds(1))
    await clock.advance(by: .seconds(1))
    try await code.value
    #expect(finished.get())
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func waitingForSleepersOfADurationCountsOnlyThose() async {
    let clock = TestClock()
    let short = Task { try await clock.sleep(for: .seconds(1)) }
    let long = Task { try await clock.sleep(for: .seconds(5)) }
    await clock.waitForSleepers(count: 2)
    await withKnownIssue {
      let arrived = await clock.waitForSleepers(
        count: 2,
        sleepingFor: .seconds(5),
        timeout: .milliseconds(20)
      )
      #expect(arrived == false)
    } matching: { issue in
      issue.comments.description.contains(
        "TestClock.waitForSleepers(count: 2, sleepingFor: 5.0 seconds) timed out after 0.02 seconds: 1 of the 2 task(s) that sleep on this clock sleep for 5.0 seconds"
      )
    }
    short.cancel()
    long.cancel()
    _ = await (short.result, long.result)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func aCancelledWaitReturnsFalseWithoutFailing() async {
    let clock = TestClock()
    let waiting = Task { await clock.waitForSleepers(count: 1, timeout: .seconds(60)) }
    waiting.cancel()
    #expect(await waiting.value == false)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func waitingForSleepersThatAlreadySleepReturnsAtOnce() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers(count: 1)
    #expect(await clock.waitForSleepers(count: 1, timeout: .milliseconds(1)))
    await clock.advance(by: .seconds(1))
    _ = await sleeper.result
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func movingTimeBackwardsFailsAndMovesNothing() async {
    let clock = TestClock<Duration>(now: .init(offset: .seconds(10)))
    await withKnownIssue {
      await clock.advance(to: .init(offset: .seconds(9)))
    } matching: { issue in
      issue.comments.description.contains("TestClock.advance moved time backwards")
    }
    await withKnownIssue {
      await clock.advance(by: .seconds(-1))
    }
    #expect(clock.now.offset == .seconds(10))
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @MainActor @Test func sleepersOnTheMainActorWakeWhileTheTestHoldsIt() async throws {
    let clock = TestClock()
    let model = MainActorTicker(clock: clock)
    let ticking = Task { @MainActor in try await model.tick(times: 3) }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(3))
    try await ticking.value
    #expect(model.ticks == 3)
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared) func codeReadingTheClockBoxSleepsOnTheTestsClock() async throws {
    let clock = TestClock()
    SystemBoxes.continuousClock.override(with: clock)
    let sleeper = Task { try await SystemBoxes.continuousClock.value.sleep(for: .seconds(30)) }
    await clock.waitForSleepers(count: 1)
    await clock.advance(by: .seconds(30))
    try await sleeper.value
    #expect(SystemBoxes.continuousClock.isOverridden)
  }
}

// MARK: - Fixtures

private struct TimedOut: Error {}

/// A timeout as apps write it: the operation races a sleep in a task group.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private func withTimeout<Value: Sendable>(
  _ timeout: Duration,
  on clock: some Clock<Duration>,
  _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
  try await withThrowingTaskGroup(of: Value.self) { group in
    group.addTask { try await operation() }
    group.addTask {
      try await clock.sleep(for: timeout)
      throw TimedOut()
    }
    defer { group.cancelAll() }
    return try await group.next()!
  }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
@MainActor private final class MainActorTicker {
  let clock: TestClock<Duration>
  var ticks = 0

  init(clock: TestClock<Duration>) { self.clock = clock }

  func tick(times: Int) async throws {
    for _ in 0..<times {
      try await clock.sleep(for: .seconds(1))
      ticks += 1
    }
  }
}

/// Runs `body` on a new thread, and resumes once it has run: work the task waits for that the
/// executor does not see.
private func onAnotherThread(_ body: @escaping @Sendable () -> Void) async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    Thread {
      body()
      continuation.resume()
    }.start()
  }
}
