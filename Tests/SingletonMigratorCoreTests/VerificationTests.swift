import Foundation
import Testing
import _SingletonMigratorCore
import _SpyGeneratorCore

/// `--apply` builds what it writes; when the build fails and no error names an instance, it
/// finds the instances at fault by building subsets, and migrates every other one.
@Suite struct VerificationTests {
  // Shaped like an app's composition root beside a generic lock helper of its own.
  static let files: [SingletonMigrator.SourceFile] = [
    .init(
      path: "Sources/App/LockedValueBox.swift",
      contents: """
        final class LockedValueBox<Value>: @unchecked Sendable {
          private var value: Value
          init(_ value: Value) { self.value = value }
          func withLock<Result>(_ body: (inout Value) -> Result) -> Result { body(&value) }
        }
        enum Counters {
          static let requests = LockedValueBox<Int>(0)
        }
        """
    ),
    .init(
      path: "Sources/App/Services.swift",
      contents: """
        final class AppBootstrapper: @unchecked Sendable {
          static let shared = AppBootstrapper()
          func start() {}
        }
        final class ImageCache: @unchecked Sendable {
          static let shared = ImageCache()
          func clear() {}
        }
        final class Analytics: @unchecked Sendable {
          static let shared = Analytics()
          func track(_ event: String) {}
        }
        func launch() {
          AppBootstrapper.shared.start()
          ImageCache.shared.clear()
          Analytics.shared.track("launch")
          _ = Counters.requests.withLock { $0 += 1 }
        }
        """
    ),
  ]

  /// A build that fails in the helper's file, naming no instance, whenever `broken` holds.
  static func build(
    _ migration: SingletonMigrator.Migration,
    brokenWhen broken: (String) -> Bool,
    builds: inout Int
  ) throws -> [String: String] {
    builds += 1
    guard migration.files.contains(where: { broken($0.contents) }) else { return [:] }
    throw MigrationVerifier.Error(
      description: "the migrated package does not build, and no migrated shared instance "
        + "explains it (does the package build before the migration?):\n"
        + "Sources/App/LockedValueBox.swift:4:8: error: generic parameter 'Result' shadows"
    )
  }

  @Test func aProtocolThatBreaksTheBuildInAnotherFileIsFoundAndOnlyItIsDropped() throws {
    let migrator = SingletonMigrator(options: .init(extractProtocol: true, moduleName: "App"))
    let plain = try migrator.migrate(files: Self.files, symbolGraph: nil)
    #expect(plain.files.contains { $0.contents.contains("LockedValueBoxProtocol") })
    var builds = 0
    let migration = try migrator.migrateVerified(files: Self.files, symbolGraph: nil) {
      try Self.build($0, brokenWhen: { $0.contains("LockedValueBoxProtocol") }, builds: &builds)
    }
    #expect(migration.migrated.count == 4)
    #expect(migration.failures.isEmpty)
    let services = try #require(migration.files.first { $0.path.hasSuffix("Services.swift") })
    for name in ["AppBootstrapper", "ImageCache", "Analytics"] {
      #expect(services.contents.contains("Resettable<any \(name)Protocol>"))
    }
    let helper = try #require(migration.files.first { $0.path.hasSuffix("LockedValueBox.swift") })
    #expect(helper.contents.contains("Resettable<LockedValueBox<Int>>"))
    #expect(!helper.contents.contains("LockedValueBoxProtocol"))
    #expect(
      migration.diagnostics.map(\.message).contains {
        $0.hasPrefix("Counters.requests: its protocol's migration does not compile")
          && $0.contains("found by building subsets")
      }
    )
    #expect(builds <= 10)
  }

  @Test func aBoxThatBreaksTheBuildIsLeftWithTheReasonAndTheOthersAreMigrated() throws {
    let migrator = SingletonMigrator(options: .init())
    var builds = 0
    let migration = try migrator.migrateVerified(files: Self.files, symbolGraph: nil) {
      try Self.build($0, brokenWhen: { $0.contains("Resettable<LockedValueBox") }, builds: &builds)
    }
    #expect(
      migration.migrated.map(\.qualifiedName) == [
        "AppBootstrapper.shared", "ImageCache.shared", "Analytics.shared",
      ]
    )
    #expect(migration.failures.map(\.instance.qualifiedName) == ["Counters.requests"])
    #expect(migration.failures.first?.reason.contains("names no instance") == true)
    #expect(migration.plan.contains("Counters.requests: not migrated: the migrated package"))
  }

  @Test func aTargetWithoutTheLibraryIsToldToDependOnItAndNothingIsBisected() throws {
    // Shaped like Spectre's migrated copy: its manifest never named SharedInstances.
    let verifier = MigrationVerifier(package: URL(fileURLWithPath: "/work/Spectre"))
    let migrator = SingletonMigrator(options: .init())
    let migration = try migrator.migrate(files: Self.files, symbolGraph: nil)
    let log = """
      [3/9] Compiling App Services.swift
      \(verifier.copy.path)/Sources/App/Services.swift:1:8: error: no such module 'SharedInstances'
      1 | import SharedInstances
      """
    #expect(throws: MigrationVerifier.MissingDependency.self) {
      try verifier.rejections(inBuildLog: log, of: migration)
    }
    var builds = 0
    #expect(throws: MigrationVerifier.MissingDependency.self) {
      try migrator.migrateVerified(files: Self.files, symbolGraph: nil) {
        builds += 1
        return try verifier.rejections(inBuildLog: log, of: $0)
      }
    }
    #expect(builds == 1)
  }

  @Test func aPackageBrokenBeforeTheMigrationBlamesNoInstance() throws {
    let migrator = SingletonMigrator(options: .init())
    var builds = 0
    #expect(throws: MigrationVerifier.Error.self) {
      try migrator.migrateVerified(files: Self.files, symbolGraph: nil) { _ in
        builds += 1
        throw MigrationVerifier.Error(description: "the package does not build:\nerror: x")
      }
    }
  }
}
