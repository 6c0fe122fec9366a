// The release-mode torture of SharedInstances' core: plain reads and borrows against
// every kind of change, the locator against register/unregister churn, re-entrant deinits,
// factories that read other boxes or change their own, isolation scopes ended under readers,
// and 20,000 short-lived threads; and, on the protocol's slow paths, reports that read and reset inside a read,
// resets racing reads into an empty slot, deinits released by reads near the creation lock, and
// threads that exit inside borrows; and forks while other threads read and borrow, and threads
// that exit inside factories. Every instance is counted from init to deinit.
//
//   swift run -c release shared-instances-torture [--operations N] [--threads N]
//     [--short-lived-threads N] [--seed N]
//
// Exits 0 when no instance was seen released, none was released twice, and after each phase
// (every read and borrow ended) exactly the instances the boxes still hold are alive.
// Run it in both fence modes (SHARED_INSTANCES_SYMMETRIC_FENCES=1) and under AddressSanitizer.

import Dispatch
import Foundation
import SharedInstances
import SharedInstancesLocator
import TestSupport
import _SharedInstancesIsolation

struct Options {
  var operations = 1_200_000
  var threads = 6
  var shortLivedThreads = 20_000
  var seed: UInt64 = 18
  /// Seconds a phase may take before the run is declared stuck (a deadlock or a livelock).
  var phaseLimit = 120.0

  init(_ arguments: [String]) {
    var rest = arguments.dropFirst()[...]
    while let flag = rest.popFirst() {
      guard let text = rest.popFirst(), let number = Double(text) else {
        fail(
          "usage: shared-instances-torture [--operations N] [--threads N] "
            + "[--short-lived-threads N] [--seed N] [--phase-limit SECONDS]"
        )
      }
      switch flag {
      case "--operations": operations = Int(number)
      case "--threads": threads = Int(number)
      case "--short-lived-threads": shortLivedThreads = Int(number)
      case "--seed": seed = UInt64(number)
      case "--phase-limit": phaseLimit = number
      default: fail("unknown option \(flag)")
      }
    }
  }
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("torture: \(message)\n".utf8))
  exit(2)
}

let options = Options(CommandLine.arguments)
// Reports about changes outside isolation (the process-wide phases change boxes that scopes
// use) are expected here: count them instead of printing thousands of lines.
let reports = AtomicWord()
_Diagnostics.handler.withLock { $0 = { _ in reports.add(1) } }
// So are warnings about process-wide reads of boxes the scopes provided (override or set).
_EscapedReads.handler.withLock { $0 = { _ in reports.add(1) } }
let started = Date()
/// What the checks found wrong (written by the main thread only, between phases).
nonisolated(unsafe) var failures: [String] = []

