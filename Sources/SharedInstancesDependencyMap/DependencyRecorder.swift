import Foundation
import SharedInstances
import _SharedInstancesIsolation

/// Collects what one test touched, over all its scopes (nested traits, each argument of a
/// parameterized test), and checks it against the test's record file when the test ends.
package final class DependencyRecorder: Sendable {
  @TaskLocal package static var current: DependencyRecorder?

  let testName: String
  let recordPath: String
  /// The path messages print: relative to the working directory (the package) when inside it.
  let shownPath: String
  let mode: DependencyRecordMode
  let failsWhenRecording: Bool
  let invalidMode: String?
  private let touched = Protected<[UInt64: (identity: _BoxIdentity, kinds: Set<DependencyKind>)]>(
    [:]
  )

  package init(
    testName: String,
    recordPath: String,
    recording: DependencyRecording?,
    environment: SharedInstancesEnvironment = .current
  ) {
    self.testName = testName
    self.recordPath = recordPath
    self.shownPath = Self.relativeToWorkingDirectory(recordPath)
    self.mode = recording?.mode ?? environment.recordMode ?? .missing
    self.failsWhenRecording = recording?.failsWhenRecording ?? true
    self.invalidMode = recording?.mode == nil ? environment.invalidRecordMode : nil
  }

  /// Adds the dependencies of one scope of the test.
  package func add(_ dependencies: [_Scope.Dependency]) {
    touched.withLock { touched in
      for dependency in dependencies {
        let kinds = DependencyKind.of(dependency)
        touched[dependency.identity.id, default: (dependency.identity, [])].kinds.formUnion(kinds)
      }
    }
  }

  /// Boxes the test's exit tests read in their child processes, which have identities of
  /// their own (`ExitTestRelay`).
  package let childTouched = Protected<[DependencyRecord.RecordedBox: Set<DependencyKind>]>([:])

  /// Compares with the record, writes it as the mode says, and returns the failure to report
  /// (nil when the test passes).
  package func finish() -> String? {
    if let invalidMode {
      return """
        SHARED_INSTANCES_RECORD=\(invalidMode) is not a record mode: use all (or 1), missing, \
        failed or never.
        """
    }
    var boxes: [DependencyRecord.RecordedBox: Set<DependencyKind>] = [:]
    for (identity, kinds) in touched.withLock({ Array($0.values) }) {
      boxes[DependencyRecord.RecordedBox(identity), default: []].formUnion(kinds)
    }
    for (box, kinds) in childTouched.withLock({ $0 }) { boxes[box, default: []].formUnion(kinds) }
    let (record, descriptions) = DependencyRecord.from(boxes: boxes.map { ($0.key, $0.value) })
    let rendered = record.rendered(testName: testName)
    let existing = try? String(contentsOfFile: recordPath, encoding: .utf8)
    guard let existing else {
      if mode == .never {
        return """
          \(testName) has no dependency record at \(shownPath), and recording is off \
          (never). Record it with SHARED_INSTANCES_RECORD=missing and commit it.
          """
      }
      if let error = write(rendered) { return error }
      return failsWhenRecording
        ? """
        Recorded the shared instances \(testName) touches to \(shownPath). Review and commit \
        the file; the next run checks against it.
        """
        : nil
    }
    guard let recorded = DependencyRecord.parse(existing) else {
      if mode == .all || mode == .failed, write(rendered) == nil {
        return "Re-recorded the unreadable dependency record \(shownPath) of \(testName)."
      }
      return """
        The dependency record \(shownPath) of \(testName) is not readable (a line is not \
        `<box> in <file>: <kinds>`): fix it, or re-record with SHARED_INSTANCES_RECORD=1.
        """
    }
    if mode == .all {
      if recorded == record { return nil }
      if let error = write(rendered) { return error }
      return failsWhenRecording
        ? "Re-recorded the shared instances \(testName) touches to \(shownPath) (record mode all)."
        : nil
    }
    guard recorded != record else { return nil }
    let changes = record.changes(from: recorded, testName: testName, descriptions: descriptions)
    var message = "The shared instances \(testName) touches changed (record: \(shownPath)):\n"
    message += changes.map { "- \($0)" }.joined(separator: "\n")
    if mode == .failed {
      message += write(rendered).map { "\n\($0)" } ?? "\nRe-recorded (record mode failed)."
    }
    return message
  }

  /// Writes the record atomically (a temporary file renamed), so tests writing different
  /// records in parallel never see a half-written file. Returns an error message, or nil.
  private func write(_ text: String) -> String? {
    do {
      let url = URL(fileURLWithPath: recordPath)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(),
        withIntermediateDirectories: true
      )
      try Data(text.utf8).write(to: url, options: .atomic)
      return nil
    } catch {
      return "Could not write the dependency record \(recordPath) of \(testName): \(error)"
    }
  }

  // MARK: Paths

  /// Which test owns each record path in this process.
  private static let owners = Protected<[String: String]>([:])

  /// Claims `path` for the test `owner`; returns the other test that already owns it, if any
  /// (two tests that would write one file: overloads, or suites named alike in one file).
  package static func claim(_ path: String, for owner: String) -> String? {
    owners.withLock { owners in
      if let other = owners[path], other != owner { return other }
      owners[path] = owner
      return nil
    }
  }

  /// The failure for two tests sharing `path`.
  package static func sharedPathFailure(_ path: String, _ test: String, _ other: String) -> String {
    """
    \(test) and \(other) would share the dependency record \(relativeToWorkingDirectory(path)): \
    rename one of them, or move it to another suite.
    """
  }

  static func relativeToWorkingDirectory(_ path: String) -> String {
    let directory = FileManager.default.currentDirectoryPath
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// `<folder of testFile>/.dependencies/<testFile's name>/<name>.txt`, where `name` is the
  /// test's suites and function joined by dots, without a leading suite named like the file and
  /// without the argument labels; or, where a record of earlier versions exists, the same path
  /// under `__Dependencies__`.
  ///
  /// The folder is hidden because SwiftPM skips hidden folders: a record in any other folder of
  /// the test target is a file SwiftPM does not handle, and it warns about each one ("found 1
  /// file(s) which are unhandled") unless the package excludes the folder.
  package static func recordPath(
    testFile: String,
    nameComponents: [String],
    fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) -> String {
    let file = URL(fileURLWithPath: testFile)
    let base = file.deletingPathExtension().lastPathComponent
    var components = nameComponents.map { component -> String in
      let name = component.split(separator: "(", maxSplits: 1).first.map(String.init) ?? ""
      return String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
    if components.count > 1, components.first == base { components.removeFirst() }
    func path(in folder: String) -> String {
      file.deletingLastPathComponent()
        .appendingPathComponent(folder)
        .appendingPathComponent(base)
        .appendingPathComponent(components.joined(separator: ".") + ".txt")
        .path
    }
    let legacy = path(in: legacyFolderName)
    return fileExists(legacy) ? legacy : path(in: folderName)
  }

  /// The folder of the records, beside the test files: hidden, so SwiftPM does not warn.
  package static let folderName = ".dependencies"
  /// The folder of the records of earlier versions, still read and updated where it exists.
  package static let legacyFolderName = "__Dependencies__"

  /// The suites and method of an XCTest name: `Class.method` (Linux) or `-[Class method]`.
  package static func xcTestNameComponents(_ name: String) -> [String] {
    if name.hasPrefix("-["), name.hasSuffix("]") {
      return name.dropFirst(2).dropLast().split(separator: " ").map(String.init)
    }
    return name.split(separator: ".").map(String.init)
  }
}
