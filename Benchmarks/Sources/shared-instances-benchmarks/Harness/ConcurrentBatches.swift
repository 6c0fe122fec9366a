import Foundation

/// Times operations on two threads at once, for the two-thread columns of the read-cost and
/// accessor tables: both threads run every operation in turn, batch by batch, `rounds` times,
/// and a batch counts only if it ran entirely within one batch of the other thread, so that the
/// two really ran at once the whole time.
enum ConcurrentBatches {
  /// Per operation, the fastest counted batch of either thread (`time(index)` runs one batch of
  /// operation `index` and returns its ns per call); infinity where no batch counted.
  static func fastest(operations: Int, rounds: Int, _ time: @escaping @Sendable (Int) -> Double)
    -> [Double]
  {
    let completed = [BatchCounter(), BatchCounter()]
    let results = [BestBatches(operations), BestBatches(operations)]
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for thread in 0..<2 {
      done.enter()
      Thread {
        start.wait()
        let other = completed[1 - thread]
        for _ in 0..<rounds {
          for index in 0..<operations {
            completed[thread].add()  // odd: in a batch
            let before = other.load()
            let cost = time(index)
            let after = other.load()
            completed[thread].add()
            // The other thread was inside one and the same batch from before this batch began
            // until after it ended: the two were running at once the whole time. (A condition
            // on the other's batch, not on this one's length, so fast batches are not left out.)
            if before % 2 == 1 && after == before { results[thread].record(index, cost) }
          }
        }
        done.leave()
      }.start()
    }
    start.signal()
    start.signal()
    done.wait()
    return (0..<operations).map { min(results[0].best($0), results[1].best($0)) }
  }
}

/// A count one thread bumps and another reads.
private final class BatchCounter: @unchecked Sendable {
  // @unchecked: `value` is only touched while `lock` is held.
  private let lock = NSLock()
  private var value = 0
  func add() { lock.withLock { value += 1 } }
  func load() -> Int { lock.withLock { value } }
}

/// The fastest batch of each operation, for one thread.
private final class BestBatches: @unchecked Sendable {
  // @unchecked: `values` is only touched while `lock` is held.
  private let lock = NSLock()
  private var values: [Double]
  init(_ count: Int) { values = Array(repeating: .infinity, count: count) }
  func record(_ index: Int, _ cost: Double) {
    lock.withLock { values[index] = min(values[index], cost) }
  }
  func best(_ index: Int) -> Double { lock.withLock { values[index] } }
}
