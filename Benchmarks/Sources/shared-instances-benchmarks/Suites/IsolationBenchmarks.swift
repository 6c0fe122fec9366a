import SharedInstances
import SharedInstancesTesting

/// Rows 3c–3e, 7h–7j and 8: reads and scopes of test isolation.
///
/// These open isolation scopes, which switches on the process-wide "isolation was used" flag
/// for good: from then on every `Resettable` read takes the slower path (row 3e). So they run
/// after every production row.
enum IsolationBenchmarks {
  static func run(
    _ sampler: Sampler,
    _ threaded: ThreadedSampler,
    into report: inout Report
  ) async {
    measureReads(sampler, threaded, into: &report)
    let population = measureScopes(sampler, into: &report)
    await measureAsyncScope(sampler, population: population, into: &report)
  }

  private static func measureReads(
    _ sampler: Sampler,
    _ threaded: ThreadedSampler,
    into report: inout Report
  ) {
    let overridden = withIsolatedShared(name: "overridden read") {
      Boxes.scoped.override(with: Service())
      return sampler.measure { Boxes.scoped.value }
    }
    report.add(
      Row(
        id: "3c",
        benchmark: "`Resettable.value` inside an isolated test scope, overridden there",
        sample: overridden
      )
    )
    let own = withIsolatedShared(name: "own instance read") {
      sampler.measure { Boxes.scoped.value }
    }
    report.add(
      Row(
        id: "3d",
        benchmark: "`Resettable.value` inside an isolated test scope, the scope's own instance",
        sample: own
      )
    )
    report.add(
      Row(
        id: "3e",
        benchmark: "`Resettable.value`, created, outside any scope after isolation was used",
        sample: sampler.measure { Boxes.created.value },
        notes: "what code outside isolated tests pays in a test process"
      )
    )
    TwoThreadReads.measure(
      id: "7h",
      name: "`Resettable.value` outside any scope after isolation was used, the same box",
      threaded,
      into: &report,
      [{ Boxes.created.value }]
    )
    TwoThreadReads.measure(
      id: "7i",
      name: "`Resettable.value` outside any scope after isolation was used, each thread its "
        + "own box",
      threaded,
      into: &report,
      [{ Boxes.created.value }, { Boxes.createdToo.value }]
    )
    TwoThreadReads.measure(
      id: "7j",
      name: "`Resettable.value`, each thread in its own isolated scope",
      threaded,
      into: &report,
      perThread: { body in withIsolatedShared(name: "thread scope") { body() } },
      [{ Boxes.scoped.value }]
    )
  }

  /// Row 8: an emulated test's set-up and tear-down (a scope opened, one box read in it, the
  /// scope ended), with 0, 10 and 10,000 other boxes created, each with its instance, in the
  /// process. The three counts are measured in turn within each repetition, so that drift in
  /// the machine's speed hits them alike.
  private static func measureScopes(
    _ sampler: Sampler,
    into report: inout Report
  ) -> Population {
    let population = Population()
    let counts = [("8a", 0), ("8b", 10), ("8c", 10_000)]
    let samples = sampler.measureInterleaved(
      counts.map { _, count in { population.resize(to: count) } }
    ) { withIsolatedShared(name: "emulated test") { Boxes.probe.value } }
    for ((id, count), sample) in zip(counts, samples) {
      report.add(
        Row(
          id: id,
          benchmark: "per-test isolation (sync scope + 1 box read), \(count) other boxes",
          sample: sample
        )
      )
    }
    population.resize(to: 10_000)
    let touched = population.first(10)
    report.add(
      Row(
        id: "8d",
        benchmark: "per-test isolation touching 11 boxes, 10000 other boxes",
        sample: sampler.measure {
          withIsolatedShared(name: "emulated test") {
            for box in touched { blackHole(box.value) }
            return Boxes.probe.value
          }
        },
        notes: "cost grows with the boxes a test touches, as designed"
      )
    )
    return population
  }

  /// Row 8e: the asynchronous scope that `@Test(.isolatedShared)` opens for each test.
  private static func measureAsyncScope(
    _ sampler: Sampler,
    population: Population,
    into report: inout Report
  ) async {
    let sample = await sampler.measure {
      await withIsolatedShared(name: "emulated test") { () async -> Service in
        Boxes.probe.value
      }
    }
    report.add(
      Row(
        id: "8e",
        benchmark: "per-test isolation, async scope (the trait's path) + 1 box read, "
          + "\(population.count) other boxes",
        sample: sample
      )
    )
  }
}

/// The boxes row 8 creates to fill the process, each with its instance created.
final class Population {
  private var boxes: [Resettable<Service>] = []

  var count: Int { boxes.count }

  /// Creates boxes, or releases the last ones, until there are `count`.
  func resize(to count: Int) {
    if boxes.count > count { boxes.removeLast(boxes.count - count) }
    while boxes.count < count {
      let box = Resettable { Service() }
      blackHole(box.value)
      boxes.append(box)
    }
  }

  func first(_ count: Int) -> [Resettable<Service>] { Array(boxes.prefix(count)) }
}
