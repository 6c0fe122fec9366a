import Foundation
import SharedInstances
import SharedInstancesDependencyMap
import SharedInstancesTesting
import TestSupport
import Testing

/// A bootstrap-once box, the shape of swift-log's `LoggingSystem`,
/// swift-metrics' `MetricsSystem` and swift-distributed-tracing's `InstrumentationSystem`.
/// Production bootstraps it once (a second bootstrap stops the program, as those libraries do),
/// code before the bootstrap reads the system's default, each isolated test bootstraps its own,
/// and every use is a read that strict mode, records and `touchedInstances` see.
@Suite(TimeLimits.waiting) struct BootstrapOnceTests {
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func productionReadsTheDefaultUntilTheBootstrapThenTheBootstrappedValue() async {
      await #expect(processExitsWith: .success) {
        let box = BootstrapOnce<Backend>(name: "Metrics.backend") { Backend("no-op") }
        precondition(box.value.name == "no-op")
        precondition(!box.isBootstrapped)
        box.bootstrap(Backend("prometheus"))
        precondition(box.value.name == "prometheus")
        precondition(box.isBootstrapped)
      }
    }
  #endif

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aSecondBootstrapInProductionStopsTheProgramNamingTheBoxAndTheFirstBootstrap() async {
      let result = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) {
        SharedScope.leaveExitTestIsolation()  // the program, not a test
        let box = BootstrapOnce<Backend>(name: "Metrics.backend") { Backend("no-op") }
        box.bootstrap(Backend("prometheus"))
        box.bootstrap(Backend("statsd"))
      }
      let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(stderr.contains("Metrics.backend (BootstrapOnce<Backend>, declared at"))
      #expect(stderr.contains("can only be bootstrapped once per process"))
      // Both bootstraps are at one line here: inside the exit test's body (a macro's
      // expansion), every `#line` is the macro's.
      #expect(
        stderr.contains("first bootstrapped at SharedInstancesTestIsolationTests/")
          || stderr.contains("both times through SharedInstancesTestIsolationTests/")
      )
    }
  #endif

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aSetInTheProgramIsItsBootstrapSoALaterBootstrapStopsIt() async {
      let result = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) {
        SharedScope.leaveExitTestIsolation()  // the program, not a test
        let box = BootstrapOnce<Backend>(name: "Metrics.backend") { Backend("no-op") }
        box.set(Backend("prometheus"))
        precondition(box.isBootstrapped)
        precondition(box.value.name == "prometheus")
        box.bootstrap(Backend("statsd"))
      }
      let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(stderr.contains("can only be bootstrapped once per process"))
    }
  #endif

  @Test(.isolatedShared) func beforeItsBootstrapATestReadsTheDefaultAsARealRead() {
    #expect(BootstrapBoxes.backend.value.name == "no-op")
    let use = SharedScope.current.touchedInstances.first { $0.name == "Tests.backend" }
    #expect(use?.readRealInstance == true)
    #expect(use?.reads == 1)
  }

  @Test(.isolatedShared, arguments: ["prometheus", "statsd", "otel", "memory"])
  func eachParallelTestBootstrapsItsOwn(name: String) async throws {
    BootstrapBoxes.backend.bootstrap(Backend(name))
    try await Task.sleep(nanoseconds: 20_000_000)
    #expect(BootstrapBoxes.backend.value.name == name)
    #expect(BootstrapBoxes.backend.isBootstrapped)
    let use = SharedScope.current.touchedInstances.first { $0.name == "Tests.backend" }
    #expect(use?.readRealInstance == false)
    #expect(use?.reads == 1)
  }

  @Test(.isolatedShared) func aTestThatDidNotBootstrapSeesNoOtherTestsBootstrap() {
    #expect(!BootstrapBoxes.backend.isBootstrapped)
    #expect(BootstrapBoxes.backend.value.name == "no-op")
  }

  @Test(.isolatedShared) func aScopeNestedInATestThatBootstrappedSeesItBootstrapped() {
    BootstrapBoxes.backend.bootstrap(Backend("outer"))
    withIsolatedShared {
      #expect(BootstrapBoxes.backend.isBootstrapped)
      #expect(BootstrapBoxes.backend.value.name == "outer")
    }
  }

  @Test(.isolatedShared(.strict)) func aStrictTestThatBootstrapsPasses() {
    BootstrapBoxes.backend.bootstrap(Backend("memory"))
    #expect(BootstrapBoxes.backend.value.name == "memory")
  }

  @Test func aStrictTestThatForgotToBootstrapFailsNamingTheBootstrap() {
    withKnownIssue {
      withIsolatedShared(.strict) { _ = BootstrapBoxes.backend.value }
    } matching: { issue in
      issue.comments.description.contains("read the real instance of Tests.backend (")
        && issue.comments.description.contains(
          "Bootstrap Tests.backend in the test, the way the program bootstraps it"
        )
        // The box's name is not the entry point a facade offers (`MetricsSystem.factory` is a
        // public getter in swift-metrics; the fix is `MetricsSystem.bootstrap(_:)`).
        && !issue.comments.description.contains("Tests.backend.bootstrap(_:)")
        && !issue.comments.description.contains("override(with:)")
    }
  }

  @Test func aFailureOfAnEmptyBoxTheTestDidNotSetNamesSet() {
    withKnownIssue {
      withIsolatedShared {
        _ = BootstrapBoxes.session.currentValue  // a check, not a read
        _ = BootstrapBoxes.session.value
      }
    } matching: { issue in
      issue.comments.description.contains("Tests.session.set(_:) (or override(with:))")
    }
  }

  @Test func aSecondBootstrapInOneTestFailsThatTest() {
    withKnownIssue {
      withIsolatedShared {
        BootstrapBoxes.backend.bootstrap(Backend("first"))
        BootstrapBoxes.backend.bootstrap(Backend("second"))
        // The test goes on with what it asked for last.
        #expect(BootstrapBoxes.backend.value.name == "second")
      }
    } matching: { issue in
      issue.comments.description.contains("Tests.backend (BootstrapOnce<Backend>, declared at")
        && issue.comments.description.contains("was bootstrapped twice in")
    }
  }

  @Test(.isolatedShared) func aSetInATestIsThatTestsBootstrap() {
    BootstrapBoxes.backend.set(Backend("memory"))
    #expect(BootstrapBoxes.backend.isBootstrapped)
    #expect(BootstrapBoxes.backend.value.name == "memory")
  }

  @Test func aBootstrapAfterASetInOneTestFailsThatTest() {
    withKnownIssue {
      withIsolatedShared {
        BootstrapBoxes.backend.set(Backend("first"))
        BootstrapBoxes.backend.bootstrap(Backend("second"))
        #expect(BootstrapBoxes.backend.value.name == "second")
      }
    } matching: { issue in
      issue.comments.description.contains("was bootstrapped twice in")
    }
  }

  @Test func anOverrideIsNotABootstrap() {
    withIsolatedShared {
      BootstrapBoxes.backend.override(with: Backend("double"))
      #expect(!BootstrapBoxes.backend.isBootstrapped)
      BootstrapBoxes.backend.bootstrap(Backend("memory"))
      #expect(BootstrapBoxes.backend.isBootstrapped)
    }
  }

  @Test func itsDescriptionCallsItBootstrapOnce() {
    #expect(
      BootstrapBoxes.unnamed.description.hasPrefix(
        "BootstrapOnce<Backend> (declared at SharedInstancesTestIsolationTests/BootstrapOnceTests"
      ),
      "\(BootstrapBoxes.unnamed.description)"
    )
    #expect(BootstrapBoxes.backend.description.hasPrefix("Tests.backend (BootstrapOnce<Backend>, "))
    #expect(BootstrapBoxes.session.description.hasPrefix("Tests.session (Resettable<Backend>, "))
  }

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aStopInTheProgramCallsItBootstrapOnce() async {
      let result = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) {
        SharedScope.leaveExitTestIsolation()  // the program, not a test
        let box = BootstrapOnce<Backend> { Backend("no-op") }
        box.bootstrap(Backend("prometheus"))
        box.bootstrap(Backend("statsd"))
      }
      let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(stderr.contains("BootstrapOnce<Backend> (declared at"), "\(stderr)")
      #expect(!stderr.contains("Resettable<Backend>"), "\(stderr)")
    }
  #endif

  @Test func recordsAndTheMapCallItBootstrapOnce() {
    let identity = BootstrapBoxes.unnamed._boxIdentity
    let record = DependencyRecord.from([(identity, [.sets])]).record
    #expect(
      record.rendered(testName: "t").contains(
        "BootstrapOnce<Backend> in SharedInstancesTestIsolationTests/BootstrapOnceTests.swift: sets"
      )
    )
    let map = DependencyMap()
    map.add(DependencyMap.TestID(suite: "S", name: "t()"), [(DependencyMap.Box(identity), [.sets])])
    #expect(map.json().contains("\"box\": \"BootstrapOnce<Backend>\""), "\(map.json())")
    #expect(map.markdown().contains("| `BootstrapOnce<Backend>` |"), "\(map.markdown())")
  }

  @Test func recordsListABootstrapAsSetAndItsReads() {
    let dependencies = withIsolatedShared { () -> [String] in
      BootstrapBoxes.backend.bootstrap(Backend("memory"))
      _ = BootstrapBoxes.backend.value
      return SharedScope.current.touchedInstances.map(\.description)
    }
    #expect(dependencies.count == 1)
    #expect(dependencies.first?.hasPrefix("Tests.backend (BootstrapOnce<Backend>") == true)
  }
}

// MARK: - Fixtures

private final class Backend: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}

private enum BootstrapBoxes {
  static let backend = BootstrapOnce<Backend>(name: "Tests.backend") {
    Backend("no-op")
  }
  static let unnamed = BootstrapOnce<Backend> { Backend("no-op") }
  static let session = Resettable<Backend>.empty(
    name: "Tests.session",
    inTests: .optional(default: { Backend("fixture") })
  )
}
