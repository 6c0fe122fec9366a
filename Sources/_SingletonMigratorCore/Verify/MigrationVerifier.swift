import Foundation

/// Builds a migrated copy of the package, its tests included, so that `--apply` writes only a
/// migration that compiles: the shared instances whose rewrite the compiler rejects are named,
/// to be left as they are (or boxed without a protocol) in the next round.
///
/// The copy lives in a temporary folder kept between runs (so that a second run builds only
/// what changed); a dependency declared by a relative path (`.package(path: "../..")`) is
/// pointed at the original's folder.
///
/// ```swift
/// let verifier = MigrationVerifier(package: URL(fileURLWithPath: "."))
/// let rejected = try verifier.rejected(migration)   // ["Manager.shared": "error: …"]
/// ```
public struct MigrationVerifier: Sendable {
  /// A build that failed for a reason no instance explains, or a copy that cannot be made.
  public struct Error: Swift.Error, CustomStringConvertible {
    /// What happened, with the compiler's first errors.
    public let description: String

    /// Creates the error.
    ///
    /// ```swift
    /// throw MigrationVerifier.Error(description: "the migrated package does not build: …")
    /// ```
    ///
    /// - Parameter description: What happened, with the compiler's first errors.
    public init(description: String) {
      self.description = description
    }
  }

  /// The package's root folder.
  public let package: URL
  /// The folder the copy is built in.
  public let copy: URL

  /// Verifies migrations of the package at `package`.
  ///
  /// ```swift
  /// let verifier = MigrationVerifier(package: packageURL)
  /// ```
  ///
  /// - Parameters:
  ///   - package: The package's root folder.
  ///   - copy: Where the copy is built; by default a folder under the temporary directory named
  ///     after the package's path, kept between runs.
  public init(package: URL, copy: URL? = nil) {
    self.package = package.standardizedFileURL
    var hash: UInt64 = 5381
    for byte in self.package.path.utf8 { hash = (hash &* 33) &+ UInt64(byte) }
    self.copy =
      copy
      ?? FileManager.default.temporaryDirectory
      .appendingPathComponent("migrate-singletons-\(String(hash, radix: 16))")
  }

  /// Builds the migrated copy and returns the instances the compiler rejects, each with its
  /// first error; empty when it builds.
  ///
  /// ```swift
  /// let rejected = try verifier.rejected(migration, spies: "Tests/AppTests/Spies")
  /// ```
  ///
  /// - Parameters:
  ///   - migration: The migration to verify.
  ///   - spies: The folder, relative to the package, where the migration's new files go.
  /// - Returns: Qualified names of rejected instances, each with the compiler's error.
  /// - Throws: ``Error`` when the build fails on a line no migrated instance explains.
  public func rejected(
    _ migration: SingletonMigrator.Migration,
    spies: String? = nil
  ) throws -> [String: String] {
    try makeCopy()
    for file in migration.files {
      try write(file.contents, to: copy.appendingPathComponent(file.path))
    }
    if let spies {
      for file in migration.newFiles {
        try write(
          file.contents,
          to: copy.appendingPathComponent(spies).appendingPathComponent(file.path)
        )
      }
    }
    let (status, log) = VerificationBuild.run(
      ["swift", "build", "--build-tests", "--package-path", copy.path]
    )
    guard status != 0 else { return [:] }
    return try rejections(inBuildLog: log, of: migration)
  }

  /// The target of a migration does not depend on the SharedInstances library, so no box
  /// compiles: the package's manifest must say so first.
  public struct MissingDependency: Swift.Error, CustomStringConvertible {
    /// What to add, and where.
    public let description: String
  }

