// The phases of the protocol's slow paths: each drives one of the four defects a slow path of the
// protocol could have (a report inside a read, a retry into an empty slot, a release under the
// creation lock, a thread exit inside a borrow), many times, with the check that catches it after every round or phase.

import Dispatch
import Foundation
import SharedInstances
import TestSupport
import _SharedInstancesIsolation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Hole 1: reports that read and reset inside a read

/// A strict nested scope reads a box whose slot holds a copy of its parent's cell; the report of
/// that read (what a test framework's hook would run) reads another box and resets the target
/// in both scopes. The instance the read returned must still be alive when it is used.
func reportsThatResetPhase(rounds: Int, threads: Int) {
  print("reports that read and reset: \(threads) threads × \(rounds) rounds")
  onThreads(threads, named: "reports that read and reset") { _ in
    for _ in 0..<rounds {
      let target = Resettable { Tracked() }
      let other = Resettable { Tracked() }
      let parent = _Scope(
        name: "torture parent",
        parent: nil,
        isStrict: false,
        isProcessWide: false,
        report: { _ in }
      )
      _CurrentScope.$scope.withValue(parent) { target.value.use() }
      let acted = AtomicWord()
      let nested = _Scope(
        name: "torture strict",
        parent: parent,
        isStrict: true,
        isProcessWide: false,
        report: { _ in
          Ledger.shared.lateUses.add(1)
          guard acted.add(1) == 1 else { return }
          other.value.use()
          target.reset()
          _CurrentScope.$scope.withValue(parent) { target.reset() }
        }
      )
      nested.touch(target)
      let read = _CurrentScope.$scope.withValue(nested) { target.value }
      read.use()
      Ledger.shared.operations.add(1)
    }
  }
}

// MARK: - Hole 2: resets racing reads into an empty slot

