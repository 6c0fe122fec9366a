import Foundation
import MetricsFacade
import SharedInstances

// Each operation creates a counter through a facade and increments it: the read of the
// factory, one call to make the handler, one to increment. The operations of a table run
// interleaved in every repetition, so that drift in the machine's speed hits them alike; each
// row is the median ns per operation over the repetitions. No isolation scope is opened: these
// are production reads.

let quick = CommandLine.arguments.contains("--quick")
let repetitions = quick ? 3 : 21
let iterations = quick ? 100_000 : 2_000_000

let lockedBackend = CountingFactory()
let boxedBackend = CountingFactory()
LockedMetricsSystem.bootstrap(lockedBackend)
BoxedMetricsSystem.bootstrap(boxedBackend)
InlinedGetterMetrics.bootstrap(CountingFactory())
OutlinedGetterMetrics.bootstrap(CountingFactory())

@inline(never) func lockedCreateAndIncrement(_ label: String) {
  LockedMetricsSystem.factory.makeCounter(label: label).increment(by: 1)
}

@inline(never) func boxedCreateAndIncrement(_ label: String) {
  BoxedMetricsSystem.factory.value.makeCounter(label: label).increment(by: 1)
}

@inline(never) func borrowedCreateAndIncrement(_ label: String) {
  BoxedMetricsSystem.factory.withValue { $0.makeCounter(label: label).increment(by: 1) }
}

@inline(never) func inlinedGetterCreateAndIncrement(_ label: String) {
  InlinedGetterCounter(label: label).increment()
}

@inline(never) func outlinedGetterCreateAndIncrement(_ label: String) {
  OutlinedGetterCounter(label: label).increment()
}

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// Prints a table of `operations`, measured interleaved, with each row's ratio to the first.
func table(_ title: String, _ operations: [(name: String, run: (String) -> Void)]) {
  let label = "requests"
  var samples = Array(repeating: [Double](), count: operations.count)
  for repetition in 0...repetitions {  // the first is a warm-up
    for (index, operation) in operations.enumerated() {
      let start = nanoseconds()
      for _ in 0..<iterations { operation.run(label) }
      let end = nanoseconds()
      if repetition > 0 { samples[index].append(Double(end - start) / Double(iterations)) }
    }
  }
  let base = median(samples[0])
  print("| \(title) | ns | × first row |")
  print("|---|--:|--:|")
  for (index, operation) in operations.enumerated() {
    let value = median(samples[index])
    print(
      "| \(operation.name) | \(String(format: "%.1f", value)) | "
        + "\(String(format: "%.2f", value / base)) |"
    )
  }
  print()
}

table(
  "create a counter and increment it, the factory read through",
  [
    ("a lock-protected global (`pthread_rwlock_t`), as swift-metrics", lockedCreateAndIncrement),
    ("`BootstrapOnce`, `.value`", boxedCreateAndIncrement),
    ("`BootstrapOnce`, `withValue`", borrowedCreateAndIncrement),
  ]
)
table(
  "a client module creates a facade's counter (`@inlinable init`) and increments it, "
    + "the facade's factory getter",
  [
    ("`@inlinable get { box.value }`", inlinedGetterCreateAndIncrement),
    ("`@inline(never) get { box.value }`", outlinedGetterCreateAndIncrement),
  ]
)
precondition(lockedBackend.total * 2 == boxedBackend.total, "every operation ran")
