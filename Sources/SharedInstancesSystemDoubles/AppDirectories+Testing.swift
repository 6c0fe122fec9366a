import Foundation
import SharedInstances
import SharedInstancesSystem
import _SharedInstancesIsolation
import _SharedInstancesTestReporting

extension AppDirectories {
  /// Fresh, empty folders of their own, under the system's temporary directory.
  ///
  /// An isolated test that does not override `SystemBoxes.directories` gets
  /// `.fresh()` already. Each folder is created when the test first reads its URL, so a test
  /// that never touches the file system creates none. Created in an isolated test, the folders
  /// are removed when the test ends (moved aside at once, deleted in the background); when it
  /// fails, they are kept for you to look at, and a warning on the test names them. Created
  /// outside every test, they are yours to remove (the folder that holds `documents`).
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
  /// - Returns: The folders, each created when its URL is first read.
  public static func fresh(named name: String? = nil) -> AppDirectories {
    let scope = ScopeTeardowns.currentScope
    let label = sanitized(name ?? scope?.name ?? "directories")
    let random = UInt64.random(in: 0...UInt64.max)
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "SharedInstances-\(label)-\(String(random, radix: 36))",
      isDirectory: true
    )
    let folders = ["tmp", "Documents", "Caches"].map {
      root.appendingPathComponent($0, isDirectory: true)
    }
    let firstUse = _FoldersOnFirstUse(root: root, folders: folders)
    let directories = AppDirectories(
      temporary: folders[0],
      documents: folders[1],
      caches: folders[2],
      firstUse: firstUse
    )
    if let scope {
      ScopeTeardowns.add(in: scope) { ending in
        // A test that never read a folder made none: nothing to keep or remove.
        guard firstUse.madeAny else { return }
        if ending.testFailed {
          TestFailure.warn(
            "\(ending.scopeName) failed: its directories are kept at \(root.path)",
            at: _SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
          )
        } else {
          FolderRemoval.remove(root)
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

/// Removes a test's folders off the test's path: the folder is renamed at once (one system
/// call: its URLs stop resolving before the test's scope has ended), and the renamed tree is
/// deleted on a background queue.
enum FolderRemoval {
  private static let queue = DispatchQueue(label: "SharedInstances.FolderRemoval", qos: .utility)

  static func remove(_ root: URL) {
    let aside = root.deletingLastPathComponent().appendingPathComponent(
      ".removed-\(root.lastPathComponent)",
      isDirectory: true
    )
    let target = rename(root.path, aside.path) == 0 ? aside : root
    queue.async { try? FileManager.default.removeItem(at: target) }
  }
}