/// Readers read two boxes while the main thread resets them: an empty box (a reset leaves it
/// empty) and one with a factory. After every round, once every read ended, the instances the
/// round installed must be gone. The hole is a window of a few instructions (a reset between a
/// reader's store of its hazard word and its validating reload): the issue saw it in 1 of
/// 6,000–36,000 rounds, so one run may miss a regression; `ProtectedReadWindowTests` holds a
/// reader in that window and catches it every time.
func emptiedSlotsPhase(rounds: Int, readers: Int) -> Int {
  print("reads racing resets into an empty slot: \(rounds) rounds, \(readers) readers")
  let empty = Resettable<Tracked>.empty()
  let made = Resettable { Tracked() }
  let stop = AtomicWord(1)
  let running = AtomicWord()
  let quit = AtomicWord()
  let start = DispatchSemaphore(value: 0)
  let done = DispatchSemaphore(value: 0)
  for _ in 0..<readers {
    let thread = Thread {
      while true {
        start.wait()
        if quit.value != 0 { break }
        var reads = 0
        repeat {
          empty.currentValue?.use()
          made.value.use()
          made.withValue { $0.use() }
          reads += 1
          if reads == 1 { running.add(1) }
        } while stop.value == 0
        Ledger.shared.operations.add(reads)
        done.signal()
      }
      done.signal()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  var outlived = 0
  var random = SplitMix(seed: options.seed &+ 28)
  for _ in 0..<rounds {
    weak var first: Tracked?
    weak var second: Tracked?
    do {
      let a = Tracked()
      let b = Tracked()
      first = a
      second = b
      empty.set(a)
      made.set(b)
    }
    _ = stop.exchange(0)
    _ = running.exchange(0)
    for _ in 0..<readers { start.signal() }
    // The resets land while the readers read (not before they woke up).
    var waits = 0
    while running.value < readers && waits < 300 {
      waits += 1
      if waits % 64 == 0 { sched_yield() }
    }
    var spin = 0
    for _ in 0..<random.below(400) { spin &+= 1 }
    blackHole(spin)
    empty.reset()
    made.reset()
    _ = stop.exchange(1)
    for _ in 0..<readers { done.wait() }
    // Every read of the round has ended: nothing may keep the round's instances alive.
    if first != nil || second != nil { outlived += 1 }
  }
  _ = quit.exchange(1)
  for _ in 0..<readers { start.signal() }
  for _ in 0..<readers { done.wait() }
  made.reset()
  return outlived
}

// MARK: - Hole 3: deinits dropped by reads under the creation lock

/// The box of `creationLockPhase`, whose instances' deinits set or read it.
enum SelfTouching {
  static let turns = AtomicWord()
  static let box: Resettable<Tracked> = Resettable { Tracked(onDeinit: onDeinit) }

  @Sendable static func onDeinit() {
    switch turns.add(1) % 4 {
    case 0: box.set(Tracked(onDeinit: onDeinit))
    case 1: box.value.use()
    default: break
    }
  }
}

/// Threads read a box with a factory (so that reads run into its creation lock), reset it and
/// set it, and its instances' deinits set or read it: no deinit may run under the creation lock
/// (a `set` there is refused and reported as a change inside the box's own factory; a read there
/// stops the program as a factory reading its own box).
func creationLockPhase(operations: Int, threads: Int) -> Int {
  print("deinits and the creation lock: \(threads) threads × \(operations) operations")
  let refused = AtomicWord()
  let marker = SelfTouching.box.description
  let previous = _Diagnostics.handler.withLock { handler in
    let previous = handler
    handler = { diagnostic in
      if diagnostic.message.contains(marker) && diagnostic.message.contains("its own factory") {
        refused.add(1)
      }
      previous?(diagnostic)
    }
    return previous
  }
  onThreads(threads, named: "deinits and the creation lock") { index in
    var random = SplitMix(seed: options.seed &* 31 &+ UInt64(index))
    for _ in 0..<operations {
      switch random.below(10) {
      case 0..<5: SelfTouching.box.value.use()
      case 5..<8: SelfTouching.box.reset()
      default: SelfTouching.box.set(Tracked(onDeinit: SelfTouching.onDeinit))
      }
    }
    Ledger.shared.operations.add(operations)
  }
  _Diagnostics.handler.withLock { $0 = previous }
  SelfTouching.box.reset()
  // A deinit the reset ran may have set the box again.
  while SelfTouching.box.currentValue != nil { SelfTouching.box.reset() }
  return refused.value
}

// MARK: - Hole 4: threads exiting inside borrows

/// Threads that exit (`pthread_exit`) inside a borrow of a box that other threads reset: the
/// check after the phase finds every borrowed instance released.
func exitingBorrowsPhase(waves: Int, perWave: Int) {
  print("threads exiting inside borrows: \(waves) waves × \(perWave) threads")
  for wave in 0..<waves {
    var threads: [pthread_t] = []
    for index in 0..<perWave {
      // The thread's number, as its context: nothing allocated for a thread whose exit skips
      // every release (AddressSanitizer would report it as a leak).
      let context = UnsafeMutableRawPointer(bitPattern: wave * perWave + index + 1)
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
            ExitingBorrow(Int(bitPattern: raw) - 1).run()
          },
          context
        ) == 0
      else { fail("pthread_create failed") }
      #if canImport(Darwin)
        threads.append(thread!)
      #else
        threads.append(thread)
      #endif
    }
    // Changes racing the borrows, so that their cells are deferred to the exiting threads.
    for box in Boxes.plain { box.override(with: Tracked()) }
    for thread in threads { pthread_join(thread, nil) }
    for box in Boxes.plain { box.reset() }
    Ledger.shared.operations.add(perWave)
  }
}

/// One thread of `exitingBorrowsPhase`.
struct ExitingBorrow {
  let index: Int

  init(_ index: Int) { self.index = index }

  func run() -> Never {
    operate()
    let box = Boxes.plain[index % Boxes.plain.count]
    // Nested: the outer borrow's word and the inner one's are both left set by the exit.
    box.withValue { outer in
      outer.use()
      Boxes.existential.withValue { _ in pthread_exit(nil) }
    }
    fatalError("pthread_exit returned")
  }

  /// A few operations first, in a frame of their own, so that every reference they made is
  /// released before the thread exits (the exit skips releases). Nothing here empties a box:
  /// a borrow of an empty box creates the instance and hands the closure a strong reference,
  /// which an exit inside the closure leaks (a limit of `pthread_exit` in Swift, not of the
  /// library); the boxes this thread borrows below are created here first.
  @inline(never)
  func operate() {
    var random = SplitMix(seed: options.seed &+ UInt64(index) &* 97)
    Boxes.existential.value.use()
    for _ in 0..<4 {
      let box = Boxes.plain[random.below(Boxes.plain.count)]
      switch random.below(4) {
      case 0: box.override(with: Tracked())
      case 1: box.withValue { $0.use() }
      default: box.value.use()
      }
    }
    Boxes.plain[index % Boxes.plain.count].value.use()
  }
}
