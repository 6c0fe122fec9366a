import Synchronization

// The same program as `one-box`, with the factory in the lock-protected global a box replaces.

protocol CounterFactory: Sendable {
  func makeCounter(label: String) -> Int
}

struct LengthCounterFactory: CounterFactory {
  func makeCounter(label: String) -> Int { label.utf8.count }
}

enum Metrics {
  static let factory = Mutex<any CounterFactory>(LengthCounterFactory())
}

var total = 0
for argument in CommandLine.arguments {
  total += Metrics.factory.withLock { $0 }.makeCounter(label: argument)
}
print(total)
