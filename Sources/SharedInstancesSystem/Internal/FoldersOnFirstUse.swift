import Foundation

/// Creates a test's fresh folders (`AppDirectories.fresh()` of `SharedInstancesTesting`) when
/// each is first read, not when the test starts: most tests never touch the file system, and
/// four `mkdir` calls per test were most of what the folders cost.
///
/// The root folder is made with the first of its folders; a folder the test replaced (by
/// setting another URL) is never made.
package final class _FoldersOnFirstUse: @unchecked Sendable {
  // @unchecked: `made` and `madeRoot` are only touched while `lock` is held; the rest is
  // immutable.
  package let root: URL
  private let folders: [URL]
  private let lock = NSLock()
  private var made = [false, false, false]
  private var madeRoot = false

  /// - Parameters:
  ///   - root: The folder the three are made in.
  ///   - folders: The temporary, documents and caches folders, in that order.
  package init(root: URL, folders: [URL]) {
    self.root = root
    self.folders = folders
  }

  /// Whether any folder was made (the root then exists, and is the test's to remove).
  package var madeAny: Bool { lock.withLock { madeRoot } }

  /// Makes folder `index` if `url` is still that folder and it was not made yet.
  func prepare(_ index: Int, _ url: URL) {
    lock.withLock {
      guard !made[index], url == folders[index] else { return }
      if !madeRoot {
        Self.makeFolder(root)
        madeRoot = true
      }
      Self.makeFolder(url)
      made[index] = true
    }
  }

  private static func makeFolder(_ folder: URL) {
    // Alone (no intermediate directories): fewer system calls.
    guard mkdir(folder.path, 0o700) == 0 else {
      preconditionFailure("AppDirectories.fresh: cannot create \(folder.path) (errno \(errno))")
    }
  }
}
