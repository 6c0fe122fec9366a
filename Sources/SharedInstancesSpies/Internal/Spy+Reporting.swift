import SharedInstances
import Testing
import _SharedInstancesTestReporting

extension Spy {
  /// Reports `message` as a failure of the running test, and keeps it for later when no test
  /// can see it now.
  ///
  /// A double called from a `DispatchQueue` block or a `Thread` inside a Swift Testing test runs
  /// outside the test's task, where `Issue.record` reaches no test (and `XCTFail` is dropped).
  /// Such a failure is printed and kept, then reported again the next time the test reads,
  /// stubs or waits on the spy from its own task, or when the spy is released (see `deinit`).
  func report(_ message: String, at location: SpyLocation) {
    TestFailure.record(
      message,
      fileID: location.fileID,
      filePath: location.filePath,
      line: location.line,
      column: location.column
    )
    if Test.current == nil, !XCTestRun.isRunning {
      let failure = SpyFailure(message: message, location: location)
      state.withLock { $0.undelivered.append(failure) }
    }
  }

  /// Reports a failure that ends the double's throwing method.
  ///
  /// In a Swift Testing test the failure is recorded the way `#require` records one, and the
  /// error thrown is the framework's own `ExpectationFailedError`, which the test runner does
  /// not report a second time when it leaves the test. Elsewhere this reports as ``report(_:at:)``
  /// does and returns, and the caller throws ``UnstubbedCallError``.
  func reportStopping(_ message: String, at location: SpyLocation) throws {
    guard Test.current != nil else {
      report(message, at: location)
      return
    }
    let theTestStubbedThisCall = false
    try #require(
      theTestStubbedThisCall,
      Comment(rawValue: message),
      sourceLocation: location.sourceLocation
    )
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
    deliver(failures, late: "the call ran on a thread that belongs to no test")
    return result
  }

  /// Reports the failures kept for later, if a Swift Testing test is current.
  func deliverUndeliveredFailures() {
    inspect { _ in }
  }

  /// Reports the failures still kept when the spy is released.
  ///
  /// On the test's task they fail the test. Released anywhere else, such as by the last
  /// `DispatchQueue` block that held the double, no test can take them: `Issue.record` with no
  /// current test fails the whole run instead, naming the test that created the spy.
  func deliverFailuresAtRelease() {
    let failures = state.withLock { state in
      defer { state.undelivered = [] }
      return state.undelivered
    }
    guard !failures.isEmpty else { return }
    if Test.current != nil {
      deliver(failures, late: "the call ran on a thread that belongs to no test")
      return
    }
    for failure in failures {
      Issue.record(
        Comment(
          rawValue: """
            \(failure.message)
            (Reported when the spy was released on a thread that belongs to no test, so it \
            fails the run rather than one test.)
            """
        ),
        sourceLocation: failure.location.sourceLocation
      )
    }
  }

  private func deliver(_ failures: [SpyFailure], late reason: String) {
    for failure in failures {
      TestFailure.record(
        """
        \(failure.message)
        (Reported late: \(reason), such as a DispatchQueue block.)
        """,
        fileID: failure.location.fileID,
        filePath: failure.location.filePath,
        line: failure.location.line,
        column: failure.location.column
      )
    }
  }

  /// The calls recorded so far, for messages: `FileStoreSpy recorded 1 call: [refresh].`
  var recordedSummary: String {
    "\(spyName) recorded \(SpyName.describe(state.withLock { $0.calls }))."
  }

  /// Where the spy came from, for messages: `FileStoreSpy was created at FooTests.swift:12 in
  /// test loads().`
  var originSummary: String {
    let test = creatingTest.map { " in test \($0)" } ?? ""
    return "\(spyName) was created at \(createdAt.short)\(test)."
  }
}

extension SpyLocation {
  /// The same place, as Swift Testing spells it.
  var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: "\(fileID)",
      filePath: "\(filePath)",
      line: Int(line),
      column: Int(column)
    )
  }
}
