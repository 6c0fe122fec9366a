import Foundation
import SharedInstancesLocator
import TestSupport
import Testing
import _SharedInstancesShims

@testable import SharedInstances

/// A child made by `fork()` has only the thread that forked: the hazard words other threads held
/// at that moment protect nothing there. A change in the child releases what those threads
/// borrowed, and a change of a service locator does not wait for a read that no thread makes.
///
/// Not under ThreadSanitizer: its runtime does not function in the child of a process with
/// several threads (its own locks may be held by threads the child does not have; it says so),
/// and the child hung there in about one full run in four. The torture's fork phases cover release builds.
@Suite(.serialized, .timeLimit(.minutes(1)), .disabled(if: underThreadSanitizer))
struct ForkTests {
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS) && !os(Windows) && !os(WASI)
    @Test func aResetInAChildReleasesWhatAnotherThreadOfTheParentBorrowed() {
      let box = Resettable<Forked>.empty()
      box.set(Forked())
      warmUpTheChangePath()
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
      // As for the slot: the child's change runs only code the parent ran before the fork.
      let warmUp = ServiceLocator()
      try warmUp.register(service: Forked())
      _ = try warmUp.get(Forked.self)
      warmUp.unregisterAll()
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

/// Whether ThreadSanitizer's runtime is in this process (`swift test --sanitize=thread`).
private let underThreadSanitizer: Bool = {
  #if canImport(Glibc)
    return dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil  // RTLD_DEFAULT
  #elseif canImport(Darwin)
    return dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__tsan_init") != nil  // RTLD_DEFAULT
  #else
    return false
  #endif
}()

/// Runs a slot's change, with a release, in the parent before it forks.
///
/// The child runs Swift code, and Swift instantiates a generic type's metadata on its first use,
/// under the runtime's locks: had another thread of the parent been instantiating the same
/// metadata at the moment of the fork (every suite starts at once), the child would wait
/// forever for a lock no thread of its own holds. The warm-up makes the child's change use only
/// metadata that exists before the fork, as in a program that changed a box before forking.
private func warmUpTheChangePath() {
  let box = Resettable<Forked>.empty()
  box.set(Forked())
  box.set(Forked())
  box._global.clear()
}

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
