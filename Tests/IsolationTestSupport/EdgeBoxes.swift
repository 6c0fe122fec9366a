import Foundation
import SharedInstances
import TestSupport

/// Boxes of the tests of isolation's edges (escaped reads, misuse, the process-wide gate): each
/// test uses its own.
package enum EdgeBoxes {
  package static let gateLeak = Resettable { Tagged("real") }
  package static let carried = Resettable { Tagged("real") }
  package static let gateStress = Resettable { Tagged("real") }
  package static let nested = Resettable { Tagged("real") }
  package static let nestedSync = Resettable { Tagged("real") }
  package static let nestedSuite = Resettable { Tagged("real") }
  package static let detachedMisuse = Resettable { Tagged("real") }
  package static let xcMisuse = Resettable { Tagged("real") }
  package static let lateUse = Resettable { Tagged("real") }
  package static let lateOverride = Resettable { Tagged("real") }
  package static let lateWrite = Resettable { Tagged("real") }
  package static let forgotten = Resettable { Tagged("real") }
  package static let forgottenLater = Resettable { Tagged("real") }
  package static let escapedRead = Resettable { Tagged("real") }
  package static let leftover = Resettable { Tagged("real") }
}

/// Counts the scopes of each kind open at one moment, and the worst overlap seen.
package final class ScopeCensus: Sendable {
  package init() {}

  private struct State {
    var isolated = 0
    var processWide = 0
    var overlaps = 0
  }

  private let state = Locked(State())

  package func enter(processWide: Bool) {
    state.mutate { state in
      if processWide { state.processWide += 1 } else { state.isolated += 1 }
      if state.processWide > 1 || (state.processWide > 0 && state.isolated > 0) {
        state.overlaps += 1
      }
    }
  }

  package func leave(processWide: Bool) {
    state.mutate { state in
      if processWide { state.processWide -= 1 } else { state.isolated -= 1 }
    }
  }

  /// How many times a process-wide scope was open together with another scope.
  package var overlaps: Int { state.get().overlaps }
}

/// Events in order, from any thread.
package final class EventLog: Sendable {
  package init() {}

  private let events = Locked<[String]>([])
  package func append(_ event: String) { events.mutate { $0.append(event) } }
  package var all: [String] { events.get() }
}

@MainActor package final class EdgeMainActorThing {
  package init() {}

  package let createdOnMainThread = Thread.isMainThread
}

package final class EdgeReentrant: Sendable {
  package init() {}
}

/// Boxes whose misuse stops the program, or no longer does.
package enum StoppingBoxes {
  package static let mainActor = Resettable(mainActor: { EdgeMainActorThing() })
  package static let empty = Resettable<Tagged>.empty()
  /// A `.required` box with no test default: a test that forgets to override it cannot be
  /// served anything that is not real.
  package static let requiredWithoutDefault = Resettable(inTests: .required) { () -> Tagged in
    fatalError("the real factory ran in an isolated test")
  }
  package static let reentrant: Resettable<EdgeReentrant> = Resettable { () -> EdgeReentrant in
    _ = StoppingBoxes.reentrant.value
    return EdgeReentrant()
  }
}

/// Boxes of the leftover-work tests.
package enum LeftoverBoxes {
  package static let caught = Resettable { Tagged("real") }
  package static let uncaught = Resettable { Tagged("real") }
  package static let xcTest = Resettable { Tagged("real") }
  package static let lingering = Resettable { Tagged("real") }
  package static let xcLingering = Resettable { Tagged("real") }
}

/// Work a test leaves behind: a thread that keeps reading a box for 300 ms, so that reads surely
/// happen after the test's body returned, and stop well before a quiet period's one-second limit
/// (a read racing with the end of the scope would be a use after the end, reported on no test).
package final class LingeringReader: Sendable {
  private let stopped = Locked(false)
  private let exited = DispatchSemaphore(value: 0)

  package init(reading read: @escaping @Sendable () -> Void) {
    let stopped = self.stopped
    let exited = self.exited
    Thread {
      let deadline = Date().addingTimeInterval(0.3)
      while !stopped.get() && Date() < deadline {
        read()
        usleep(1_000)
      }
      exited.signal()
    }.start()
  }

  /// Stops the thread early if it still runs, and waits until it has made its last read.
  package func stop() {
    stopped.set(true)
    exited.waitOrFail("the lingering reader to make its last read")
  }
}