/// Runs `body` on `count` new threads at once and waits for all of them, within the phase limit.
func onThreads(_ count: Int, named name: String, _ body: @escaping @Sendable (Int) -> Void) {
  let done = DispatchGroup()
  let start = DispatchSemaphore(value: 0)
  for index in 0..<count {
    done.enter()
    let thread = Thread {
      start.wait()
      body(index)
      done.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  for _ in 0..<count { start.signal() }
  if done.wait(timeout: .now() + options.phaseLimit) == .timedOut {
    fail("phase '\(name)' did not finish within \(options.phaseLimit) s: a deadlock or livelock")
  }
}

/// After a phase every read and borrow has ended: the live instances must be exactly those the
/// boxes hold (the locator is emptied first).
func checkQuiescent(after phase: String) {
  Boxes.locator.unregisterAll()
  let ledger = Ledger.shared
  let live = ledger.made.value - ledger.released.value
  let held = Boxes.all.filter(\.holdsInstance).count
  if live != held {
    failures.append(
      "after \(phase): \(live) instances alive, but the boxes hold \(held): "
        + "\(live - held) replaced instances outlived the reads that were running"
    )
  }
  print(
    "  \(phase): \(ledger.operations.value) operations so far, "
      + "\(live) alive, \(held) held"
  )
}

// Phase 1: mixed operations on the process-wide instances.
let phases = 8
let perThread = max(1, options.operations / phases / options.threads)
print("mixed operations: \(phases) phases × \(options.threads) threads × \(perThread)")
for phase in 0..<phases {
  onThreads(options.threads, named: "mixed \(phase)") { index in
    var random = SplitMix(seed: options.seed &* 1_000 &+ UInt64(phase * 64 + index))
    for _ in 0..<perThread { randomOperation(&random) }
    Ledger.shared.operations.add(perThread)
  }
  checkQuiescent(after: "mixed phase \(phase)")
}

// Calls made through `value` (AccessorPhases.swift), before any scope opens.
accessorReadsPhase(operations: options.operations / 4, readers: options.threads, changers: 2)
checkQuiescent(after: "reads through value")
exitingThreadsPhase(waves: max(1, options.shortLivedThreads / 1_000), perWave: 50, readers: 2)
checkQuiescent(after: "calls through value while threads exit")
let heldAcrossAwaits = awaitedAccessesPhase(
  tasks: 64,
  awaitsPerTask: max(20, options.operations / 4_000)
)
if heldAcrossAwaits > 0 {
  failures.append("\(heldAcrossAwaits) tasks resumed on a thread that held a hazard word")
}
checkQuiescent(after: "awaits through value")

// Phase 2: isolation scopes opened, used and ended on many threads, with late work that keeps
// using an ended scope on another thread.
let scopeOperations = max(50, options.operations / 4 / options.threads)
print("scopes: \(options.threads) threads × \(scopeOperations) operations in scopes")
let late = LateWork()
let lateThread = Thread { late.drain() }
lateThread.start()
onThreads(options.threads, named: "scopes") { index in
  var random = SplitMix(seed: options.seed &* 7_919 &+ UInt64(index))
  var done = 0
  while done < scopeOperations {
    let scope = _Scope(
      name: "torture scope",
      parent: nil,
      isStrict: false,
      isProcessWide: false,
      report: { _ in Ledger.shared.lateUses.add(1) }
    )
    let carried = _CurrentScope.$scope.withValue(scope) { () -> SharedScope in
      for _ in 0..<40 { randomOperation(&random) }
      return SharedScope.current
    }
    done += 40
    if random.below(6) == 0 { late.add(carried) }
    scope.end()
  }
  Ledger.shared.operations.add(done)
}
late.finish()
if late.waitUntilDrained(seconds: options.phaseLimit) == false {
  fail("late work in ended scopes did not finish within \(options.phaseLimit) s")
}
checkQuiescent(after: "scopes")

// Phase 3: short-lived threads, each with a hazard record of its own for a few operations.
let wave = 100
let waves = max(1, options.shortLivedThreads / wave)
print("short-lived threads: \(waves) waves × \(wave) threads")
for number in 0..<waves {
  onThreads(wave, named: "short-lived threads, wave \(number)") { index in
    var random = SplitMix(seed: options.seed &+ UInt64(number * wave + index))
    for _ in 0..<10 { randomOperation(&random) }
    Ledger.shared.operations.add(10)
  }
}
checkQuiescent(after: "short-lived threads")

// Phases 4-7: the slow paths of the protocol, one defect each.
reportsThatResetPhase(rounds: max(20, options.operations / 2_000), threads: options.threads)
checkQuiescent(after: "reports that read and reset")

let emptiedRounds = max(100, options.operations / 100)
let outlived = emptiedSlotsPhase(rounds: emptiedRounds, readers: 1)
if outlived > 0 {
  failures.append(
    "\(outlived) of \(emptiedRounds) rounds: an instance outlived its reset and every read"
  )
}
checkQuiescent(after: "reads racing resets into an empty slot")

let refused = creationLockPhase(operations: max(100, options.operations / 20), threads: 3)
if refused > 0 {
  failures.append("\(refused) deinits ran under their box's creation lock (a set was refused)")
}
checkQuiescent(after: "deinits and the creation lock")

exitingBorrowsPhase(waves: max(1, options.shortLivedThreads / 1_000), perWave: 50)
checkQuiescent(after: "threads exiting inside borrows")

// The false stops of the core: a fork while other threads read and borrow, and threads that
// exit inside factories (ForkAndExitPhases.swift).
let forkRounds = max(10, options.shortLivedThreads / 1_000)
for (check, count) in forkPhase(rounds: forkRounds, readers: options.threads) {
  failures.append("\(count) of \(forkRounds) forks: \(check)")
}
checkQuiescent(after: "fork while other threads read and borrow")

let exitRounds = max(5, options.shortLivedThreads / 2_000)
let refusedSets = exitingFactoriesPhase(rounds: exitRounds)
if refusedSets > 0 {
  failures.append(
    "\(refusedSets) of \(exitRounds) rounds: a thread was taken for one that exited in a factory"
  )
}
checkQuiescent(after: "threads exiting inside factories")

let ledger = Ledger.shared
let seenDead = ledger.seenDead.value
let releasedTwice = ledger.releasedTwice.value
if seenDead > 0 { failures.append("\(seenDead) uses of an instance that was already released") }
if releasedTwice > 0 { failures.append("\(releasedTwice) instances released twice") }
let operations = ledger.operations.value
if operations < 1_000_000 && options.operations >= 1_000_000 {
  failures.append("only \(operations) operations ran")
}
let seconds = Date().timeIntervalSince(started)
print(
  """
  \(operations) operations in \(String(format: "%.1f", seconds)) s; \
  \(ledger.made.value) instances made, \
  \(ledger.released.value) released; \
  \(ledger.lateUses.value) late uses of ended scopes and \(reports.value) other misuses reported
  """
)
if failures.isEmpty {
  print("torture: passed")
} else {
  for failure in failures { print("torture: FAILED: \(failure)") }
  exit(1)
}
