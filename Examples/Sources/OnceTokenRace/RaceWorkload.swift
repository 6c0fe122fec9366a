import Foundation

/// One writer thread that alternately resets the shared instance and installs a fresh mock,
/// while reader threads read it as fast as they can: what a test suite whose tests run in
/// parallel does to a singleton that tests replace.
///
/// The writer numbers its operations 1, 2, 3… Odd operations reset (`setSharedInstance(nil)`,
/// `reset()`); even operation `n` installs the mock `RaceArticleManager(mockFor: n)`. Around
/// every read, a reader notes how many operations had *completed* before it began and how many
/// had *started* by the time it ended: the read must return the state left by one of the
/// operations in that range. ``ViolationChecker`` judges the records afterwards.
public struct RaceWorkload: Sendable {
  /// How many threads read while one writes. Three by default.
  public var readers: Int
  /// How long the writer keeps going, in seconds.
  public var seconds: Double

  /// Creates a workload.
  ///
  /// - Parameters:
  ///   - readers: How many threads read while one writes.
  ///   - seconds: How long the writer keeps going.
  public init(readers: Int = 3, seconds: Double = 0.4) {
    precondition(readers > 0, "RaceWorkload needs at least one reader thread, got \(readers)")
    precondition(seconds > 0, "RaceWorkload needs a positive duration, got \(seconds) s")
    self.readers = readers
    self.seconds = seconds
  }

  /// Whether operation `operation` resets (odd) rather than installs a mock (even).
  public static func isReset(_ operation: Int) -> Bool { operation % 2 == 1 }

  /// Runs the workload against `contender` and returns what every reader saw.
  ///
  /// - Parameter contender: The shared instance to hammer, fresh (never read before).
  /// - Returns: The records and the number of operations the writer performed.
  public func run(_ contender: some SharedInstanceContender) -> RaceRun {
    let clock = OperationClock()
    let stop = Locked(false)
    let results = Locked<[[ReadRecord]]>([])
    let finished = DispatchGroup()

    // Operation 1, before any reader starts: the box is reset and cold.
    clock.perform { contender.reset() }

    for _ in 0..<readers {
      finished.enter()
      Thread {
        var log = ReadLog()
        while !stop.value {
          let completedBefore = clock.completed
          let observed = contender.read()?.identity
          log.append(completedBefore: completedBefore, startedAfter: clock.started, observed)
        }
        results.withLock { $0.append(log.records) }
        finished.leave()
      }.start()
    }

    finished.enter()
    let seconds = self.seconds
    Thread {
      let deadline = Date().addingTimeInterval(seconds)
      var generator = SystemRandomNumberGenerator()
      while Date() < deadline {
        let operation = clock.started + 1
        clock.perform {
          if Self.isReset(operation) {
            contender.reset()
          } else {
            contender.install(RaceArticleManager(mockFor: operation))
          }
        }
        // Let the readers see the new state for a moment, sometimes not at all.
        for _ in 0..<Int.random(in: 0...200, using: &generator) { spinHint() }
      }
      stop.value = true
      finished.leave()
    }.start()

    // Bounded: a reader that never returns from a read stops the run by name instead of hanging.
    let ended = finished.wait(timeout: .now() + seconds + 600) == .success
    precondition(ended, "RaceWorkload: the threads did not finish in \(seconds + 600) s")
    return RaceRun(
      contender: contender.name,
      operations: clock.completed,
      records: results.value.flatMap { $0 }
    )
  }
}

/// What one run of a ``RaceWorkload`` recorded.
public struct RaceRun: Sendable {
  /// The name of the contender that ran.
  public let contender: String
  /// How many resets and installs the writer performed.
  public let operations: Int
  /// What the readers saw, consecutive identical reads of one thread merged.
  public let records: [ReadRecord]

  /// How many reads the readers made.
  public var reads: Int { records.reduce(0) { $0 + $1.count } }
}

/// What one reader saw in a row of identical reads.
public struct ReadRecord: Hashable, Sendable {
  /// Operations completed before the reads began: the state is at least this recent.
  public var completedBefore: Int
  /// Operations started by the time the reads ended: the state is at most this recent.
  public var startedAfter: Int
  /// What the reads returned; nil when the pattern returned no instance.
  public var observed: RaceArticleManager.Identity?
  /// How many reads in a row saw exactly this.
  public var count: Int

  /// Creates a record, for tests of the checker.
  public init(
    completedBefore: Int,
    startedAfter: Int,
    observed: RaceArticleManager.Identity?,
    count: Int = 1
  ) {
    self.completedBefore = completedBefore
    self.startedAfter = startedAfter
    self.observed = observed
    self.count = count
  }
}

/// One reader's records, merging consecutive identical reads so a run stays small in memory.
struct ReadLog {
  private(set) var records: [ReadRecord] = []

  mutating func append(
    completedBefore: Int,
    startedAfter: Int,
    _ observed: RaceArticleManager.Identity?
  ) {
    if let last = records.last, last.completedBefore == completedBefore,
      last.startedAfter == startedAfter, last.observed == observed
    {
      records[records.count - 1].count += 1
    } else {
      records.append(
        ReadRecord(completedBefore: completedBefore, startedAfter: startedAfter, observed: observed)
      )
    }
  }
}

/// The writer's two counters: operations started and operations completed. Each is its own
/// lock, so a reader that sees `completed == n` also sees everything operation `n` did.
final class OperationClock: Sendable {
  private let startedCount = Locked(0)
  private let completedCount = Locked(0)

  var started: Int { startedCount.value }
  var completed: Int { completedCount.value }

  func perform(_ operation: () -> Void) {
    startedCount.withLock { $0 += 1 }
    operation()
    completedCount.withLock { $0 += 1 }
  }
}

/// Burns a few nanoseconds without touching shared memory.
@inline(never) func spinHint() {}
