import SharedInstances
import SharedInstancesSystem

/// The launched process's clock when the hand-off asks for an immediate one: sleeps return at
/// once and move `now` to their deadline. It counts in `AnyClock`'s own instants, so the boxes
/// serve it with no origin of their own.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct LaunchImmediateClock: Clock {
  typealias Instant = AnyClock<Duration>.Instant

  private let current: Protected<Instant>

  init(startingAt offset: Duration) {
    current = Protected(Instant(offset: offset))
  }

  var now: Instant { current.load() }

  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    current.withLock { now in now = max(now, deadline) }
    await Task.yield()
  }
}
