import SharedInstances

// A bootstrap-once factory, as a metrics facade declares it, held in one box. The same program
// as `no-library`, which keeps the factory in a lock-protected global instead.

protocol CounterFactory: Sendable {
  func makeCounter(label: String) -> Int
}

struct LengthCounterFactory: CounterFactory {
  func makeCounter(label: String) -> Int { label.utf8.count }
}

enum Metrics {
  static let factory = Resettable<any CounterFactory> { LengthCounterFactory() }
}

var total = 0
for argument in CommandLine.arguments {
  total += Metrics.factory.value.makeCounter(label: argument)
}
print(total)
