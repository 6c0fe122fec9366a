import Dispatch
import Foundation
import Synchronization

/// Runs reads on several threads at the same moment and times the whole: the result is wall
/// time divided by the reads of all threads, so two threads that scale perfectly halve it.
struct ThreadedSampler: Sendable {
  let settings: Settings

  /// Code each thread runs its loop in: by default none; a test scope for in-scope reads.
  typealias Wrapper = @Sendable (() -> Void) -> Void

  /// Measures reads on `threads` threads at once, in wall nanoseconds per read: thread `i`
  /// calls `operations[i % operations.count]`.
  func measure(
    threads: Int,
    perThread wrap: @escaping Wrapper = { $0() },
    _ operations: [@Sendable () -> AnyObject]
  ) -> Sample {
    let operations = opaque(operations)
    return measure(threads: threads, perThread: wrap) { thread, iterations in
      Sampler.loop(operations[thread % operations.count], iterations: iterations)
    }
  }

  /// Measures calls that return a number (a member read, a method's result) on `threads`
  /// threads at once, in wall nanoseconds per call: nothing is returned by reference, so the
  /// loop itself retains nothing.
  func measureCalls(
    threads: Int,
    perThread wrap: @escaping Wrapper = { $0() },
    _ operation: @escaping @Sendable () -> Int
  ) -> Sample {
    let operation = opaque(operation)
    return measure(threads: threads, perThread: wrap) { _, iterations in
      Sampler.loop(operation, iterations: iterations)
    }
  }

  /// Calibrates `loop` (thread 0's) to the target length, then times `threads` threads running
  /// it at once.
  private func measure(
    threads: Int,
    perThread wrap: @escaping Wrapper,
    _ loop: @escaping @Sendable (_ thread: Int, _ iterations: Int) -> UInt
  ) -> Sample {
    var iterations = 0
    wrap {
      iterations = Sampler(settings: settings).calibrate { loop(0, $0) }
    }
    _ = run(threads: threads, iterations: iterations, wrap: wrap, loop)  // warm-up
    var results: [Double] = []
    for _ in 0..<settings.repetitions {
      let elapsed = run(threads: threads, iterations: iterations, wrap: wrap, loop)
      results.append(Double(elapsed) / Double(threads * iterations))
    }
    return Sample(results)
  }

  /// Starts the threads, releases them together, and returns the nanoseconds until the last
  /// one finished its loop.
  private func run(
    threads: Int,
    iterations: Int,
    wrap: @escaping Wrapper,
    _ loop: @escaping @Sendable (_ thread: Int, _ iterations: Int) -> UInt
  ) -> UInt64 {
    let start = StartLine(threads: threads)
    for thread in 0..<threads {
      Thread.detachNewThread {
        wrap {
          start.arriveAndWait()
          blackHole(loop(thread, iterations))
          start.finished.signal()
        }
      }
    }
    start.waitUntilEveryoneArrived()
    let begin = now()
    start.go.store(true, ordering: .releasing)
    for _ in 0..<threads { start.finished.wait() }
    return now() - begin
  }
}

/// Where the threads of one run wait to start together.
private final class StartLine: Sendable {
  let threads: Int
  let arrived = Atomic(0)
  let go = Atomic(false)
  let finished = DispatchSemaphore(value: 0)

  init(threads: Int) { self.threads = threads }

  func arriveAndWait() {
    arrived.add(1, ordering: .acquiringAndReleasing)
    while !go.load(ordering: .acquiring) {}
  }

  func waitUntilEveryoneArrived() {
    while arrived.load(ordering: .acquiring) < threads { usleep(20) }
  }
}
