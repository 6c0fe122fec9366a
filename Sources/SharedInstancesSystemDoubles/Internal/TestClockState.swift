import SharedInstances
import SharedInstancesSystem

/// What a ``TestClock`` keeps behind its lock: the time, the sleepers, the tests waiting for
/// sleepers, and the woken sleepers an advance waits for. Continuations are resumed by the
/// caller, after the lock is released.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct TestClockState<Duration: DurationProtocol & Hashable> {
  typealias Instant = AnyClock<Duration>.Instant

  struct Sleeper {
    let id: Int
    let deadline: Instant
    /// How long the sleeper asked to sleep: its deadline, from the clock's `now` when it slept.
    let requested: Duration
    /// The sleeping task's identity (`UnsafeCurrentTask.hashValue`), compared only.
    let task: Int?
    let continuation: CheckedContinuation<Void, any Error>
  }

  /// A woken sleeper that an advance waits for until its task runs again, then sleeps again.
  struct Watch {
    let task: Int?
    var resumed = false
    var sleptAgain = false
    var resumption: CheckedContinuation<Void, Never>?
  }

  enum Registration {
    case sleeping(satisfied: [SleeperCountWaiter])
    case due
    case cancelled
  }

  var now: Instant
  private var nextID = 0
  private(set) var sleepers: [Sleeper] = []
  /// Sleeps that reserved an identifier and have not registered yet.
  private var reserved: Set<Int> = []
  /// Reserved sleeps whose task was cancelled before they registered.
  private var cancelledBeforeSleeping: Set<Int> = []
  var countWaiters: [Int: SleeperCountWaiter] = [:]
  private var watches: [Int: Watch] = [:]
  /// How many sleeps have registered so far: `run(until:)` waits for it to grow.
  private(set) var registrations = 0
  /// The runs (`run(until:)`) in progress, and those of them whose task has ended.
  private var activeRuns: Set<Int> = []
  private var endedRuns: Set<Int> = []
  /// Runs waiting for a sleep to register once `registrations` is past `after`, or for their
  /// task to end.
  private var progressWaiters: [Int: (after: Int, waiter: SleeperCountWaiter)] = [:]

  init(now: Instant) { self.now = now }

  mutating func reserveID() -> Int {
    nextID += 1
    return nextID
  }

  mutating func reserveSleeperID() -> Int {
    let id = reserveID()
    reserved.insert(id)
    return id
  }

  mutating func register(
    _ id: Int,
    deadline: Instant,
    task: Int?,
    continuation: CheckedContinuation<Void, any Error>
  ) -> Registration {
    reserved.remove(id)
    if cancelledBeforeSleeping.remove(id) != nil { return .cancelled }
    guard now < deadline else { return .due }
    sleepers.append(
      Sleeper(
        id: id,
        deadline: deadline,
        requested: now.duration(to: deadline),
        task: task,
        continuation: continuation
      )
    )
    registrations += 1
    if let task {
      for (key, watch) in watches where watch.task == task { watches[key]?.sleptAgain = true }
    }
    let satisfied = countWaiters.filter { $0.value.count <= sleeperCount(matching: $0.value) }
    for key in satisfied.keys { countWaiters.removeValue(forKey: key) }
    let progressed = progressWaiters.filter { $0.value.after < registrations }
    for key in progressed.keys { progressWaiters.removeValue(forKey: key) }
    return .sleeping(satisfied: Array(satisfied.values) + progressed.values.map(\.waiter))
  }

  /// The sleeper to resume with `CancellationError`, if `id` sleeps; a reserved sleep that has
  /// not registered yet is marked, and throws when it does.
  mutating func cancel(_ id: Int) -> Sleeper? {
    if let index = sleepers.firstIndex(where: { $0.id == id }) {
      return sleepers.remove(at: index)
    }
    if reserved.contains(id) { cancelledBeforeSleeping.insert(id) }
    return nil
  }

  /// The index of the sleeper that wakes first among those due by `limit` (all, for nil):
  /// earliest deadline, then earliest to sleep.
  func earliest(notAfter limit: Instant?) -> Int? {
    var best: Int?
    for (index, sleeper) in sleepers.enumerated() {
      if let limit, limit < sleeper.deadline { continue }
      guard let current = best else {
        best = index
        continue
      }
      let other = sleepers[current]
      if sleeper.deadline < other.deadline
        || (sleeper.deadline == other.deadline && sleeper.id < other.id)
      {
        best = index
      }
    }
    return best
  }

  /// Removes the earliest due sleeper, moves time to its deadline, and starts watching it.
  mutating func wakeEarliest(notAfter limit: Instant?) -> Sleeper? {
    guard let index = earliest(notAfter: limit) else { return nil }
    let sleeper = sleepers.remove(at: index)
    now = max(now, sleeper.deadline)
    watches[sleeper.id] = Watch(task: sleeper.task)
    return sleeper
  }

  /// The woken sleeper `id` runs again: the advance waiting for that, if any, to resume.
  mutating func didResume(_ id: Int) -> CheckedContinuation<Void, Never>? {
    guard watches[id] != nil else { return nil }
    watches[id]?.resumed = true
    defer { watches[id]?.resumption = nil }
    return watches[id]?.resumption
  }

  /// Keeps `continuation` until sleeper `id` runs again; false when it already does.
  mutating func awaitResumption(
    of id: Int,
    _ continuation: CheckedContinuation<Void, Never>
  ) -> Bool {
    guard let watch = watches[id], !watch.resumed else { return false }
    watches[id]?.resumption = continuation
    return true
  }

  func sleptAgain(afterWaking id: Int) -> Bool { watches[id]?.sleptAgain ?? true }

  mutating func forget(_ id: Int) { watches.removeValue(forKey: id) }

  /// Adds a test waiting for `waiter.count` sleepers; false when that many already sleep.
  /// How many tasks sleep, counting only those that asked to sleep for `duration` if given.
  func sleeperCount(sleepingFor duration: Duration?) -> Int {
    guard let duration else { return sleepers.count }
    return sleepers.reduce(0) { $0 + ($1.requested == duration ? 1 : 0) }
  }

  private func sleeperCount(matching waiter: SleeperCountWaiter) -> Int {
    guard let duration = waiter.duration else { return sleepers.count }
    let wanted = AnyHashable(duration)
    return sleepers.reduce(0) { $0 + (AnyHashable($1.requested) == wanted ? 1 : 0) }
  }

  /// Adds run `run` waiting for a sleep to register once `registrations` is past `count`, or
  /// for its task to end; false when either already happened.
  mutating func addProgressWaiter(
    run: Int,
    after count: Int,
    _ waiter: SleeperCountWaiter
  ) -> Bool {
    guard !endedRuns.contains(run), registrations <= count else { return false }
    progressWaiters[run] = (count, waiter)
    return true
  }

  /// Removes run `run`'s wait, if it still waits.
  mutating func removeProgressWaiter(run: Int) -> SleeperCountWaiter? {
    progressWaiters.removeValue(forKey: run)?.waiter
  }

  mutating func startRun(_ run: Int) { activeRuns.insert(run) }

  /// Run `run`'s task has ended: the wait to end, if it waits.
  mutating func endRun(_ run: Int) -> SleeperCountWaiter? {
    guard activeRuns.contains(run) else { return nil }
    endedRuns.insert(run)
    return progressWaiters.removeValue(forKey: run)?.waiter
  }

  func hasEnded(run: Int) -> Bool { endedRuns.contains(run) }

  /// Forgets run `run` once it returned (its task may end later: nothing waits for it then).
  mutating func forgetRun(_ run: Int) {
    activeRuns.remove(run)
    endedRuns.remove(run)
    progressWaiters.removeValue(forKey: run)
  }

  mutating func addCountWaiter(_ waiter: SleeperCountWaiter, id: Int) -> Bool {
    guard sleeperCount(matching: waiter) < waiter.count else { return false }
    countWaiters[id] = waiter
    return true
  }
}

