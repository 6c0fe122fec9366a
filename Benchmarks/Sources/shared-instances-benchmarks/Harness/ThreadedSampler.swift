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
    var iterations = 0
    wrap {
      iterations = Sampler(settings: settings).calibrate {
        Sampler.loop(operations[0], iterations: $0)
      }
    }
    _ = run(threads: threads, iterations: iterations, wrap: wrap, operations)  // warm-up
    var results: [Double] = []
    for _ in 0..<settings.repetitions {
      let elapsed = run(threads: threads, iterations: iterations, wrap: wrap, operations)
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
    _ operations: [@Sendable () -> AnyObject]
  ) -> UInt64 {
    let start = StartLine(threads: threads)
    for thread in 0..<threads {
      let operation = operations[thread % operations.count]
      Thread.detachNewThread {
        wrap {
          start.arriveAndWait()
          blackHole(Sampler.loop(operation, iterations: iterations))
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
