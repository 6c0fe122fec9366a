import Foundation
import MetricsFacade
import SharedInstances

/// A backend whose counters are one shared object (so a metric's creation costs the read of the
/// factory and one call, not an allocation).
final class CountingFactory: MetricsFactory, @unchecked Sendable {
  // @unchecked: `total` is written by one thread in this benchmark and read after it.
  private final class Handler: CounterHandler, @unchecked Sendable {
    // @unchecked: see `CountingFactory`.
    var total = 0
    func increment(by amount: Int) { total &+= amount }
  }
  private let handler = Handler()
  func makeCounter(label: String) -> any CounterHandler { handler }
  var total: Int { handler.total }
}

/// Before: the factory in a global guarded by a reader-writer lock, with an "initialized" flag
/// (swift-metrics' `MetricsSystem`, which uses `pthread_rwlock_t`).
enum LockedMetricsSystem {
  private static let box = LockedBox(NoOpFactory())

  static func bootstrap(_ factory: any MetricsFactory) { box.replace(with: factory) }

  static var factory: any MetricsFactory { box.factory }

  private final class LockedBox: @unchecked Sendable {
    // @unchecked: `underlying` and `initialized` are only accessed while `lock` is held.
    private let lock: UnsafeMutablePointer<pthread_rwlock_t> = {
      let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
      pthread_rwlock_init(lock, nil)
      return lock
    }()
    private var underlying: any MetricsFactory
    private var initialized = false

    init(_ factory: any MetricsFactory) { underlying = factory }

    func replace(with factory: any MetricsFactory) {
      pthread_rwlock_wrlock(lock)
      defer { pthread_rwlock_unlock(lock) }
      precondition(!initialized, "metrics system can only be initialized once per process")
      underlying = factory
      initialized = true
    }

    var factory: any MetricsFactory {
      pthread_rwlock_rdlock(lock)
      defer { pthread_rwlock_unlock(lock) }
      return underlying
    }
  }
}

/// After: the factory in a bootstrap-once box.
enum BoxedMetricsSystem {
  static let factory = BootstrapOnce<any MetricsFactory>(
    name: "MetricsSystem.factory"
  ) { NoOpFactory() }

  static func bootstrap(_ factory: any MetricsFactory) { self.factory.bootstrap(factory) }
}