/// A test waiting for a number of sleepers: resumed once, by a registration, its timeout or its
/// cancellation, whichever comes first.
final class SleeperCountWaiter: Sendable {
  struct State {
    var continuation: CheckedContinuation<Bool, Never>?
    var finished = false
    var cancelled = false
    var timer: Task<Void, Never>?
  }

  let count: Int
  /// The duration the sleepers to count asked for; nil counts every sleeper.
  let duration: (any Hashable & Sendable)?
  private let state = Protected(State())

  init(count: Int, duration: (any Hashable & Sendable)?) {
    self.count = count
    self.duration = duration
  }

  var wasCancelled: Bool { state.withLock { $0.cancelled } }

  func start(_ continuation: CheckedContinuation<Bool, Never>) {
    state.withLock { $0.continuation = continuation }
  }

  func markCancelled() { state.withLock { $0.cancelled = true } }

  /// Resumes the waiting test with `arrived`, once.
  func finish(_ arrived: Bool) {
    let taken = state.withLock { state -> (CheckedContinuation<Bool, Never>?, Task<Void, Never>?) in
      guard !state.finished else { return (nil, nil) }
      state.finished = true
      defer {
        state.continuation = nil
        state.timer = nil
      }
      return (state.continuation, state.timer)
    }
    taken.1?.cancel()
    taken.0?.resume(returning: arrived)
  }

  /// Ends the wait with false after `timeout` of real time, if `unregister` still finds it.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  func expire(after timeout: Duration, unregister: @escaping @Sendable () -> Bool) {
    state.withLock { state in
      guard !state.finished else { return }
      state.timer = Task.detached { [weak self] in
        do {
          try await Task.sleep(for: timeout)
        } catch {
          return  // finished first: the timer was cancelled
        }
        if unregister() { self?.finish(false) }
      }
    }
  }
}
