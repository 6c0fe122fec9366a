import MetricsFacadeExample
import SharedInstances
import SharedInstancesTesting
import Testing

/// Each test bootstraps its own metrics backend: they run in parallel, none sees another's
/// counts, and strict mode fails a test that forgot to bootstrap (it would count into the no-op
/// default, and assert nothing). Every test's shared instances are checked against its record in
/// `__Dependencies__/RequestHandlerTests/`.
@Suite(.isolatedShared([.strict, .recordsDependencies]), .timeLimit(.minutes(1)))
struct RequestHandlerTests {
  @Test(arguments: ["/api/users", "/api/orders", "/api/cart", "/api/search"])
  func eachRequestIsCountedInTheTestsOwnBackend(path: String) async throws {
    let metrics = InMemoryMetrics()
    MetricsSystem.bootstrap(metrics)
    try await Task.sleep(for: .milliseconds(10))  // the other tests run meanwhile

    #expect(RequestHandler().handle(path: path) == 200)

    #expect(metrics.counter("requests") == 1)
    #expect(metrics.counter("not_found") == 0)
  }

  @Test func anUnknownPathIsCountedAsNotFound() {
    let metrics = InMemoryMetrics()
    MetricsSystem.bootstrap(metrics)

    #expect(RequestHandler().handle(path: "/favicon.ico") == 404)

    #expect(metrics.counter("requests") == 1)
    #expect(metrics.counter("not_found") == 1)
  }

  @Test func aTestThatBootstrapsSeesItsBackendAsItsOwn() {
    MetricsSystem.bootstrap(InMemoryMetrics())
    #expect(MetricsSystem.factory.isBootstrapped)
    _ = Counter(label: "requests")
    let use = SharedScope.current.touchedInstances.first { $0.name == "MetricsSystem.factory" }
    #expect(use?.wasRead == true)
    #expect(use?.readRealInstance == false)
  }

  /// The mistake strict mode is for: without a bootstrap, the handler counts into the no-op
  /// default. The test fails, telling it to bootstrap; the record and the map list the real read.
  @Test func aTestThatForgotToBootstrapFails() {
    withKnownIssue {
      #expect(RequestHandler().handle(path: "/api/users") == 200)
    } matching: { issue in
      issue.comments.description.contains("read the real instance of MetricsSystem.factory")
        && issue.comments.description.contains(
          "Bootstrap MetricsSystem.factory in the test, the way the program bootstraps it"
        )
    }
  }

  /// A second bootstrap in one test fails it, at this test's line (the facade forwards it).
  @Test func bootstrappingTwiceInOneTestFailsIt() {
    MetricsSystem.bootstrap(InMemoryMetrics())
    withKnownIssue {
      MetricsSystem.bootstrap(InMemoryMetrics())
    } matching: { issue in
      issue.sourceLocation?.fileName == "RequestHandlerTests.swift"
        && issue.comments.description.contains("was bootstrapped twice")
    }
  }
}

/// Production: before the bootstrap every metric goes to the no-op default; the program
/// bootstraps once, and a second bootstrap stops it, as swift-metrics' does.
@Suite(.timeLimit(.minutes(1))) struct ProductionBootstrapTests {
  @Test func aSecondBootstrapStopsTheProgram() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      // The child of an exit test starts as an isolated test; this one is the program.
      SharedScope.leaveExitTestIsolation()
      #expect(RequestHandler().handle(path: "/api/users") == 200)  // the no-op default
      MetricsSystem.bootstrap(NoOpMetricsFactory())
      MetricsSystem.bootstrap(NoOpMetricsFactory())
    }.map { result in
      let message = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(message.contains("MetricsSystem.factory (BootstrapOnce<MetricsFactory>"))
      #expect(message.contains("can only be bootstrapped once per process"))
    }
  }
}
