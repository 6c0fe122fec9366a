import Foundation
import Testing
import _SingletonMigratorCore
import _SpyGeneratorCore

/// `--apply`'s verification with the real compiler: a small package whose migration breaks in a
/// file no instance is declared in, so that only building subsets finds the instance at fault.
@Suite(.serialized) struct VerifiedBuildTests {
  // An app's composition root beside a generic lock helper of its own, in a file named after
  // neither: the helper's extracted protocol names `Value`, which only the class declares.
  static let sources: [String: String] = [
    "Package.swift": """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "Bisection",
      targets: [
        .target(name: "SharedInstances"),
        .target(name: "App", dependencies: ["SharedInstances"]),
      ]
    )

    """,
    // The box the migration writes, as small as the compiler needs it: the package builds
    // with no dependency, in seconds.
    "Sources/SharedInstances/Resettable.swift": """
    public final class Resettable<Value>: @unchecked Sendable {
      private let factory: () -> Value
      private var stored: Value?
      public init(name: String, _ factory: @escaping () -> Value) { self.factory = factory }
      public var value: Value {
        if let stored { return stored }
        let made = factory()
        stored = made
        return made
      }
    }

    """,
    "Sources/App/Locking.swift": """
    final class LockedValueBox<Value>: @unchecked Sendable {
      private var value: Value
      init(_ value: Value) { self.value = value }
      func withLock<Output>(_ body: (inout Value) -> Output) -> Output { body(&value) }
    }

    """,
    "Sources/App/Services.swift": """
    final class AppBootstrapper: @unchecked Sendable {
      static let shared = AppBootstrapper()
      func start() {}
    }

    enum Counters {
      static let requests = LockedValueBox<Int>(0)
    }

    func launch() {
      AppBootstrapper.shared.start()
      _ = Counters.requests.withLock { $0 += 1 }
    }

    """,
  ]

  @Test(.timeLimit(.minutes(20)))
  func bisectionOnARealBuildLeavesOnlyTheProtocolThatBreaksIt() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("migrate-singletons-bisection-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let package = root.appendingPathComponent("Bisection")
    for (path, contents) in Self.sources {
      let url = package.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(),
        withIntermediateDirectories: true
      )
      try Data(contents.utf8).write(to: url)
    }
    let files = Self.sources.keys.filter { $0.hasPrefix("Sources/App/") }.sorted().map {
      SingletonMigrator.SourceFile(path: $0, contents: Self.sources[$0]!)
    }
    let migrator = SingletonMigrator(options: .init(extractProtocol: true, moduleName: "App"))
    let verifier = MigrationVerifier(package: package, copy: root.appendingPathComponent("copy"))
    let first = try migrator.migrate(files: files, symbolGraph: nil)
    #expect(first.files.contains { $0.contents.contains("protocol LockedValueBoxProtocol") })

    // Every protocol at once does not build, and the compiler's error names no instance: the
    // subsets find the one at fault. The last round's build passed, so what is written builds.
    var builds = 0
    let migration = try migrator.migrateVerified(files: files, symbolGraph: nil) {
      builds += 1
      return try verifier.rejected($0)
    }
    let services = try #require(migration.files.first { $0.path.hasSuffix("Services.swift") })
    #expect(services.contents.contains("Resettable<any AppBootstrapperProtocol>"))
    #expect(services.contents.contains("Resettable<LockedValueBox<Int>>"))
    #expect(!migration.files.contains { $0.contents.contains("LockedValueBoxProtocol") })
    #expect(migration.migrated.count == 2)
    #expect(
      migration.diagnostics.map(\.message).contains {
        $0.hasPrefix("Counters.requests: its protocol's migration does not compile")
          && $0.contains("found by building subsets")
      }
    )
    #expect(builds <= 8)
  }
}
