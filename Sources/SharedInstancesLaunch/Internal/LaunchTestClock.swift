import Foundation
import SharedInstances
import SharedInstancesSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The launched process's clock when the hand-off asks for a test clock: `now` moves only when
/// the test advances it, through a pipe in the hand-off's private folder, and a sleep returns
/// once `now` reaches its deadline. Each sleep is reported, so that the test can wait until the
/// program sleeps before it advances the clock: advancing first would push the program's
/// deadline along with `now`. When the test closes its end (it finished with the launch), no
/// one can advance the clock any more: every sleep, pending or later, throws `CancellationError`
/// rather than never return.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class LaunchTestClock: Clock, Sendable {
  typealias Instant = AnyClock<Duration>.Instant

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: Instant
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
    var isClosed = false
  }

  private let state: Protected<State>
  private let report: ReportWriter

  init(startingAt offset: Duration, report: ReportWriter) {
    state = Protected(State(now: Instant(offset: offset)))
    self.report = report
  }

  var now: Instant { state.withLock { $0.now } }

  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = state.withLock { state -> Bool? in
          guard !state.isClosed else { return nil }
          guard deadline > state.now else { return true }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        switch outcome {
        case nil:
          continuation.resume(throwing: CancellationError())
        case true?:
          continuation.resume()
        case false?:
          // Cancelled before the sleeper was listed, the handler found nothing to end.
          if Task.isCancelled {
            removeSleeper(id)?.continuation.resume(throwing: CancellationError())
          } else {
            let nanoseconds = deadline.offset / .nanoseconds(1)
            report.write(LaunchEvent(kind: .sleep, detail: "\(Int64(nanoseconds))"))
          }
        }
      }
    } onCancel: {
      removeSleeper(id)?.continuation.resume(throwing: CancellationError())
    }
  }

  private func removeSleeper(_ id: UInt64) -> Sleeper? {
    state.withLock { state in
      guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
      return state.sleepers.remove(at: index)
    }
  }

  /// Moves `now` by `duration` and wakes every sleep whose deadline it reaches, earliest first.
  func advance(by duration: Duration) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    // Resumed outside the lock: a resumed task may sleep again at once.
    for sleeper in due { sleeper.continuation.resume() }
  }

  /// Ends every sleep, pending or later, with `CancellationError`: the test is done advancing.
  func close() {
    let pending = state.withLock { state -> [Sleeper] in
      state.isClosed = true
      defer { state.sleepers = [] }
      return state.sleepers
    }
    for sleeper in pending { sleeper.continuation.resume(throwing: CancellationError()) }
  }

  /// Opens the test's pipe and advances the clock by each line it reads (a count of
  /// nanoseconds), on a thread of its own, until the test closes its end; then closes the clock.
  func listen(to path: String) throws {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO,
      UInt32(info.st_uid) == HandoffFile.currentUser(), (info.st_mode & 0o077) == 0
    else {
      throw HandoffFile.Refusal(
        "its clock pipe \(path) is missing, not a pipe, or not private to this user"
      )
    }
    // Non-blocking for the open only: a test that already closed its end must not hang the
    // launch; the reads then block, as a listener should.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw HandoffFile.Refusal("its clock pipe \(path) cannot be opened")
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    let thread = Thread { [self] in
      var pending = [UInt8]()
      var buffer = [UInt8](repeating: 0, count: 512)
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        pending.append(contentsOf: buffer[0..<count])
        while let newline = pending.firstIndex(of: 0x0A) {
          let line = String(decoding: pending[..<newline], as: UTF8.self)
          pending.removeSubrange(...newline)
          if let nanoseconds = Int64(line) { advance(by: .nanoseconds(nanoseconds)) }
        }
      }
      #if canImport(Glibc)
        Glibc.close(descriptor)
      #else
        Darwin.close(descriptor)
      #endif
      self.close()
    }
    thread.name = "SharedInstances launch clock"
    thread.start()
  }
}
