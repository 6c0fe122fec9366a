/// Whether and how an ``IsolatedSharedTestCase`` records the shared instances each of its tests
/// touches: the XCTest switch for dependency records.
///
/// Return one from ``IsolatedSharedTestCase/dependencyRecording``. It remembers the file it is
/// written in: the records go to `.dependencies/<that file's name>/` beside it, one
/// `<Class>.<testMethod>.txt` per test (just `<testMethod>.txt` when the class is named like
/// the file). See <doc:FindingHiddenDependencies>.
///
/// ```swift
/// final class ProfileTests: IsolatedSharedTestCase {
///   override var dependencyRecording: DependencyRecording? { DependencyRecording() }
///
///   func testShowsName() { … }   // .dependencies/ProfileTests/testShowsName.txt
/// }
/// ```
public struct DependencyRecording: Sendable {
  /// When records are written; nil follows `SHARED_INSTANCES_RECORD` (default ``DependencyRecordMode/missing``).
  ///
  /// ```swift
  /// DependencyRecording(.all).mode   // .all: every test re-records
  /// ```
  public var mode: DependencyRecordMode?
  /// Whether writing a record fails the test (true by default, as snapshot tests do, so that a
  /// CI run never records silently).
  ///
  /// ```swift
  /// DependencyRecording(failsWhenRecording: false)   // record quietly, e.g. on first adoption
  /// ```
  public var failsWhenRecording: Bool
  package let filePath: StaticString
  package let line: UInt

  /// Creates the switch, remembering the file it is written in.
  ///
  /// ```swift
  /// override var dependencyRecording: DependencyRecording? { DependencyRecording(.missing) }
  /// ```
  ///
  /// - Parameters:
  ///   - mode: When records are written; nil follows `SHARED_INSTANCES_RECORD`.
  ///   - failsWhenRecording: Whether writing a record fails the test.
  ///   - filePath: The test file; records go beside it. Leave the default.
  ///   - line: Where failures about records point. Leave the default.
  public init(
    _ mode: DependencyRecordMode? = nil,
    failsWhenRecording: Bool = true,
    filePath: StaticString = #filePath,
    line: UInt = #line
  ) {
    self.mode = mode
    self.failsWhenRecording = failsWhenRecording
    self.filePath = filePath
    self.line = line
  }
}
