import Foundation
import MetricsFacadeExample

/// A metrics backend for tests: remembers every counter's total.
final class InMemoryMetrics: MetricsFactory, @unchecked Sendable {
  // @unchecked: `totals` is only accessed while `lock` is held.
  private let lock = NSLock()
  private var totals: [String: Int] = [:]

  func makeCounter(label: String) -> any CounterHandler {
    Handler(label: label, metrics: self)
  }

  /// The total of the counter named `label`, 0 if it was never incremented.
  func counter(_ label: String) -> Int {
    lock.withLock { totals[label] ?? 0 }
  }

  private func add(_ amount: Int, to label: String) {
    lock.withLock { totals[label, default: 0] += amount }
  }

  private struct Handler: CounterHandler {
    let label: String
    let metrics: InMemoryMetrics
    func increment(by amount: Int) { metrics.add(amount, to: label) }
  }
}
