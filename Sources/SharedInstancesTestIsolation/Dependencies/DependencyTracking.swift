import SharedInstances
import SharedInstancesDependencyMap
import Testing
import XCTest
import _SharedInstancesIsolation

/// What an isolated test's trait asks of dependency checks: boxes exempt from strict mode and
/// the record settings. Bound as a task-local while the trait opens the test's scope (where
/// they are not empty, or a trait outside bound some).
package struct DependencySettings: Sendable {
  var exemptBoxes: Set<UInt64> = []
  var recording: DependencyRecording?

  @TaskLocal static var current: DependencySettings?

  /// Whether these settings change nothing: no box exempt, no record.
  var isEmpty: Bool { exemptBoxes.isEmpty && recording == nil }
}

/// The hooks `IsolationSession` calls into: strictness and exemptions when a scope opens,
/// records and the map when it ends, and where a read of a real instance is reported.
enum DependencyTracking {
  /// Whether a scope opened with `options` is strict: `.strict`, or `SHARED_INSTANCES_STRICT`
  /// unless the options allow real instances.
  static func isStrict(_ options: SharedIsolationOptions) -> Bool {
    if options.contains(.strict) { return true }
    return SharedInstancesEnvironment.current.isStrict && !options.contains(.allowsRealInstances)
  }

  /// The exemptions of the trait opening the scope here. Reports `.recordsDependencies` given
  /// where nothing records (`withIsolatedShared`, or an `IsolatedSharedTestCase` without
  /// `dependencyRecording`): it would otherwise be silently ignored.
  static func scopeTracking(
    _ options: SharedIsolationOptions,
    testModule: String
  ) -> _ScopeTracking {
    if options.contains(.recordsDependencies), DependencyRecorder.current == nil {
      let message = """
        .recordsDependencies records only under the .isolatedShared trait (or, in XCTest, with \
        IsolatedSharedTestCase.dependencyRecording): nothing records this scope's dependencies.
        """
      if let test = Test.current {
        Issue.record(Comment(rawValue: message), sourceLocation: test.sourceLocation)
      } else {
        XCTFail(message)
      }
    }
    return _ScopeTracking(
      exemptBoxes: DependencySettings.current?.exemptBoxes ?? [],
      testDefaults: SharedTestDefaults.registry(forModule: testModule)
    )
  }

  /// Routes a diagnostic about a read to the running Swift Testing test's own line (a property
  /// read has no source location); every other diagnostic goes on as before.
  static func route(_ diagnostic: _Diagnostic, to diagnostics: ScopeDiagnostics) {
    if diagnostic.reportsAtTest, let test = Test.current {
      Issue.record(Comment(rawValue: diagnostic.message), sourceLocation: test.sourceLocation)
    } else {
      diagnostics.report(diagnostic)
    }
  }

  /// Hands what the scope touched to the test's recorder and to the process's map. Called just
  /// before the scope ends; costs nothing when neither is active.
  static func scopeWillEnd(_ scope: _Scope) {
    let recorder = DependencyRecorder.current
    let map = DependencyMap.process
    guard recorder != nil || map != nil else { return }
    let dependencies = scope.dependencies()
    recorder?.add(dependencies)
    map?.add(
      testID(scopeName: scope.name),
      dependencies.map { (DependencyMap.Box($0.identity), DependencyKind.of($0)) }
    )
  }

  /// The running test as the map names it.
  static func testID(scopeName: String) -> DependencyMap.TestID {
    if let test = Test.current {
      return DependencyMap.TestID(
        suite: test.id.nameComponents.dropLast().joined(separator: "."),
        name: test.id.nameComponents.last ?? test.name
      )
    }
    return DependencyMap.TestID(xcTestName: scopeName)
  }

  // MARK: Records

  /// Runs a whole Swift Testing test function (all its arguments) with a recorder when its
  /// trait records dependencies, then checks the record.
  static func recordingTest(
    _ test: Test,
    options: SharedIsolationOptions,
    settings: DependencySettings,
    _ body: () async throws -> Void
  ) async throws {
    guard !test.isSuite, DependencyRecorder.current == nil,
      options.contains(.recordsDependencies) || settings.recording != nil
    else { return try await body() }
    let path = DependencyRecorder.recordPath(
      testFile: test.sourceLocation.filePath,
      nameComponents: test.id.nameComponents
    )
    let owner = "\(test.id)"
    if let other = DependencyRecorder.claim(path, for: owner) {
      Issue.record(
        Comment(rawValue: DependencyRecorder.sharedPathFailure(path, owner, other)),
        sourceLocation: test.sourceLocation
      )
      return try await body()
    }
    let recorder = DependencyRecorder(
      testName: test.id.nameComponents.last ?? test.name,
      recordPath: path,
      recording: settings.recording
    )
    try await DependencyRecorder.$current.withValue(recorder) { try await body() }
    if let failure = recorder.finish() {
      Issue.record(Comment(rawValue: failure), sourceLocation: test.sourceLocation)
    }
  }

  /// Runs one XCTest test method with a recorder when `recording` is set, then checks it.
  static func recordingXCTest(
    name: String,
    recording: DependencyRecording?,
    _ body: () -> Void
  ) {
    guard let recording, DependencyRecorder.current == nil else { return body() }
    let components = xcTestComponents(name)
    let path = DependencyRecorder.recordPath(
      testFile: "\(recording.filePath)",
      nameComponents: components
    )
    if let other = DependencyRecorder.claim(path, for: name) {
      XCTFail(
        DependencyRecorder.sharedPathFailure(path, name, other),
        file: recording.filePath,
        line: recording.line
      )
      return body()
    }
    let recorder = DependencyRecorder(
      testName: components.last ?? name,
      recordPath: path,
      recording: recording
    )
    DependencyRecorder.$current.withValue(recorder) { body() }
    if let failure = recorder.finish() {
      XCTFail(failure, file: recording.filePath, line: recording.line)
    }
  }

  private static func xcTestComponents(_ name: String) -> [String] {
    DependencyRecorder.xcTestNameComponents(name)
  }
}
