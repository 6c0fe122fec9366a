import Foundation
import SharedInstances
import SharedInstancesDependencyMap
import Testing
import _SharedInstancesIsolation

/// Carries what an exit test's child process does with boxes to the parent test.
///
/// Swift Testing forwards every issue the child records to the parent test, at the
/// `#expect(processExitsWith:)` line. The child records a warning for each box it creates an
/// instance of, and one when the library stops it, each with a machine-readable line after the
/// human one. Under `.isolatedShared`, the parent test's scope takes them off the stream
/// (``Receiver``): reads join the test's dependency record and the map
/// under the parent test's name, a real read fails a strict parent test, and failures the child
/// raised name the parent test. Elsewhere they stay what they are: warnings, and failures.
package enum ExitTestRelay {
  /// Starts the machine-readable line of a relayed event.
  package static let marker = "[shared-instances-exit-test] "
  /// Starts the line written to standard error before the library stops a child process.
  static let stopMarker = "SharedInstances stopped the exit test's child process: "
  /// The line written to standard error before the library stops a child process; the
  /// runtime's `Fatal error:` line with the message follows it.
  static let stopLine =
    "SharedInstances stopped the exit test's child process; its message follows."

  /// One event of the child, as JSON.
  package struct Event: Codable, Sendable {
    package enum Kind: String, Codable, Sendable { case read, stop }
    var kind: Kind
    var type: String = ""
    var fileID: String = ""
    var line: Int = 0
    var description: String = ""
    var readReal = false
    var childIsStrict = false
    var requiresOverride = false
    var message: String = ""

    package init(
      kind: Kind,
      type: String = "",
      fileID: String = "",
      line: Int = 0,
      description: String = "",
      readReal: Bool = false,
      childIsStrict: Bool = false,
      requiresOverride: Bool = false,
      message: String = ""
    ) {
      self.kind = kind
      self.type = type
      self.fileID = fileID
      self.line = line
      self.description = description
      self.readReal = readReal
      self.childIsStrict = childIsStrict
      self.requiresOverride = requiresOverride
      self.message = message
    }
  }

  // MARK: In the child

  /// The child created its own instance of a box: tell the parent now.
  static func childCreated(
    _ identity: _BoxIdentity,
    _ creation: _ScopeObserver.Creation,
    childIsStrict: Bool
  ) {
    guard !identity.isTestInfrastructure else { return }
    let event = Event(
      kind: .read,
      type: identity.label,
      fileID: "\(identity.location.fileID)",
      line: Int(identity.location.line),
      description: identity.description,
      readReal: creation == .real,
      childIsStrict: childIsStrict,
      requiresOverride: identity.requiresOverrideInTests
    )
    let what = creation == .real ? "the real instance of" : "the test default of"
    send(event, saying: "The exit test's child process read \(what) \(identity.description).")
  }

  /// The library is about to stop the child: say so on standard error, where an exit test that
  /// observes it finds it, and to the parent test.
  static func childWillStop(_ message: String) {
    let text = message.hasPrefix("SharedInstances: ") ? String(message.dropFirst(17)) : message
    FileHandle.standardError.write(Data("\(stopLine)\n".utf8))
    send(Event(kind: .stop, message: text), saying: "\(stopMarker)\(text)")
  }

  private static func send(_ event: Event, saying text: String) {
    guard let data = try? JSONEncoder().encode(event) else { return }
    let payload = String(decoding: data, as: UTF8.self)
    Issue.record(Comment(rawValue: "\(text)\n\(marker)\(payload)"), severity: .warning)
  }

  /// The event an issue carries, if it is a relayed one.
  static func event(in issue: Issue) -> Event? {
    for comment in issue.comments {
      guard let range = comment.rawValue.range(of: marker) else { continue }
      let json = comment.rawValue[range.upperBound...]
      return try? JSONDecoder().decode(Event.self, from: Data(json.utf8))
    }
    return nil
  }

  // MARK: In the parent

  /// Where the issue handler of an isolated test case finds the relay of its exit tests: set
  /// while the test's body runs in its scope, so that the one handler the trait installs per
  /// test case serves both the relay and the watch for failures.
  final class Receiver: Sendable {
    private let parent = Protected<Parent?>(nil)

    /// Starts taking the relayed events of the exit tests of `test`, a test case of an isolated
    /// test, off the issue stream, until ``end()``. Synchronous, so that a test pays no
    /// asynchronous frame for it; what only an exit test's event needs is found when one
    /// arrives.
    func begin(in test: Test, scope: _Scope?) {
      let parent = Parent(
        testName: test.name,
        scope: scope,
        recorder: DependencyRecorder.current,
        testLocation: test.sourceLocation
      )
      self.parent.withLock { $0 = parent }
    }

    /// Stops taking events off the issue stream: later issues pass unchanged.
    func end() {
      parent.withLock { $0 = nil }
    }

    /// `issue` as the relay passes it on: unchanged while no body runs.
    func handle(_ issue: Issue) -> Issue? {
      guard let parent = parent.load() else { return issue }
      return parent.handle(issue)
    }
  }

  /// What the parent test's handler needs, captured when its scope opens.
  package struct Parent: Sendable {
    let testName: String
    let scope: _Scope?
    let recorder: DependencyRecorder?
    /// The parent test as the map names it; nil: found when an event needs it (from the running
    /// test: the handler runs in the parent test's task).
    let testID: DependencyMap.TestID?
    /// Where the library's own reports of the child point: the parent test (the child records
    /// them from the library's code, which the user cannot act on).
    let testLocation: SourceLocation?

    package init(
      testName: String,
      scope: _Scope?,
      recorder: DependencyRecorder?,
      testID: DependencyMap.TestID? = nil,
      testLocation: SourceLocation? = nil
    ) {
      self.testName = testName
      self.scope = scope
      self.recorder = recorder
      self.testID = testID
      self.testLocation = testLocation
    }

    package func handle(_ issue: Issue) -> Issue? {
      guard let event = ExitTestRelay.event(in: issue) else { return recordedRenamed(issue) }
      switch event.kind {
      case .stop:
        var stop = issue
        stop.comments = [Comment(rawValue: "\(ExitTestRelay.stopMarker)\(renamed(event.message))")]
        if let testLocation { stop.sourceLocation = testLocation }
        return stop
      case .read:
        let box = DependencyMap.Box(type: event.type, declaredAt: "\(event.fileID):\(event.line)")
        let kinds: Set<DependencyKind> = [event.readReal ? .readsRealInstance : .readsTestDefault]
        recorder?.add(child: event, kinds: kinds)
        if let map = DependencyMap.process {
          map.add(
            testID ?? DependencyTracking.testID(scopeName: scope?.name ?? testName),
            [(box, kinds)]
          )
        }
        guard let scope, scope.isStrict, event.readReal, !event.childIsStrict,
          !event.requiresOverride
        else { return nil }
        var failure = issue
        failure.severity = .error
        if let testLocation { failure.sourceLocation = testLocation }
        failure.comments = [
          Comment(
            rawValue: """
              Strict test \(testName) read the real instance of \(event.description) in the \
              child process of an exit test. The child is isolated on its own: override the \
              box inside the exit test's body (from values the body captures), or exempt it, \
              or drop strict mode.
              """
          )
        ]
        return failure
      }
    }

    /// A failure the child raised, named after the parent test, recorded again where the
    /// test's own `withKnownIssue` scopes can match it.
    ///
    /// Swift Testing matches an issue against the test's `withKnownIssue` matchers when it is
    /// recorded, before any issue handler runs: a matcher would see the child's scope name, not
    /// the text the log shows. The handler runs on the test's task, inside those scopes, so the
    /// renamed issue is recorded again from here (and the child's copy dropped): a matcher
    /// copied from the log matches it. The child's own text follows, so that a matcher written
    /// for it still matches too (a handler cannot tell whether the copy was known).
    func recordedRenamed(_ issue: Issue) -> Issue? {
      let renamed = renamed(issue)
      guard renamed.comments != issue.comments, Test.current != nil else { return renamed }
      let child = issue.comments.map(\.rawValue).joined(separator: "\n")
      Issue.record(
        Comment(
          rawValue: renamed.comments.map(\.rawValue).joined(separator: "\n")
            + "\n(as the child process recorded it: \(child))"
        ),
        severity: issue.severity,
        sourceLocation: issue.sourceLocation ?? testLocation ?? Test.current?.sourceLocation
          ?? SourceLocation(fileID: "\(#fileID)", filePath: "\(#filePath)", line: #line, column: 1)
      )
      return nil
    }

    /// A failure the child raised names the parent test, not the child's scope.
    func renamed(_ issue: Issue) -> Issue {
      guard issue.comments.contains(where: { $0.rawValue.contains(ExitTestChild.scopeName) })
      else { return issue }
      var renamed = issue
      renamed.comments = issue.comments.map { Comment(rawValue: self.renamed($0.rawValue)) }
      return renamed
    }

    func renamed(_ text: String) -> String {
      text.replacingOccurrences(
        of: ExitTestChild.scopeName,
        with: "\(testName) (in the child process of one of its exit tests)"
      )
    }
  }
}

// Exit tests spawn a process: Swift Testing has none on iOS, tvOS, watchOS, visionOS and WASI,
// where `ExitTest` is `@available(*, unavailable)`.
#if compiler(>=6.2) && !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS) && !os(WASI)
  extension ExitTest.Result {
    /// The message SharedInstances stopped the exit test's child process with, or nil when the
    /// library did not stop it (the code under test exited or crashed on its own).
    ///
    /// Read it to tell the library's stop (a misuse: an empty box read, a `.required` box with
    /// nothing to serve, a factory reading its own box) from the crash the test expects. It
    /// needs the child's standard error: observe `\.standardErrorContent`.
    ///
    /// ```swift
    /// @Test(.isolatedShared) func rejectsANegativeLimit() async {
    ///   let result = await #expect(
    ///     processExitsWith: .failure, observing: [\.standardErrorContent]
    ///   ) {
    ///     RateLimiter.shared.value.configure(limit: -1)  // precondition fails
    ///   }
    ///   #expect(result?.sharedInstancesStopMessage == nil)  // not the library's misuse stop
    /// }
    /// ```
    public var sharedInstancesStopMessage: String? {
      let text = String(decoding: standardErrorContent, as: UTF8.self)
      guard let line = text.range(of: ExitTestRelay.stopLine) else { return nil }
      let after = text[line.upperBound...]
      guard let fatal = after.range(of: "Fatal error: ") else { return nil }
      var message: [Substring] = []
      for line in after[fatal.upperBound...].split(
        separator: "\n",
        omittingEmptySubsequences: false
      ) {
        // The runtime's backtrace, if it prints one, follows the message.
        if line.hasPrefix("💣") || line.hasPrefix("Current stack trace") || line.hasPrefix("*** ") {
          break
        }
        message.append(line)
      }
      let joined = message.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
      return joined.hasPrefix("SharedInstances: ") ? String(joined.dropFirst(17)) : joined
    }
  }
#endif
