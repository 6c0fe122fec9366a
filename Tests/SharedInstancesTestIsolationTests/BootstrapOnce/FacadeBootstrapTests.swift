import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// A second bootstrap made through a facade (a system's own `bootstrap` function calling the
/// box's, as `MetricsSystem.bootstrap` does): the stop names the facade's callers when it
/// forwards their location, and otherwise says that both went through the facade's one line and
/// how to have the callers named.
@Suite(TimeLimits.waiting) struct FacadeBootstrapTests {
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    /// Before the fix: "bootstrapped again at FacadeBootstrapTests.swift:N, and first
    /// bootstrapped at FacadeBootstrapTests.swift:N", the facade's line twice.
    @Test func aFacadeThatDoesNotForwardItsCallerIsNamedAsTheOneLineBothWentThrough() async {
      let result = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) {
        SharedScope.leaveExitTestIsolation()  // the program, not a test
        FacadeSystem.bootstrap(FacadeBackend("prometheus"))
        FacadeSystem.bootstrap(FacadeBackend("statsd"))
      }
      let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(stderr.contains("FacadeSystem.backend (BootstrapOnce<FacadeBackend>, declared at"))
      #expect(stderr.contains("can only be bootstrapped once per process"))
      #expect(
        stderr.contains(
          "both times through SharedInstancesTestIsolationTests/FacadeBootstrapTests.swift:"
            + "\(FacadeSystem.bootstrapLine)"
        )
      )
      #expect(stderr.contains("fileID: StaticString = #fileID"))
      #expect(!stderr.contains("and first bootstrapped at"))
      #expect(result?.sharedInstancesStopMessage?.contains("both times through") == true)
    }

    /// A facade that takes its caller's location with defaulted parameters (its callers compile
    /// unchanged) gets both callers' lines in the stop.
    @Test func aFacadeThatForwardsItsCallersLocationGetsBothCallersNamed() async {
      let result = await #expect(
        processExitsWith: .failure,
        observing: [\.standardErrorContent]
      ) {
        SharedScope.leaveExitTestIsolation()  // the program, not a test
        // From functions of their own: inside the exit test's body (a macro's expansion), every
        // `#line` is the macro's line.
        FacadeCallers.start()
        FacadeCallers.restart()
      }
      let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      let file = "SharedInstancesTestIsolationTests/FacadeBootstrapTests.swift"
      let again = Self.lines(after: "bootstrapped again at \(file):", in: stderr)
      let first = Self.lines(after: "first bootstrapped at \(file):", in: stderr)
      #expect(!stderr.contains("both times through"))
      // The two callers' lines, not the facade's.
      #expect(again.first == FacadeCallers.restartLine)
      #expect(first.first == FacadeCallers.startLine)
    }
  #endif

  /// In a test, a second bootstrap through a facade that forwards its caller's location fails
  /// the test at the caller's second line.
  @Test func inATestTheSecondBootstrapFailsAtTheCallersLine() {
    withKnownIssue {
      withIsolatedShared {
        FacadeCallers.start()
        FacadeCallers.restart()
      }
    } matching: { issue in
      "\(issue.comments)".contains("was bootstrapped twice")
        && issue.sourceLocation?.fileID
          == "SharedInstancesTestIsolationTests/FacadeBootstrapTests.swift"
        && issue.sourceLocation?.line == FacadeCallers.restartLine
    }
  }

  /// The numbers that follow each `marker` in `text`, in order.
  private static func lines(after marker: String, in text: String) -> [Int] {
    text.components(separatedBy: marker).dropFirst().compactMap { rest in
      Int(rest.prefix { $0.isNumber })
    }
  }
}

// MARK: - Fixtures

private final class FacadeBackend: Sendable {
  let name: String
  init(_ name: String) { self.name = name }
}

/// A system's facade, as swift-metrics' `MetricsSystem` is.
private enum FacadeSystem {
  static let backend = BootstrapOnce<FacadeBackend>(name: "FacadeSystem.backend") {
    FacadeBackend("no-op")
  }

  /// The facade's public entry point, which does not forward where it was called from.
  static func bootstrap(_ backend: FacadeBackend) {
    self.backend.bootstrap(backend)
  }
  static let bootstrapLine = #line - 2

  /// The same entry point taking its caller's location with defaulted parameters.
  static func bootstrapForwarding(
    _ backend: FacadeBackend,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.backend.bootstrap(backend, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The program's two calls of the forwarding facade, each at a line of its own.
private enum FacadeCallers {
  static func start() { FacadeSystem.bootstrapForwarding(FacadeBackend("prometheus")) }
  static let startLine = #line - 1
  static func restart() { FacadeSystem.bootstrapForwarding(FacadeBackend("statsd")) }
  static let restartLine = #line - 1
}