  /// The instances a failed build's log blames, each with its first error.
  ///
  /// ```swift
  /// let rejected = try verifier.rejections(inBuildLog: log, of: migration)
  /// ```
  ///
  /// - Parameters:
  ///   - log: What `swift build` printed.
  ///   - migration: The migration that was built.
  /// - Returns: Qualified names of rejected instances, each with the compiler's error.
  /// - Throws: ``MissingDependency`` when a migrated file cannot import SharedInstances;
  ///   ``Error`` when the build fails on a line no migrated instance explains.
  public func rejections(
    inBuildLog log: String,
    of migration: SingletonMigrator.Migration
  ) throws -> [String: String] {
    if let line = log.split(separator: "\n").first(where: {
      $0.contains(": error: no such module 'SharedInstances'")
    }) {
      let file = line.split(separator: ":").first.map(String.init) ?? ""
      let path =
        file.hasPrefix(copy.path + "/") ? String(file.dropFirst(copy.path.count + 1)) : file
      throw MissingDependency(
        description: "\(path) cannot import SharedInstances: its target does not depend on the "
          + "library. Add .package(url: "
          + "\"https://github.com/shared-instances/SharedInstances.git\", from: \"0.1.0\") to "
          + "the package's dependencies and .product(name: \"SharedInstances\", package: "
          + "\"SharedInstances\") to the target's, then run the command again; nothing written"
      )
    }
    // `…/Sources/App/File.swift:12:5: error: …`
    var rejected: [String: String] = [:]
    var unexplained: [String] = []
    let migratedFiles = Dictionary(
      migration.files.map { ($0.path, $0.contents) },
      uniquingKeysWith: { a, _ in a }
    )
    for line in log.split(separator: "\n") where line.contains(": error: ") {
      guard line.hasPrefix(copy.path) || line.hasPrefix("/") else { continue }
      let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
      guard parts.count == 4, let lineNumber = Int(parts[1]) else { continue }
      var path = String(parts[0])
      if path.hasPrefix(copy.path + "/") { path.removeFirst(copy.path.count + 1) }
      let message = String(line)
        .replacingOccurrences(of: copy.path + "/", with: "")
      let text =
        (migratedFiles[path]
        ?? (try? String(contentsOf: copy.appendingPathComponent(path), encoding: .utf8)) ?? "")
        .split(separator: "\n", omittingEmptySubsequences: false)
      let source = lineNumber - 1 < text.count ? String(text[lineNumber - 1]) : ""
      // Blame the instances the error names by type (`any ManagerProtocol`, `Manager`), then
      // those the line names as `Owner.name`, then by name alone, then the file's.
      let words = Set(
        message.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(
          String.init
        )
      )
      // A spy that does not compile: the instance of its protocol.
      let fileName = (path as NSString).lastPathComponent
      var blamed = migration.migrated.filter { instance in
        let type = SingletonFinder.baseName(of: instance.type)
        return words.contains(type + "Protocol") || fileName == "\(type)ProtocolSpy.swift"
      }
      if blamed.isEmpty {
        blamed = migration.migrated.filter { instance in
          source.contains(instance.qualifiedName)
            || (instance.container == nil && source.contains(instance.name))
        }
      }
      if blamed.isEmpty {
        let named = migration.migrated.filter { source.contains($0.name) }
        if named.count == 1 { blamed = named }
      }
      if blamed.isEmpty {
        blamed = migration.migrated.filter {
          words.contains(SingletonFinder.baseName(of: $0.type))
        }
      }
      if blamed.isEmpty { blamed = migration.migrated.filter { $0.file == path } }
      if blamed.isEmpty {
        unexplained.append(message)
      }
      let hint =
        message.contains("no such module 'SharedInstancesTesting'")
        ? " (the spies import SharedInstancesTesting: add .product(name: \"SharedInstancesTesting\", "
          + "package: \"SharedInstances\") to the test target's dependencies)"
        : ""
      for instance in blamed where rejected[instance.qualifiedName] == nil {
        rejected[instance.qualifiedName] =
          "the migrated package does not compile: \(message)\(hint)"
      }
    }
    if rejected.isEmpty {
      let first =
        (unexplained.isEmpty
        ? log.split(separator: "\n").filter { $0.contains("error") }.map(String.init) : unexplained)
        .prefix(5)
      throw Error(
        description: "the migrated package does not build, and no migrated shared instance "
          + "explains it (does the package build before the migration?):\n"
          + first.joined(separator: "\n")
      )
    }
    return rejected
  }

  /// Copies the package's files (not its build folders or Git data) over the previous copy,
  /// and points relative package dependencies at the original's folder.
  func makeCopy() throws {
    let manager = FileManager.default
    try manager.createDirectory(at: copy, withIntermediateDirectories: true)
    // Everything but the copy's own build folder goes: files deleted from the package since
    // the last run must not linger.
    for name in (try? manager.contentsOfDirectory(atPath: copy.path)) ?? []
    where name != ".build" {
      try manager.removeItem(at: copy.appendingPathComponent(name))
    }
    for name in try manager.contentsOfDirectory(atPath: package.path)
    where !name.hasPrefix(".build") && ![".git", ".swiftpm"].contains(name) {
      try manager.copyItem(
        at: package.appendingPathComponent(name),
        to: copy.appendingPathComponent(name)
      )
    }
    // Remote dependencies as the package resolved them: their clones and checkouts, so that
    // the copy builds without the network (the build products are not copied: their module
    // caches name the original's paths).
    let build = package.appendingPathComponent(".build")
    let copyBuild = copy.appendingPathComponent(".build")
    for name in ["repositories", "checkouts", "workspace-state.json"]
    where manager.fileExists(atPath: build.appendingPathComponent(name).path)
      && !manager.fileExists(atPath: copyBuild.appendingPathComponent(name).path)
    {
      try manager.createDirectory(at: copyBuild, withIntermediateDirectories: true)
      try manager.copyItem(
        at: build.appendingPathComponent(name),
        to: copyBuild.appendingPathComponent(name)
      )
    }
    let manifest = copy.appendingPathComponent("Package.swift")
    var text = try String(contentsOf: manifest, encoding: .utf8)
    text = Self.absolutePackagePaths(in: text, relativeTo: package)
    try text.write(to: manifest, atomically: true, encoding: .utf8)
  }

  /// `.package(path: "../x")` (and `.package(name: …, path: …)`) with the path made absolute.
  package static func absolutePackagePaths(in manifest: String, relativeTo package: URL) -> String {
    var result = ""
    var rest = Substring(manifest)
    while let call = rest.range(of: ".package(") {
      result += rest[..<call.upperBound]
      rest = rest[call.upperBound...]
      guard let close = rest.firstIndex(of: ")"),
        let pathKey = rest[..<close].range(of: "path:"),
        let open = rest[pathKey.upperBound..<close].firstIndex(of: "\""),
        let end = rest[rest.index(after: open)..<close].firstIndex(of: "\"")
      else { continue }
      let path = String(rest[rest.index(after: open)..<end])
      let absolute =
        path.hasPrefix("/") ? path : package.appendingPathComponent(path).standardizedFileURL.path
      result += rest[..<rest.index(after: open)] + absolute
      rest = rest[end...]
    }
    return result + rest
  }

  private func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try Data(text.utf8).write(to: url)
  }

}
