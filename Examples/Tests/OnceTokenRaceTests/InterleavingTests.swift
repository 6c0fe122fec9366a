import Dispatch
import Foundation
import OnceTokenRace
import SharedInstances
import Testing

/// The interleavings behind the violations, played step by step: the Objective-C pattern breaks
/// on each, `Resettable` does not.
///
/// The workload's own shared instances are local boxes, not app singletons, so these tests need
/// no `.isolatedShared`.
@Suite struct InterleavingTests {
  /// The interleaving from the article's comments: a getter runs between `once_token = 0` and
  /// `_sharedInstance = mock` while the instance is being created slowly, and stores it after
  /// the mock: the mock is lost.
  @Test func aGetterBetweenTheSettersTwoStepsLosesTheMock() {
    let creating = Gate()
    let mockStored = Gate()
    let pattern = OnceTokenSharedInstance {
      creating.open()
      mockStored.wait(for: "the mock to be stored")  // the real instance is stored after it
      return RaceArticleManager(serial: 1)
    }
    let mock = RaceArticleManager(mockFor: 2)
    let reader = Background { pattern.sharedInstance }

    creating.wait(for: "the reader to create")  // inside the getter, past the nil check
    pattern.setSharedInstance(mock)
    mockStored.open()
    let readerGot = reader.result()

    #expect(readerGot?.identity == .real(serial: 1))
    #expect(pattern.sharedInstance?.identity == .real(serial: 1), "the mock was lost")
  }

  /// A getter that runs between the reset's two steps consumes the token while the old
  /// instance is still there; then nil is stored and nothing ever creates a real instance
  /// again.
  @Test func aGetterBetweenTheResetsTwoStepsLeavesNoInstance() {
    let paused = Gate()
    let resume = Gate()
    let pattern = OnceTokenSharedInstance(betweenSteps: {
      paused.open()
      resume.wait(for: "the test to resume the setter")
    }) { RaceArticleManager(serial: 1) }
    #expect(pattern.sharedInstance?.identity == .real(serial: 1))
    let resetter = Background { pattern.setSharedInstance(nil) }

    // `once_token = 0` done, `_sharedInstance = nil` not yet:
    paused.wait(for: "the setter to pause")
    #expect(pattern.sharedInstance?.identity == .real(serial: 1), "the token is consumed")
    resume.open()
    resetter.result()

    #expect(pattern.sharedInstance == nil, "no instance, for good")
  }

  /// The same first interleaving on a `Resettable`: the factory still creating when the mock
  /// is installed has its instance dropped, and every read after the override gets the mock.
  @Test func aFactoryRunningDuringAnOverrideDoesNotLoseTheMock() {
    let creating = Gate()
    let mockStored = Gate()
    let box = Resettable {
      creating.open()
      mockStored.wait(for: "the mock to be stored")
      return RaceArticleManager(serial: 1)
    }
    let mock = RaceArticleManager(mockFor: 2)
    let reader = Background { box.value }

    creating.wait(for: "the reader to create")
    box.override(with: mock)
    mockStored.open()
    let readerGot = reader.result()

    #expect(readerGot === mock, "the read finished after the override: it returns the mock")
    #expect(box.value === mock)
  }
}

// MARK: - Fixtures

/// A one-shot signal between two threads.
private final class Gate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  func open() { semaphore.signal() }
  /// Waits for the gate to open, at most 120 s (generous: only a hang reaches it, never a
  /// loaded machine), then stops the run naming `step`: a test on a blocked thread cannot go on.
  func wait(for step: String) {
    let opened = semaphore.wait(timeout: .now() + 120) == .success
    precondition(opened, "waited 120 s for \(step), in vain: the scripted interleaving hangs")
  }
}

/// Runs `body` on a thread of its own (not a pool thread, which the blocked test may be
/// waiting for); `result()` waits for it.
private final class Background<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is written once before `done` is signalled and read after waiting.
  private var value: Value?
  private let done = DispatchSemaphore(value: 0)

  init(_ body: @escaping @Sendable () -> Value) {
    Thread {
      self.value = body()
      self.done.signal()
    }.start()
  }

  @discardableResult func result() -> Value {
    let finished = done.wait(timeout: .now() + 120) == .success
    precondition(finished, "the background step never finished")
    return value!
  }
}
