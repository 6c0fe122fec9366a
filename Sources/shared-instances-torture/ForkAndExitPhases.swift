// The phases of the last two false stops of the core: threads that exit inside a factory, and
// a fork() while other threads read and borrow. Each child of a fork runs its checks and leaves
// with `_exit`: no test of it prints, and a thread that exits inside a factory leaks what its
// frames held (a limit of `pthread_exit` in Swift) where no leak check runs.

import Foundation
import SharedInstances
import SharedInstancesLocator
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The boxes of `forkPhase`: its readers only read and borrow them, and nothing changes them
/// while the readers run, so no read ends with cells waiting (whose reclaim takes the slot's
/// retire lock) and no thread but the forking one holds a lock of theirs at a fork (the limit
/// `fork()` puts on every lock: a child would wait for it forever).
enum ForkBoxes {
  static let boxes: [Resettable<Tracked>] = (0..<3).map { _ in Resettable { Tracked() } }
  static let locator = ServiceLocator()
}

/// What a child of `forkPhase` found wrong, as its exit status.
enum ForkCheck: Int32 {
  case passed = 0
  /// A reset in the child left a cell waiting for a thread the child does not have.
  case cellKeptForAThreadOfTheParent = 1
  /// A later thread of the child was taken for a thread that exited inside a factory.
  case setRefused = 2
  /// The child did not finish in time: a change waited for a read no thread makes.
  case stuck = 3
}

/// Forks `rounds` times while `readers` threads read and borrow (borrows held across a short
/// spin, so that a fork often lands inside one) and read the locator. Each child resets every
/// box, checks that no cell waits for a borrow (none of its threads borrows), changes the
/// locator (which must not wait for a parent's reader), and runs one thread that exits inside a
/// factory followed by one that sets that box (which must not be taken for the exited one).
/// Returns the failed rounds, by check.
func forkPhase(rounds: Int, readers: Int) -> [ForkCheck: Int] {
  print("fork while other threads read and borrow: \(rounds) forks, \(readers) readers")
  for box in ForkBoxes.boxes { box.value.use() }
  _ = try? ForkBoxes.locator.register(service: Tracked())
  let stop = AtomicWord()
  let running = DispatchGroup()
  for index in 0..<readers {
    running.enter()
    let thread = Thread {
      var random = SplitMix(seed: options.seed &+ 38 &+ UInt64(index))
      var reads = 0
      while stop.value == 0 {
        let box = ForkBoxes.boxes[random.below(ForkBoxes.boxes.count)]
        switch random.below(4) {
        case 0: box.value.use()
        case 1: (try? ForkBoxes.locator.get(Tracked.self))?.use()
        default:
          box.withValue { instance in
            var spin = 0
            for _ in 0..<random.below(200) { spin &+= 1 }
            blackHole(spin)
            instance.use()
          }
        }
        reads += 1
      }
      Ledger.shared.operations.add(reads)
      running.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  var failed: [ForkCheck: Int] = [:]
  var random = SplitMix(seed: options.seed &+ 380)
  for _ in 0..<rounds {
    usleep(UInt32(200 + random.below(800)))
    let check = inForkedChild(seconds: 30) { () -> ForkCheck in
      for box in ForkBoxes.boxes {
        box.reset()
        if box._global.waitingCells != 0 { return .cellKeptForAThreadOfTheParent }
      }
      ForkBoxes.locator.unregisterAll()
      return laterThreadIsNotAnExitedCreator() ? .passed : .setRefused
    }
    if check != .passed { failed[check, default: 0] += 1 }
    Ledger.shared.operations.add(1)
  }
  _ = stop.exchange(1)
  if running.wait(timeout: .now() + options.phaseLimit) == .timedOut {
    fail("the readers of the fork phase did not finish within \(options.phaseLimit) s")
  }
  for box in ForkBoxes.boxes { box.reset() }
  ForkBoxes.locator.unregisterAll()
  return failed
}

/// Threads that exit (`pthread_exit`) inside a box's factory, each followed by a thread that
/// sets the box (the C library usually gives it the exited thread's `pthread_t`): the set must
/// land. Runs in forked children (each thread that exits leaks what its frames held). Returns
/// the failed rounds.
func exitingFactoriesPhase(rounds: Int) -> Int {
  print("threads exiting inside factories: \(rounds) rounds")
  var failed = 0
  for _ in 0..<rounds {
    let check = inForkedChild(seconds: 30) { () -> ForkCheck in
      for _ in 0..<10 where !laterThreadIsNotAnExitedCreator() { return .setRefused }
      return .passed
    }
    if check != .passed { failed += 1 }
    Ledger.shared.operations.add(10)
  }
  return failed
}

/// One thread reads a new box whose factory exits the thread; the next thread sets that box and
/// reads it back. Whether the set landed (it is refused if the later thread is taken for the
/// exited one, which still holds the box's creation lock).
private func laterThreadIsNotAnExitedCreator() -> Bool {
  let box = Resettable<Tracked> { pthread_exit(nil) }
  runOnNewThread { _ = box.value }
  let landed = AtomicWord()
  runOnNewThread {
    let mine = Tracked()
    box.set(mine)
    if box.currentValue === mine { landed.add(1) }
  }
  return landed.value == 1
}

/// Runs `body` on a new POSIX thread with default attributes (so that it may receive the stack
/// and the `pthread_t` of the thread joined just before) and joins it.
private func runOnNewThread(_ body: @escaping @Sendable () -> Void) {
  final class Context: @unchecked Sendable {
    // @unchecked: immutable.
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
  let context = Unmanaged.passRetained(Context(body)).toOpaque()
  #if canImport(Darwin)
    var thread: pthread_t?
  #else
    var thread = pthread_t()
  #endif
  guard
    pthread_create(
      &thread,
      nil,
      { raw in
        let context = Unmanaged<Context>.fromOpaque(raw!)
        context.takeUnretainedValue().body()
        context.release()
        return nil
      },
      context
    ) == 0
  else { fail("pthread_create failed") }
  #if canImport(Darwin)
    pthread_join(thread!, nil)
  #else
    pthread_join(thread, nil)
  #endif
}

/// Runs `check` in a child made by `fork()` and returns what it found, or `.stuck` when the
/// child did not exit within `seconds` (it is killed then).
private func inForkedChild(seconds: Double, _ check: () -> ForkCheck) -> ForkCheck {
  let child = fork()
  if child < 0 { fail("fork failed") }
  if child == 0 { _exit(check().rawValue) }
  var status: Int32 = 0
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if waitpid(child, &status, WNOHANG) == child {
      // WIFEXITED and WEXITSTATUS, which Swift does not import.
      guard status & 0x7F == 0 else { fail("a forked child died of signal \(status & 0x7F)") }
      return ForkCheck(rawValue: (status >> 8) & 0xFF) ?? .stuck
    }
    usleep(1_000)
  }
  kill(child, SIGKILL)
  waitpid(child, &status, 0)
  return .stuck
}
