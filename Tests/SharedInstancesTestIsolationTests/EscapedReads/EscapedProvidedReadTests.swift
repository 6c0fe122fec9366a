import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// A read from a `Thread` or a `DispatchQueue` that gets the process-wide
/// instance of a box an isolated test provided with `set` or `bootstrap` (not only
/// `override(with:)`) fails that test, and is counted in the test's `escapedReads`.
extension EscapedReadTests {
  @Test func aThreadReadingABoxItsTestSetFailsTheTest() {
    let warnings = Self.escapeFailures(of: "EscapedProvidedReadTests.swift") {
      withIsolatedShared {
        ProvidedBoxes.session.set(Tagged("the test's value"))
        #expect(escapeOnThread { ProvidedBoxes.session.value }.tag == "real")
        let use = SharedScope.current.touchedInstances.first { $0.name == "Provided.session" }
        #expect(use?.escapedReads == 1)
      }
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("Provided.session (Resettable<Tagged>") == true)
    #expect(warnings.first?.contains("provided a value") == true)
  }

  @Test func aDispatchQueueReadingABoxItsTestBootstrappedFailsTheTest() {
    let warnings = Self.escapeFailures(of: "EscapedProvidedReadTests.swift") {
      withIsolatedShared {
        ProvidedBoxes.backend.bootstrap(Tagged("the test's backend"))
        let read = Locked<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
          read.set(ProvidedBoxes.backend.value.tag)
          done.signal()
        }
        #expect(done.wait(timeout: .now() + 120) == .success)
        #expect(read.get() == "no-op")
        let use = SharedScope.current.touchedInstances.first { $0.name == "Provided.backend" }
        #expect(use?.escapedReads == 1)
      }
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("Provided.backend (BootstrapOnce<Tagged>") == true)
  }
}

// MARK: - Fixtures

private enum ProvidedBoxes {
  static let session = Resettable(name: "Provided.session") { Tagged("real") }
  static let backend = BootstrapOnce<Tagged>(name: "Provided.backend") {
    Tagged("no-op")
  }
}
