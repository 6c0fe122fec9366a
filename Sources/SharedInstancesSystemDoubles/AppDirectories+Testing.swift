import Foundation
import SharedInstances
import SharedInstancesSystem
import _SharedInstancesIsolation
import _SharedInstancesTestReporting

extension AppDirectories {
  /// Fresh, empty folders of their own, under the system's temporary directory.
  ///
  /// An isolated test that does not override `SystemBoxes.directories` gets
  /// `.fresh()` already. Created in an isolated test, the folders are removed when the test
  /// ends; when it fails, they are kept for you to look at, and a warning on the test names
  /// them. Created outside every test, they are yours to remove (the folder that holds
  /// `documents`).
  ///
  /// ```swift
  /// @Test(.isolatedShared) func theDraftSurvivesARestart() throws {
  ///   try DraftStore().save("Hello")
  ///   let file = SystemBoxes.directories.value.documents.appendingPathComponent("draft.txt")
  ///   #expect(FileManager.default.fileExists(atPath: file.path))
  /// }   // the folders are gone
  /// ```
  ///
  /// The folders are `<tmp>/SharedInstances-<test>-<random>/` `tmp`, `Documents` and `Caches`.
  ///
  /// - Parameter name: Part of the folder's name. The test's name by default.
  /// - Returns: The folders, created.
  public static func fresh(named name: String? = nil) -> AppDirectories {
    let scope = ScopeTeardowns.currentScope
    let label = sanitized(name ?? scope?.name ?? "directories")
    let random = UInt64.random(in: 0...UInt64.max)
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "SharedInstances-\(label)-\(String(random, radix: 36))",
      isDirectory: true
    )
    let directories = AppDirectories(
      temporary: root.appendingPathComponent("tmp", isDirectory: true),
      documents: root.appendingPathComponent("Documents", isDirectory: true),
      caches: root.appendingPathComponent("Caches", isDirectory: true)
    )
    for folder in [root, directories.temporary, directories.documents, directories.caches] {
      // Each folder is made alone (no intermediate directories): fewer system calls.
      guard mkdir(folder.path, 0o700) == 0 else {
        preconditionFailure("AppDirectories.fresh: cannot create \(folder.path) (errno \(errno))")
      }
    }
    if let scope {
      ScopeTeardowns.add(in: scope) { ending in
        if ending.testFailed {
          TestFailure.warn(
            "\(ending.scopeName) failed: its directories are kept at \(root.path)",
            at: _SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
          )
        } else {
          try? FileManager.default.removeItem(at: root)
        }
      }
    }
    return directories
  }

  /// The folder that holds the three folders of `fresh(named:)`.
  var root: URL { documents.deletingLastPathComponent() }

  /// A test's name as part of a folder's name: letters, digits, `-` and `_`, at most 40.
  private static func sanitized(_ name: String) -> String {
    let kept = name.unicodeScalars.prefix(40).map { scalar -> Character in
      CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_"
        ? Character(scalar) : "_"
    }
    return String(kept)
  }
}
