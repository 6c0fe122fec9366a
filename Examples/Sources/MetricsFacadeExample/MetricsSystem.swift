// Issue 30: a bootstrap-once metrics facade, the shape of swift-metrics' `MetricsSystem`,
// migrated onto `BootstrapOnce`.
//
// Before, the facade kept its factory in a lock-protected global with an "initialized" flag
// (a `ReadWriteLock` around `var factory` and `var initialized`): production bootstrapped it once, and
// tests could not — a test that bootstrapped a backend changed it for every other test, so the
// tests ran one at a time and called an internal `bootstrapInternal` to re-bootstrap. Now the
// factory is a box: production still bootstraps once (a second bootstrap stops the program), code
// before the bootstrap gets the no-op default, each isolated test bootstraps its own backend and
// they run in parallel, and every metric created is a read that strict mode, the test's
// dependency record and the dependency map see.

import SharedInstances

/// Creates the handlers behind the facade's metrics: the bridge to a metrics backend.
public protocol MetricsFactory: Sendable {
  /// Returns the handler of the counter named `label`.
  func makeCounter(label: String) -> any CounterHandler
}

/// What a backend does when a counter is incremented.
public protocol CounterHandler: Sendable {
  /// Adds `amount` to the counter.
  func increment(by amount: Int)
}

/// The facade's global configuration: the backend every metric is created with.
public enum MetricsSystem {
  /// The backend. Reads return ``NoOpMetricsFactory`` until the program bootstraps one.
  public static let factory = BootstrapOnce<any MetricsFactory>(
    name: "MetricsSystem.factory"
  ) { NoOpMetricsFactory() }

  /// Selects the metrics backend, once per program (once per test in an isolated test).
  ///
  /// It forwards its caller's location, so a failure (a second bootstrap in one test) points at
  /// the caller's line, not at this file.
  ///
  /// ```swift
  /// MetricsSystem.bootstrap(PrometheusMetricsFactory())
  /// ```
  ///
  /// - Parameters:
  ///   - factory: The backend every metric is created with from now on.
  ///   - fileID: The caller's location. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  public static func bootstrap(
    _ factory: any MetricsFactory,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.factory.bootstrap(
      factory,
      fileID: fileID,
      filePath: filePath,
      line: line,
      column: column
    )
  }
}

/// A counter of the facade: created with the backend that is bootstrapped when it is created.
public struct Counter: Sendable {
  /// The counter's name.
  public let label: String
  private let handler: any CounterHandler

  /// Creates the counter named `label` with the bootstrapped backend.
  ///
  /// ```swift
  /// let requests = Counter(label: "requests")
  /// requests.increment()
  /// ```
  ///
  /// - Parameter label: The counter's name.
  public init(label: String) {
    self.label = label
    // A read of the box: strict mode, the records and the map see it.
    self.handler = MetricsSystem.factory.value.makeCounter(label: label)
  }

  /// Adds `amount` (1 by default) to the counter.
  ///
  /// - Parameter amount: What to add.
  public func increment(by amount: Int = 1) {
    handler.increment(by: amount)
  }
}

/// The default backend: drops every metric.
public struct NoOpMetricsFactory: MetricsFactory {
  /// Creates the no-op backend.
  public init() {}

  public func makeCounter(label: String) -> any CounterHandler { NoOpCounter() }

  private struct NoOpCounter: CounterHandler {
    func increment(by amount: Int) {}
  }
}
