import Foundation
import SharedInstances

/// The folders an app keeps files in: the value of ``SystemBoxes/directories``.
///
/// Production code builds its file URLs from these where it would ask `FileManager` for the
/// temporary, documents or caches directory. In an isolated test the box holds fresh, empty
/// folders of the test's own, removed when the test ends, so that tests running in parallel
/// never read each other's files.
///
/// ```swift
/// func saveDraft(_ text: String) throws {
///   let file = SystemBoxes.directories.value.documents.appendingPathComponent("draft.txt")
///   try Data(text.utf8).write(to: file)
/// }
/// ```
///
/// `SharedInstancesTesting` adds `.fresh()`, the folders a test gets.
public struct AppDirectories: Sendable, Hashable {
  /// The folder for files the app may lose at any time.
  ///
  /// ```swift
  /// let scratch = SystemBoxes.directories.value.temporary.appendingPathComponent("upload.bin")
  /// ```
  public var temporary: URL {
    get {
      _firstUse?.prepare(0, _temporary)
      return _temporary
    }
    set { _temporary = newValue }
  }

  /// The folder for the user's documents.
  ///
  /// ```swift
  /// let file = SystemBoxes.directories.value.documents.appendingPathComponent("notes.json")
  /// ```
  public var documents: URL {
    get {
      _firstUse?.prepare(1, _documents)
      return _documents
    }
    set { _documents = newValue }
  }

  /// The folder for caches the app can rebuild.
  ///
  /// ```swift
  /// let cache = SystemBoxes.directories.value.caches.appendingPathComponent("feed.json")
  /// ```
  public var caches: URL {
    get {
      _firstUse?.prepare(2, _caches)
      return _caches
    }
    set { _caches = newValue }
  }

  /// Creates a set of folders.
  ///
  /// ```swift
  /// let root = URL(fileURLWithPath: "/var/app")
  /// SystemBoxes.directories.set(
  ///   AppDirectories(
  ///     temporary: root.appendingPathComponent("tmp"),
  ///     documents: root.appendingPathComponent("Documents"),
  ///     caches: root.appendingPathComponent("Caches")
  ///   )
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - temporary: The folder for files the app may lose at any time.
  ///   - documents: The folder for the user's documents.
  ///   - caches: The folder for caches the app can rebuild.
  public init(temporary: URL, documents: URL, caches: URL) {
    _temporary = temporary
    _documents = documents
    _caches = caches
    _firstUse = nil
  }

  /// Folders that `firstUse` creates when each is first read (a test's fresh folders).
  package init(temporary: URL, documents: URL, caches: URL, firstUse: _FoldersOnFirstUse) {
    _temporary = temporary
    _documents = documents
    _caches = caches
    _firstUse = firstUse
  }

  private var _temporary: URL
  private var _documents: URL
  private var _caches: URL
  /// Creates the folders on first read; nil for folders that already exist (the system's).
  private let _firstUse: _FoldersOnFirstUse?

  // Equal folders are equal sets, however they are created: reading no folder here.
  public static func == (left: AppDirectories, right: AppDirectories) -> Bool {
    left._temporary == right._temporary && left._documents == right._documents
      && left._caches == right._caches
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(_temporary)
    hasher.combine(_documents)
    hasher.combine(_caches)
  }

  /// The system's folders, as `FileManager.default` names them when this is read: the live
  /// value of ``SystemBoxes/directories``.
  ///
  /// ```swift
  /// SystemBoxes.directories.set(.system)   // the real folders, also in a test
  /// ```
  public static var system: AppDirectories {
    let files = FileManager.default
    // `homeDirectoryForCurrentUser` is macOS-only; `NSHomeDirectory()` is everywhere.
    let home = URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
    return AppDirectories(
      temporary: files.temporaryDirectory,
      documents: files.urls(for: .documentDirectory, in: .userDomainMask).first
        ?? home.appendingPathComponent("Documents"),
      caches: files.urls(for: .cachesDirectory, in: .userDomainMask).first
        ?? home.appendingPathComponent(".cache")
    )
  }
}

extension SystemBoxes {
  /// The app's temporary, documents and caches folders: the system's unless a test overrides
  /// them.
  ///
  /// The live value is read once, on the box's first read (`FileManager` reads `$TMPDIR` on
  /// every call; the box does not). In an isolated test (`SharedInstancesTesting`), a test that
  /// did not override it gets fresh folders of its own, removed when it ends, kept (and named)
  /// when it fails.
  ///
  /// ```swift
  /// let file = SystemBoxes.directories.value.caches.appendingPathComponent("feed.json")
  /// ```
  public static let directories = Resettable<AppDirectories>(name: "SystemBoxes.directories") {
    .system
  }
}
