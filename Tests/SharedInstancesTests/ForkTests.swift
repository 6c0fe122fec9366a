import Foundation
import SharedInstancesLocator
import TestSupport
import Testing
import _SharedInstancesShims

@testable import SharedInstances

/// A child made by `fork()` has only the thread that forked: the hazard words other threads held
/// at that moment protect nothing there. A change in the child releases what those threads
/// borrowed, and a change of a service locator does not wait for a read that no thread makes.
@Suite(.serialized, .timeLimit(.minutes(1))) struct ForkTests {
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS) && !os(Windows) && !os(WASI)
    @Test func aResetInAChildReleasesWhatAnotherThreadOfTheParentBorrowed() {
      let box = Resettable<Forked>.empty()
      box.set(Forked())
      let borrowing = Latch()
      let finish = Latch()
      let borrower = Thread {
        box.withValue { _ in
          borrowing.open()
          _ = finish.wait(seconds: 30)
        }
      }
      borrower.start()
      #expect(borrowing.wait())

      let status = inChild {
        // The slot's own reset, below the isolation checks: the child takes no lock that another
        // test's thread of the parent might have held at the fork.
        box._global.clear()
        // The reset's scan found no hazard word: the instance went at once.
        return box._global.retiredWaiting == 0 ? 0 : 1
      }
      finish.open()

      #expect(status == 0, "the child's reset deferred the instance to a thread it does not have")
    }

    @Test(.enabled(if: HeldThread.isAvailable))
    func aLocatorChangeInAChildDoesNotWaitForAReadOfTheParent() throws {
      let locator = ServiceLocator()
      try locator.register(service: Forked())
      let status = HeldThread.session { held -> Int32? in
        held.start(holdingAt: [SI_TEST_PROTECT_STORED]) { _ = try? locator.get(Forked.self) }
        // The parent's reader holds the registry in its transient word.
        guard held.next() == .at(SI_TEST_PROTECT_STORED) else { return nil }
        let status = inChild {
          locator.unregisterAll()
          return 0
        }
        held.resume()
        _ = held.runToEnd()
        return status
      }
      #expect(status == 0, "the child's change waited for a read it does not have")
    }
  #endif
}

// MARK: - Fixtures

private final class Forked: Sendable {}

extension _Slot {
  /// Cells this slot retired that wait for reads or borrows to end.
  fileprivate var retiredWaiting: Int { si_int_load_acquire(words + _Slot.retiredWord) }
}

#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS) && !os(Windows) && !os(WASI)
  /// Runs `body` in a child process made by `fork()` and returns its exit status, or nil when the
  /// child did not exit within 10 seconds (it is killed then). The child runs only `body`, then
  /// `_exit`: no test framework, no exit handlers, no new threads.
  private func inChild(_ body: () -> Int32) -> Int32? {
    let child = fork()
    precondition(child >= 0, "fork failed")
    if child == 0 { _exit(body()) }
    var status: Int32 = 0
    for _ in 0..<1_000 {
      if waitpid(child, &status, WNOHANG) == child {
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
      }
      usleep(10_000)
    }
    kill(child, SIGKILL)
    waitpid(child, &status, 0)
    return nil
  }
#endif
