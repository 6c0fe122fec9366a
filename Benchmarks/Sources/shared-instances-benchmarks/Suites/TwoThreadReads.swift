import Foundation
import SharedInstances
import Swinject

/// Row 7: two threads reading the same shared instance at once.
enum TwoThreadReads {
  static func run(_ sampler: ThreadedSampler, into report: inout Report) {
    let resolver = SharedResolver(SwinjectFixtures.container(registrations: 1))
    let cases: [(id: String, name: String, reads: [@Sendable () -> AnyObject])] = [
      ("7a", "`static let` (row 1)", [{ StaticLetSingleton.shared }]),
      ("7b", "`static let`, created at run time (row 1b)", [{ RuntimeStaticLetSingleton.shared }]),
      ("7c", "`Mutex`", [{ MutexSingleton.shared }]),
      ("7d", "`NSLock`", [{ NSLockSingleton.shared }]),
      ("7e", "`Resettable.value`, created, the same box", [{ Boxes.created.value }]),
      (
        "7f", "`Resettable.value`, created, each thread its own box",
        [{ Boxes.created.value }, { Boxes.createdToo.value }]
      ),
      ("7g", "Swinject synchronized `resolve`", [{ resolver.resolver.resolve(Service.self)! }]),
    ]
    for (id, name, reads) in cases {
      measure(id: id, name: name, sampler, into: &report, reads)
    }
  }

  /// Adds a row for reads on two threads (the first thread calls `reads[0]`, the second the
  /// last of `reads`), noting the throughput and how it compares with one thread measured the
  /// same way.
  static func measure(
    id: String,
    name: String,
    _ sampler: ThreadedSampler,
    into report: inout Report,
    perThread wrap: @escaping ThreadedSampler.Wrapper = { $0() },
    _ reads: [@Sendable () -> AnyObject]
  ) {
    let one = sampler.measure(threads: 1, perThread: wrap, reads)
    let two = sampler.measure(threads: 2, perThread: wrap, reads)
    let scaling = one.median / two.median
    report.figures["\(id).scaling"] = scaling
    report.add(
      Row(
        id: id,
        benchmark: "two threads at once: \(name)",
        sample: two,
        notes: String(
          format: "%.1f M reads/s in total; %.2f× one thread's %.1f M/s",
          1_000 / two.median,
          scaling,
          1_000 / one.median
        )
      )
    )
  }
}
