import Foundation

/// The environment variables the testing module reads, parsed once per process.
///
/// Tests of the library inject their own with ``withValues(_:operation:)`` (a task-local)
/// instead of calling `setenv`, which would leak into tests running in parallel.
package struct SharedInstancesEnvironment: Sendable {
  /// `SHARED_INSTANCES_STRICT`: `1`, `true` or `yes` makes every isolated test strict.
  package let isStrict: Bool
  /// `SHARED_INSTANCES_RECORD`: `all` (or `1`, `true`), `missing`, `failed`, `never` (or `0`).
  package let recordMode: DependencyRecordMode?
  /// A value of `SHARED_INSTANCES_RECORD` that is none of those, reported by recording tests.
  package let invalidRecordMode: String?
  /// `SHARED_INSTANCES_MAP`: the folder the dependency map is written to at exit.
  package let mapDirectory: String?

  package init(_ values: [String: String]) {
    let strict = values["SHARED_INSTANCES_STRICT"]?.lowercased()
    isStrict = strict == "1" || strict == "true" || strict == "yes"
    let record = values["SHARED_INSTANCES_RECORD"]?.lowercased()
    switch record {
    case nil, "": (recordMode, invalidRecordMode) = (nil, nil)
    case "1", "true", "yes", "all": (recordMode, invalidRecordMode) = (.all, nil)
    case "missing": (recordMode, invalidRecordMode) = (.missing, nil)
    case "failed": (recordMode, invalidRecordMode) = (.failed, nil)
    case "0", "false", "no", "never", "none": (recordMode, invalidRecordMode) = (.never, nil)
    default: (recordMode, invalidRecordMode) = (nil, values["SHARED_INSTANCES_RECORD"])
    }
    let map = values["SHARED_INSTANCES_MAP"] ?? ""
    mapDirectory = map.isEmpty ? nil : map
  }

  /// The process's environment, read once.
  package static let process = SharedInstancesEnvironment(ProcessInfo.processInfo.environment)

  @TaskLocal private static var injected: SharedInstancesEnvironment?

  /// The environment in effect here: an injected one, else the process's.
  package static var current: SharedInstancesEnvironment { injected ?? process }

  /// Runs `operation` with `values` in place of the process's environment variables.
  package static func withValues<R>(
    _ values: [String: String],
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await $injected.withValue(SharedInstancesEnvironment(values), operation: operation)
  }

  /// Runs `operation` with `values` in place of the process's environment variables.
  package static func withValues<R>(
    _ values: [String: String],
    operation: () throws -> R
  ) rethrows -> R {
    try $injected.withValue(SharedInstancesEnvironment(values), operation: operation)
  }
}
