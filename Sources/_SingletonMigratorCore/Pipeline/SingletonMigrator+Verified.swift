import Foundation
import _SpyGeneratorCore

extension SingletonMigrator {
  /// A migration that still does not build after every round of dropping what the compiler
  /// rejected: nothing may be written.
  public struct VerificationError: Error, CustomStringConvertible {
    /// What the last round still rejected.
    public let description: String
  }

  /// Migrates, then hands the migration to `rejected` (which builds it) round by round: an
  /// instance whose rewrite does not compile loses its protocol first, then its box, each time
  /// with a diagnostic that names it and the error; the others are migrated again, until the
  /// migration builds.
  ///
  /// ```swift
  /// let verifier = MigrationVerifier(package: packageURL)
  /// let migration = try migrator.migrateVerified(files: files, symbolGraph: graph) {
  ///   try verifier.rejected($0, spies: "Tests/AppTests/Spies")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - files: The target's Swift files.
  ///   - usageFiles: Files that use the instances but are not migrated (its tests).
  ///   - symbolGraph: The target's symbol graph, or nil.
  ///   - rounds: How many rounds may drop instances before the migration is given up.
  ///   - rejected: Builds a migration and returns the qualified names of the instances its
  ///     errors name, each with the error; empty when it builds.
  /// - Returns: A migration that builds.
  /// - Throws: ``VerificationError`` when the last round still does not build; what
  ///   `rejected` throws.
  public func migrateVerified(
    files: [SourceFile],
    usageFiles: [SourceFile] = [],
    symbolGraph: Data?,
    rounds: Int = 6,
    rejected: (Migration) throws -> [String: String]
  ) throws -> Migration {
    var excluded: [String: String] = [:]
    var plainBox: Set<String> = []
    var notes: [Diagnostic] = []
    var migration = try migrate(files: files, usageFiles: usageFiles, symbolGraph: symbolGraph)
    var round = 0
    var bisected = false
    while !migration.files.isEmpty {
      let names: [String: String]
      do {
        names = try rejected(migration)
      } catch let error as MigrationVerifier.Error where !bisected {
        // No error names an instance (it lands in a helper's file, say): build subsets to find
        // the instances whose change breaks the build, and leave only those.
        bisected = true
        let found = try bisect(
          migration,
          files: files,
          usageFiles: usageFiles,
          symbolGraph: symbolGraph,
          excluded: excluded,
          plainBox: plainBox,
          error: error,
          rejected: rejected
        )
        excluded.merge(found.excluded) { first, _ in first }
        plainBox.formUnion(found.plainBox.keys)
        for (name, reason) in found.plainBox.sorted(by: { $0.key < $1.key }) {
          notes.append(
            Diagnostic(
              .note,
              "\(name): its protocol's migration does not compile; boxed as its class "
                + "instead (\(reason))"
            )
          )
        }
        migration = try migrate(
          files: files,
          usageFiles: usageFiles,
          symbolGraph: symbolGraph,
          excluding: excluded,
          plainBox: plainBox
        )
        continue
      }
      if names.isEmpty { break }
      guard round < rounds else {
        throw VerificationError(
          description: "the migration still does not build after \(rounds) rounds; nothing "
            + "written. Still rejected: "
            + names.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            .joined(separator: "; ")
        )
      }
      round += 1
      for (name, reason) in names.sorted(by: { $0.key < $1.key }) {
        let hasProtocol =
          migration.newFiles.isEmpty == false && !plainBox.contains(name)
          && options.extractProtocol
        if hasProtocol {
          plainBox.insert(name)
          notes.append(
            Diagnostic(
              .note,
              "\(name): its protocol's migration does not compile; boxed as its class "
                + "instead (\(reason))"
            )
          )
        } else {
          excluded[name] = reason
        }
      }
      migration = try migrate(
        files: files,
        usageFiles: usageFiles,
        symbolGraph: symbolGraph,
        excluding: excluded,
        plainBox: plainBox
      )
    }
    migration.diagnostics = notes + migration.diagnostics
    return migration
  }

  /// Finds, by building subsets, the instances whose migration breaks the build when no error
  /// names one: first the boxes (with every protocol left out), then the protocols. A group
  /// that builds is kept whole; a group that does not is halved, down to single instances.
  private func bisect(
    _ migration: Migration,
    files: [SourceFile],
    usageFiles: [SourceFile],
    symbolGraph: Data?,
    excluded: [String: String],
    plainBox: Set<String>,
    error: MigrationVerifier.Error,
    rejected: (Migration) throws -> [String: String]
  ) throws -> (excluded: [String: String], plainBox: [String: String]) {
    let firstError =
      error.description.split(separator: "\n").dropFirst().first.map(String.init)
      ?? error.description
    let reason =
      "the migrated package does not build with it, and the compiler's error names no "
      + "instance; found by building subsets: \(firstError)"
    let boxed = migration.migrated.map(\.qualifiedName)
    let withProtocol =
      options.extractProtocol
      ? boxed.filter { !plainBox.contains($0) } : []
    // Whether the package builds with `changed` migrated (each as `level` says) and the rest of
    // `candidates` left as they are.
    func builds(
      changed: Set<String>,
      candidates: [String],
      exclude: [String: String],
      plain: Set<String>,
      protocols: Bool
    ) throws -> Bool {
      var excluding = exclude
      var plainBoxes = plain
      for name in candidates where !changed.contains(name) {
        if protocols { plainBoxes.insert(name) } else { excluding[name] = reason }
      }
      let trial = try migrate(
        files: files,
        usageFiles: usageFiles,
        symbolGraph: symbolGraph,
        excluding: excluding,
        plainBox: plainBoxes
      )
      do {
        return try rejected(trial).isEmpty
      } catch is MigrationVerifier.Error {
        return false
      }
    }
    func culprits(
      in candidates: [String],
      exclude: [String: String],
      plain: Set<String>,
      protocols: Bool
    ) throws -> [String] {
      var good: Set<String> = []
      var found: [String] = []
      func search(_ group: [String]) throws {
        guard !group.isEmpty else { return }
        if try builds(
          changed: good.union(group),
          candidates: candidates,
          exclude: exclude,
          plain: plain,
          protocols: protocols
        ) {
          good.formUnion(group)
          return
        }
        if group.count == 1 {
          found.append(group[0])
          return
        }
        try search(Array(group.prefix(group.count / 2)))
        try search(Array(group.dropFirst(group.count / 2)))
      }
      try search(candidates)
      return found
    }
    // Boxes first, with no protocol: when every box builds, only protocols are at fault.
    var foundExcluded: [String: String] = [:]
    let allPlain = plainBox.union(withProtocol)
    if try !builds(
      changed: Set(boxed),
      candidates: boxed,
      exclude: excluded,
      plain: allPlain,
      protocols: false
    ) {
      // Nothing migrated and still no build: the package itself is broken; no instance is.
      guard
        try builds(
          changed: [],
          candidates: boxed,
          exclude: excluded,
          plain: allPlain,
          protocols: false
        )
      else { throw error }
      for name in try culprits(in: boxed, exclude: excluded, plain: allPlain, protocols: false) {
        foundExcluded[name] = reason
      }
    }
    var foundPlain: [String: String] = [:]
    let remaining = withProtocol.filter { foundExcluded[$0] == nil }
    if !remaining.isEmpty {
      for name in try culprits(
        in: remaining,
        exclude: excluded.merging(foundExcluded) { first, _ in first },
        plain: plainBox,
        protocols: true
      ) {
        foundPlain[name] = reason
      }
    }
    return (foundExcluded, foundPlain)
  }
}
