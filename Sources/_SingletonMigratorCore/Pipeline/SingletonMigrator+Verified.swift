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
    while !migration.files.isEmpty {
      let names = try rejected(migration)
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
}
