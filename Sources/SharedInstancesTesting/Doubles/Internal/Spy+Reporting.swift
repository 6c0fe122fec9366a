import SharedInstances
import Testing

extension Spy {
  /// Reports `message` as a failure of the running test, and keeps it for later when no test
  /// can see it now.
  ///
  /// A double called from a `DispatchQueue` block or a `Thread` inside a Swift Testing test runs
  /// outside the test's task, where `Issue.record` reaches no test (and `XCTFail` is dropped).
  /// Such a failure is printed and kept, then reported again the next time the test reads,
  /// stubs or waits on the spy, or releases it, from its own task.
  func report(
    _ message: String,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    TestFailure.record(message, fileID: fileID, filePath: filePath, line: line, column: column)
    if Test.current == nil, !XCTestRun.isRunning {
      let failure = SpyFailure(
        message: message,
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
      )
      state.withLock { $0.undelivered.append(failure) }
    }
  }

  /// Runs `body` on the state under the lock, then reports any failure kept for later when a
  /// Swift Testing test is now current.
  @discardableResult
  func inspect<Result: Sendable>(_ body: (inout SpyState<Call>) -> Result) -> Result {
    let canDeliver = Test.current != nil
    let (result, failures) = state.withLock { state -> (Result, [SpyFailure]) in
      let result = body(&state)
      guard canDeliver, !state.undelivered.isEmpty else { return (result, []) }
      defer { state.undelivered = [] }
      return (result, state.undelivered)
    }
    deliver(failures)
    return result
  }

  /// Reports the failures kept for later, if a Swift Testing test is current.
  func deliverUndeliveredFailures() {
    inspect { _ in }
  }

  private func deliver(_ failures: [SpyFailure]) {
    for failure in failures {
      TestFailure.record(
        """
        \(failure.message)
        (Reported late: the call ran on a thread that belongs to no test, such as a \
        DispatchQueue block.)
        """,
        fileID: failure.fileID,
        filePath: failure.filePath,
        line: failure.line,
        column: failure.column
      )
    }
  }

  /// The calls recorded so far, for messages: `FileStoreSpy recorded 1 call: [refresh].`
  var recordedSummary: String {
    "\(name) recorded \(SpyName.describe(state.withLock { $0.calls }))."
  }
}
