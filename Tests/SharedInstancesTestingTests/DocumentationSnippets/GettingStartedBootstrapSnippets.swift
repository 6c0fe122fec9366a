import Foundation
import SharedInstances
import SharedInstancesTesting
import Testing

/// GettingStarted.md: "Name a box", "A system bootstrapped once" and "Report failures at your
/// caller's line"; Resettable.md: a facade's getter kept out of line.
extension Docs {
  @Suite struct GettingStartedBootstrapSnippets {
    @Test(.isolatedShared(.strict)) func countsRequests() {
      let metrics = InMemoryMetrics()
      MetricsSystem.factory.bootstrap(metrics)  // this test's own backend
      _ = RequestHandler().handle(path: "/api/users")
      #expect(metrics.counter("requests") == 1)
    }

    @Test func aNamedBoxIsShownByItsName() {
      #expect(
        MetricsSystem.factory.description.hasPrefix(
          "MetricsSystem.factory (BootstrapOnce<MetricsFactory>, declared at "
        )
      )
    }

    @Test func theWrapperForwardsItsCallersLine() {
      let line = #line + 4
      withKnownIssue {
        withIsolatedShared {
          MetricsSystem.bootstrap(InMemoryMetrics())
          MetricsSystem.bootstrap(InMemoryMetrics())  // `line`
        }
      } matching: { issue in
        issue.sourceLocation?.line == line
          && issue.sourceLocation?.fileName == "GettingStartedBootstrapSnippets.swift"
      }
    }

    @Test(.isolatedShared) func theOutOfLineGetterReadsTheBox() {
      MetricsSystem.factory.bootstrap(InMemoryMetrics())
      #expect(OutOfLineMetricsSystem.factory is NoOpMetricsFactory)  // its own box: the default
      #expect(MetricsSystem.factory.value is InMemoryMetrics)
    }
  }

  // MARK: - Fixtures

  protocol MetricsFactory: Sendable {
    func makeCounter(label: String) -> any CounterHandler
  }

  protocol CounterHandler: Sendable {
    func increment(by amount: Int)
  }

  struct NoOpMetricsFactory: MetricsFactory {
    private struct Handler: CounterHandler {
      func increment(by amount: Int) {}
    }
    func makeCounter(label: String) -> any CounterHandler { Handler() }
  }

  final class InMemoryMetrics: MetricsFactory, @unchecked Sendable {
    // @unchecked: `totals` is only accessed while `lock` is held.
    private let lock = NSLock()
    private var totals: [String: Int] = [:]

    private struct Handler: CounterHandler {
      let label: String
      let metrics: InMemoryMetrics
      func increment(by amount: Int) {
        metrics.lock.lock()
        metrics.totals[label, default: 0] += amount
        metrics.lock.unlock()
      }
    }

    func makeCounter(label: String) -> any CounterHandler { Handler(label: label, metrics: self) }

    func counter(_ label: String) -> Int {
      lock.lock()
      defer { lock.unlock() }
      return totals[label] ?? 0
    }
  }

  enum MetricsSystem {
    static let factory = BootstrapOnce<any MetricsFactory>(
      name: "MetricsSystem.factory"
    ) { NoOpMetricsFactory() }

    static func bootstrap(
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

  /// Resettable.md's facade whose getter stays out of line.
  enum OutOfLineMetricsSystem {
    static let box = BootstrapOnce<any MetricsFactory>(
      name: "MetricsSystem.factory"
    ) { NoOpMetricsFactory() }

    static var factory: any MetricsFactory {
      @inline(never) get { box.value }
    }
  }

  struct RequestHandler {
    func handle(path: String) -> Int {
      MetricsSystem.factory.value.makeCounter(label: "requests").increment(by: 1)
      return path.hasPrefix("/api/") ? 200 : 404
    }
  }
}
