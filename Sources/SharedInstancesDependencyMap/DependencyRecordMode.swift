/// When a test that records its dependencies writes its record file.
///
/// The default is ``missing``: a test with no record writes one (and fails, so that a CI run
/// never records silently); a test with a record is checked against it. Set another mode for
/// a run with the `SHARED_INSTANCES_RECORD` environment variable, or for a suite with
/// ``IsolatedSharedTrait/recordingDependencies(_:failsWhenRecording:)``; the trait's argument
/// wins over the variable.
///
/// ```sh
/// SHARED_INSTANCES_RECORD=all swift test --filter ProfileTests   # re-record ProfileTests
/// ```
public enum DependencyRecordMode: String, Sendable, Hashable, CaseIterable {
  /// Writes every record, replacing what is there (`SHARED_INSTANCES_RECORD=all`, or `=1`).
  ///
  /// ```swift
  /// @Suite(.isolatedShared.recordingDependencies(.all)) struct ProfileTests { … }
  /// ```
  case all
  /// Writes records that do not exist yet and checks the others (the default).
  ///
  /// ```swift
  /// @Suite(.isolatedShared.recordingDependencies(.missing)) struct ProfileTests { … }
  /// ```
  case missing
  /// Checks every record, and rewrites those that differ (the test still fails).
  ///
  /// ```swift
  /// @Suite(.isolatedShared.recordingDependencies(.failed)) struct ProfileTests { … }
  /// ```
  case failed
  /// Never writes: a missing record fails the test (`SHARED_INSTANCES_RECORD=never`).
  ///
  /// ```swift
  /// @Suite(.isolatedShared.recordingDependencies(.never)) struct ProfileTests { … }
  /// ```
  case never
}
