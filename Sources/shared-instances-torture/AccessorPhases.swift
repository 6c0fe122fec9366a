import Dispatch
import Foundation
import SharedInstances
import TestSupport
import _SharedInstancesShims

// The phases of calls made through `Resettable.value` (`Boxes.plain[0].value.use()`), as every
// call site writes them: the compiler reads the instance out, protected, then calls the method on
// a strong reference, also in async code, where the task may resume on another thread. They run
// before any isolation scope opens in the process, so that every read takes the production fast
// path.

/// Reads through `value` in every shape a call site takes (a call, a stored copy, an existential,
/// nested calls deeper than a thread's borrow words, a call that throws, a call that resets its
/// own box) on `readers` threads, while `changers` threads reset, override and set the same
/// boxes.
func accessorReadsPhase(operations: Int, readers: Int, changers: Int) {
  let perThread = max(1, operations / (readers + changers))
  print("reads through value: \(readers) readers, \(changers) changers × \(perThread)")
  onThreads(readers + changers, named: "reads through value") { index in
    var random = SplitMix(seed: options.seed &* 4_099 &+ UInt64(index))
    for _ in 0..<perThread {
      if index < readers {
        accessorRead(&random)
      } else {
        let box = Boxes.plain[random.below(Boxes.plain.count)]
        switch random.below(4) {
        case 0: box.reset()
        case 1: box.set(Tracked())
        case 2: Boxes.existential.override(with: Tracked())
        default: box.override(with: Tracked())
        }
      }
    }
    Ledger.shared.operations.add(perThread)
  }
}

/// One read through `value`, of a random shape.
private func accessorRead(_ random: inout SplitMix) {
  let box = Boxes.plain[random.below(Boxes.plain.count)]
  switch random.below(8) {
  case 0, 1:
    box.value.use()
  case 2:
    let kept = box.value
    kept.use()
  case 3:
    Boxes.existential.value.use()
  case 4:
    nestedAccesses(depth: 1 + random.below(10), &random)
  case 5:
    do {
      try box.value.useThenThrow()
    } catch {
      // Every call throws: the access must end on the way out.
    }
  case 6:
    box.value.during { if random.below(4) == 0 { box.reset() } }
  default:
    Boxes.reentrant.value.use()
  }
}

/// Calls through `value` nested `depth` deep, with a change in the middle now and then: the outer
/// instances must stay alive until their calls return.
private func nestedAccesses(depth: Int, _ random: inout SplitMix) {
  guard depth > 0 else { return }
  let box = Boxes.plain[random.below(Boxes.plain.count)]
  let changes = random.below(4) == 0
  box.value.during {
    if changes { box.override(with: Tracked()) }
    nestedAccesses(depth: depth - 1, &random)
  }
}

/// Threads that exit (`pthread_exit`) in the middle of calls made through `value`, nested, while
/// the main thread overrides the boxes they read: the thread's exit must end the accesses and
/// release what was deferred to them.
func exitingAccessesPhase(waves: Int, perWave: Int) {
  print("threads exiting inside calls through value: \(waves) waves × \(perWave) threads")
  for wave in 0..<waves {
    var threads: [pthread_t] = []
    for index in 0..<perWave {
      // The thread's number as its context: nothing allocated that the exit would leak.
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
          { raw in exitInsideAccesses(Int(bitPattern: raw) - 1) },
          context
        ) == 0
      else { fail("pthread_create failed") }
      #if canImport(Darwin)
        threads.append(thread!)
      #else
        threads.append(thread)
      #endif
    }
    for box in Boxes.plain { box.override(with: Tracked()) }
    for thread in threads { pthread_join(thread, nil) }
    for box in Boxes.plain { box.reset() }
    Ledger.shared.operations.add(perWave)
  }
}

/// One thread of `exitingAccessesPhase`: creates the boxes it reads first (an exit inside a first
/// read would leak the strong reference that read hands out), then exits inside two nested
/// calls made through `value`.
private func exitInsideAccesses(_ index: Int) -> Never {
  let box = Boxes.plain[index % Boxes.plain.count]
  createFirst(box)
  box.value.during {
    Boxes.existential.value.useThenExitThread()
  }
  fatalError("pthread_exit returned")
}

@inline(never)
private func createFirst(_ box: Resettable<Tracked>) {
  box.value.use()
  Boxes.existential.value.use()
}

/// Tasks that `await` methods called through `value` (and pass `value` to async functions),
/// resuming on other threads of the pool, while a thread resets and overrides the boxes. Each
/// time a task resumes, the thread it runs on must hold no hazard word: a protection left set
/// across a suspension would stay on the thread it began on, for the next task there to find.
/// Returns how many times a resumed task found one.
func awaitedAccessesPhase(tasks: Int, awaitsPerTask: Int) -> Int {
  print("awaits through value: \(tasks) tasks × \(awaitsPerTask) awaits")
  let heldAcrossAwaits = AtomicWord()
  let stop = AtomicWord()
  let changer = Thread {
    var random = SplitMix(seed: options.seed &* 31)
    while stop.value == 0 {
      let box = Boxes.plain[random.below(Boxes.plain.count)]
      if random.below(2) == 0 { box.reset() } else { box.override(with: Tracked()) }
      usleep(20)
    }
  }
  changer.start()
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<tasks {
        group.addTask {
          for turn in 0..<awaitsPerTask {
            let box = Boxes.plain[(task + turn) % Boxes.plain.count]
            if await box.value.resumeAndCheck() == false { heldAcrossAwaits.add(1) }
            if await checkAfterResuming(box.value) == false { heldAcrossAwaits.add(1) }
            box.value.use()
          }
          Ledger.shared.operations.add(awaitsPerTask)
        }
      }
    }
    done.signal()
  }
  if done.wait(timeout: .now() + options.phaseLimit) == .timedOut {
    fail("phase 'awaits through value' did not finish within \(options.phaseLimit) s")
  }
  _ = stop.exchange(1)
  while !changer.isFinished { usleep(100) }
  return heldAcrossAwaits.value
}

private func checkAfterResuming(_ instance: Tracked) async -> Bool {
  await Task.yield()
  instance.use()
  return threadHoldsNoHazardWord()
}

/// Whether the calling thread's hazard record has every word free. True at the start of every
/// job of the pool, and at every resumption of a task that holds no borrow in a frame below.
func threadHoldsNoHazardWord() -> Bool {
  let record = si_hazard_current()
  let firstBorrowWord = UnsafeMutableRawPointer(record)
    .advanced(by: MemoryLayout<si_hazard_record>.offset(of: \.borrows)!)
  return si_hazard_transient_is_free(record)
    && UnsafeMutableRawPointer(si_hazard_free_borrow_word(record)) == firstBorrowWord
}

extension Tracked {
  /// Uses the instance around `body`: a method that runs other code while the call through
  /// `value` is in progress.
  @inline(never)
  func during(_ body: () -> Void) {
    use()
    body()
    use()
  }

  @inline(never)
  func useThenThrow() throws(Thrown) {
    use()
    throw Thrown()
  }

  @inline(never)
  func useThenExitThread() -> Never {
    use()
    pthread_exit(nil)
  }

  /// Suspends, then checks the thread it resumed on.
  @inline(never)
  func resumeAndCheck() async -> Bool {
    use()
    await Task.yield()
    use()
    return threadHoldsNoHazardWord()
  }
}

extension Service {
  @inline(never)
  func useThenExitThread() -> Never {
    use()
    pthread_exit(nil)
  }
}
