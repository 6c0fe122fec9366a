import SharedInstances

// A facade module read by a client module, as an app reads swift-metrics: its counter's
// initializer is `@inlinable`, so the client can inline it. Two facades differ only in the
// factory's getter: an `@inlinable` one inlines the box's fast path into the initializer, an
// `@inline(never)` one keeps the initializer small.

/// A metrics backend's bridge, as the facade sees it.
public protocol MetricsFactory: Sendable {
  func makeCounter(label: String) -> any CounterHandler
}

public protocol CounterHandler: Sendable {
  func increment(by amount: Int)
}

/// The default backend: drops every metric.
public struct NoOpFactory: MetricsFactory {
  private struct Handler: CounterHandler {
    func increment(by amount: Int) {}
  }
  public init() {}
  public func makeCounter(label: String) -> any CounterHandler { Handler() }
}

/// The facade whose factory getter is `@inlinable`: the box's read is inlined into every caller.
public enum InlinedGetterMetrics {
  @usableFromInline static let box = BootstrapOnce<any MetricsFactory>(
    name: "InlinedGetterMetrics.factory"
  ) { NoOpFactory() }

  public static func bootstrap(_ factory: any MetricsFactory) { box.bootstrap(factory) }

  public static var factory: any MetricsFactory {
    @inlinable get { box.value }
  }
}

/// The facade whose factory getter is `@inline(never)`: a call into this module.
public enum OutlinedGetterMetrics {
  static let box = BootstrapOnce<any MetricsFactory>(
    name: "OutlinedGetterMetrics.factory"
  ) { NoOpFactory() }

  public static func bootstrap(_ factory: any MetricsFactory) { box.bootstrap(factory) }

  public static var factory: any MetricsFactory {
    @inline(never) get { box.value }
  }
}

/// A counter created through ``InlinedGetterMetrics``, with swift-metrics' `Counter` fields.
public struct InlinedGetterCounter {
  @usableFromInline let handler: any CounterHandler
  public let label: String
  public let dimensions: [(String, String)]

  @inlinable public init(label: String, dimensions: [(String, String)] = []) {
    self.label = label
    self.dimensions = dimensions
    handler = InlinedGetterMetrics.factory.makeCounter(label: label)
  }

  @inlinable public func increment() { handler.increment(by: 1) }
}

/// A counter created through ``OutlinedGetterMetrics``, with swift-metrics' `Counter` fields.
public struct OutlinedGetterCounter {
  @usableFromInline let handler: any CounterHandler
  public let label: String
  public let dimensions: [(String, String)]

  @inlinable public init(label: String, dimensions: [(String, String)] = []) {
    self.label = label
    self.dimensions = dimensions
    handler = OutlinedGetterMetrics.factory.makeCounter(label: label)
  }

  @inlinable public func increment() { handler.increment(by: 1) }
}
