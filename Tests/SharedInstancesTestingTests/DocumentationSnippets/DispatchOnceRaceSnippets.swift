import Foundation
import SharedInstances
import TestSupport
import Testing

/// TheDispatchOnceResetRace.md: the interleavings that break the once-token reset pattern, and
/// the same interleavings against `Resettable`.
extension Docs {
  @Suite(TimeLimits.waiting) struct DispatchOnceRaceSnippets {
    /// "A read between the setter's two steps hands out a second shared instance."
    @Test func aReadBetweenTheSettersStepsCreatesASecondSharedInstance() {
      let pattern = OnceTokenPattern { Docs.Marker("real") }
      pattern.setSharedInstance(nil)  // a test's tearDown: back to "create on next read"

      let mock = Docs.Marker("mock")
      var readerGot: Docs.Marker?
      pattern.setSharedInstance(mock) {
        readerGot = pattern.sharedInstance()  // another thread reads between the two steps
      }

      #expect(readerGot?.name == "real")  // that reader keeps a real instance...
      #expect(pattern.sharedInstance() === mock)  // ...while everyone else gets the mock
      #expect(pattern.instancesCreated == 1)
    }

    /// "A read between a reset's two steps leaves the getter returning nil for good."
    @Test func aReadBetweenAResetsStepsLeavesTheGetterReturningNil() {
      let pattern = OnceTokenPattern { Docs.Marker("real") }
      _ = pattern.sharedInstance()

      pattern.setSharedInstance(nil) {
        _ = pattern.sharedInstance()  // runs the once block: the old instance is still there
      }

      #expect(pattern.sharedInstance() == nil)  // the token is spent and the instance is gone
      #expect(pattern.sharedInstance() == nil)
    }

    /// "An override that lands while the factory runs wins; the factory's instance is dropped."
    @Test func anOverrideDuringCreationWins() {
      let gate = FactoryGate()
      let box = Resettable { gate.make() }
      let readerGot = Locked<Docs.Marker?>(nil)
      let readerDone = DispatchSemaphore(value: 0)
      Thread {
        readerGot.set(box.value)
        readerDone.signal()
      }.start()

      gate.waitUntilStarted()  // the reader is inside the factory
      let mock = Docs.Marker("mock")
      box.override(with: mock)  // one step: no "between"
      #expect(box.value === mock)
      gate.finish()
      readerDone.waitOrFail("the reader's read to return")

      #expect(readerGot.get() === mock)  // the reader gets the mock, not its own instance
      #expect(box.value === mock)
      #expect(gate.calls == 1)
    }

    /// "After `reset()` returns, no read returns an instance created before it."
    @Test func aResetDuringCreationNeverReturnsTheStaleInstance() {
      let gate = FactoryGate()
      let box = Resettable { gate.make() }
      let readerGot = Locked<Docs.Marker?>(nil)
      let readerDone = DispatchSemaphore(value: 0)
      Thread {
        readerGot.set(box.value)
        readerDone.signal()
      }.start()

      gate.waitUntilStarted()
      box.reset()
      gate.finish()
      readerDone.waitOrFail("the reader's read to return")

      #expect(readerGot.get()?.name == "instance 2")  // created after the reset
      #expect(box.value === readerGot.get())
      #expect(gate.calls == 2)
    }
  }

  // MARK: - Fixtures

  /// The Objective-C pattern ported statement by statement. Each statement takes a lock, so
  /// that what is left is the race in the design, not a data race; `between` runs where
  /// another thread could run between the setter's two statements.
  final class OnceTokenPattern: @unchecked Sendable {
    // @unchecked: every stored property is only touched while `lock` is held.
    private let lock = NSLock()
    private var onceToken = false
    private var instance: Docs.Marker?
    private var created = 0
    private let make: () -> Docs.Marker

    init(make: @escaping () -> Docs.Marker) { self.make = make }

    /// `dispatch_once(&token, ^{ if (!instance) instance = [[Manager alloc] init]; })`
    func sharedInstance() -> Docs.Marker? {
      lock.withLock {
        if !onceToken {
          onceToken = true
          if instance == nil {
            instance = make()
            created += 1
          }
        }
        return instance
      }
    }

    /// `token = 0; instance = newValue;`
    func setSharedInstance(_ newValue: Docs.Marker?, between: () -> Void = {}) {
      lock.withLock { onceToken = false }
      between()
      lock.withLock { instance = newValue }
    }

    var instancesCreated: Int { lock.withLock { created } }
  }

  /// A factory whose first run waits until the test lets it finish.
  final class FactoryGate: Sendable {
    private let started = DispatchSemaphore(value: 0)
    private let proceed = DispatchSemaphore(value: 0)
    private let count = Locked(0)

    var calls: Int { count.get() }

    func make() -> Docs.Marker {
      let call = count.mutate { value -> Int in
        value += 1
        return value
      }
      if call == 1 {
        started.signal()
        proceed.waitOrFail("the test to let the factory finish")
      }
      return Docs.Marker("instance \(call)")
    }

    func waitUntilStarted() { started.waitOrFail("the factory to start") }
    func finish() { proceed.signal() }
  }
}
