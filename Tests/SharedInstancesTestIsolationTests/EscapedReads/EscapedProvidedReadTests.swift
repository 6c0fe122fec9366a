import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing
import _SharedInstancesIsolation

/// A read from a `Thread` or a `DispatchQueue` that gets the process-wide
/// instance of a box an isolated test provided with `set` or `bootstrap` (not only
/// `override(with:)`) is warned about, and counted in the test's `escapedReads`.
///
/// Part of the serialized `EscapedReadTests`: both swap the warnings' handler.
extension EscapedReadTests {
  /// Captures this file's warnings while `body` runs, passing them on as well.
  fileprivate static func providedWarnings(during body: () -> Void) -> [String] {
    let seen = Locked<[String]>([])
    withIsolatedShared {}  // the testing module's handler is installed
    let previous = _EscapedReads.handler.withLock { handler in
      let previous = handler
      handler = { diagnostic in
        seen.mutate { $0.append(diagnostic.message) }
        previous?(diagnostic)
      }
      return previous
    }
    body()
    _EscapedReads.handler.withLock { $0 = previous }
    return seen.get().filter { $0.contains("EscapedProvidedReadTests.swift") }
  }

  @Test func aThreadReadingABoxItsTestSetIsWarnedAbout() {
    let warnings = Self.providedWarnings {
      withIsolatedShared {
        ProvidedBoxes.session.set(Tagged("the test's value"))
        #expect(readOnThread { ProvidedBoxes.session.value }.tag == "real")
        let use = SharedScope.current.touchedInstances.first { $0.name == "Provided.session" }
        #expect(use?.escapedReads == 1)
      }
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("Provided.session (Resettable<Tagged>") == true)
    #expect(warnings.first?.contains("provided a value") == true)
  }

  @Test func aDispatchQueueReadingABoxItsTestBootstrappedIsWarnedAbout() {
    let warnings = Self.providedWarnings {
      withIsolatedShared {
        ProvidedBoxes.backend.bootstrap(Tagged("the test's backend"))
        let read = Locked<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
          read.set(ProvidedBoxes.backend.value.tag)
          done.signal()
        }
        done.wait()
        #expect(read.get() == "no-op")
        let use = SharedScope.current.touchedInstances.first { $0.name == "Provided.backend" }
        #expect(use?.escapedReads == 1)
      }
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("Provided.backend (Resettable<Tagged>") == true)
  }
}

// MARK: - Fixtures

private enum ProvidedBoxes {
  static let session = Resettable(name: "Provided.session") { Tagged("real") }
  static let backend = BootstrapOnce<Tagged>(name: "Provided.backend") {
    Tagged("no-op")
  }
}
