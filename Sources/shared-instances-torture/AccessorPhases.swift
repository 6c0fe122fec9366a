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

/// One read through `value`, of a random shape. `resets`: whether a call may reset its box (not
/// where threads exit inside borrows: a borrow of an emptied box hands out a strong reference).
private func accessorRead(_ random: inout SplitMix, resets: Bool = true) {
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
    box.value.during { if resets && random.below(4) == 0 { box.reset() } }
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

/// Calls through `value` on `readers` threads while short-lived threads, which also call through
/// `value`, exit (`pthread_exit`) inside nested borrows, and the main thread overrides the
/// boxes: the exiting threads' destructors clear their words and reclaim what was deferred to
/// them, under the readers' feet.
///
/// The exits happen inside `withValue`, never inside a call made through `value`: that call
/// holds a strong reference to the instance, which `pthread_exit` (skipping every release)
/// would leak, a limit of `pthread_exit` in Swift, not of the library.
func exitingThreadsPhase(waves: Int, perWave: Int, readers: Int) {
  print(
    "calls through value while threads exit: \(waves) waves × \(perWave) threads, "
      + "\(readers) readers"
  )
  let stop = AtomicWord()
  let readersDone = DispatchGroup()
  for reader in 0..<readers {
    readersDone.enter()
    Thread {
      var random = SplitMix(seed: options.seed &* 8_191 &+ UInt64(reader))
      var reads = 0
      while stop.value == 0 {
        accessorRead(&random, resets: false)
        reads += 1
      }
      Ledger.shared.operations.add(reads)
      readersDone.leave()
    }.start()
  }
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
          { raw in exitAfterCallsThroughValue(Int(bitPattern: raw) - 1) },
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
    Ledger.shared.operations.add(perWave)
  }
  _ = stop.exchange(1)
  if readersDone.wait(timeout: .now() + options.phaseLimit) == .timedOut {
    fail("the readers of 'calls through value while threads exit' did not stop")
  }
}

/// One thread of `exitingThreadsPhase`: calls through `value` in a frame of its own (every
/// reference released before the exit), then exits inside two nested borrows.
private func exitAfterCallsThroughValue(_ index: Int) -> Never {
  callThroughValue(index)
  let box = Boxes.plain[index % Boxes.plain.count]
  box.withValue { outer in
    outer.use()
    Boxes.existential.withValue { _ in pthread_exit(nil) }
  }
  fatalError("pthread_exit returned")
}

/// Creates the boxes the thread borrows (a borrow of an empty box hands out a strong reference,
/// which the exit would leak) and calls through `value`.
@inline(never)
private func callThroughValue(_ index: Int) {
  var random = SplitMix(seed: options.seed &+ UInt64(index) &* 131)
  for _ in 0..<4 { accessorRead(&random, resets: false) }
  Boxes.plain[index % Boxes.plain.count].value.use()
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
func threadHoldsNoHazardWord() -> Bool { _threadHoldsNoHazardWord() }

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

  /// Suspends, then checks the thread it resumed on.
  @inline(never)
  func resumeAndCheck() async -> Bool {
    use()
    await Task.yield()
    use()
    return threadHoldsNoHazardWord()
  }
}
