import Foundation
import TestSupport
import Testing
import _SingletonMigratorCore
import _SpyGeneratorCore

@Suite struct RewriteTests {
  @Test func aStaticLetBecomesAnAccessorAndABoxKeepingCommentsAttributesAndAccess() throws {
    let source = """
      import Foundation

      public final class ArticleManager: Sendable {
        /// The one manager.
        @available(iOS 16, *)
        public static let shared = ArticleManager()  // created on first use
        func fetch() -> [String] { [] }
      }
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import SharedInstances

        public final class ArticleManager: Sendable {
          /// The one manager.
          @available(iOS 16, *)
          public static var shared: ArticleManager { sharedBox.value }
          /// The box behind `shared`: tests override it.
          @available(iOS 16, *)
          public static let sharedBox = Resettable<ArticleManager>(name: "ArticleManager.shared") {
            ArticleManager()
          }  // created on first use
          func fetch() -> [String] { [] }
        }
        """
    )
  }

  @Test func aClosureBecomesTheFactory() throws {
    let source = """
      final class Cache: Sendable {
        static let shared: Cache = {
          let cache = Cache()
          return cache
        }()
      }
      """
    #expect(
      try migrated(source) == """
        import SharedInstances

        final class Cache: Sendable {
          static var shared: Cache { sharedBox.value }
          /// The box behind `shared`: tests override it.
          static let sharedBox = Resettable<Cache>(name: "Cache.shared") {
            let cache = Cache()
            return cache
          }
        }
        """
    )
  }

  @Test func mainActorOnesUseTheMainActorFactory() throws {
    let source = """
      @MainActor final class Router {
        static let shared = Router()
      }
      """
    expectReference(try migrated(source))
  }

  /// swift-syntax's `LibraryPluginProvider.shared`: a `@MainActor` property of a class of the
  /// target that is not `Sendable`. `Resettable(mainActor:)` needs a `Sendable` instance; the
  /// box itself stays isolated to the main actor, as the property was, with a plain factory.
  @Test func aMainActorPropertyOfANonSendableClassGetsAMainActorBox() throws {
    let source = """
      public class PluginProvider {
        private init() {}

        @MainActor
        public static let shared: PluginProvider = PluginProvider()
      }

      final class Checked {}
      extension Checked: @unchecked Sendable {}
      enum Registry {
        @MainActor static let checked = Checked()
      }
      """
    #expect(
      try migrated(source) == """
        import SharedInstances

        public class PluginProvider {
          private init() {}

          @MainActor
          public static var shared: PluginProvider { sharedBox.value }
          /// The box behind `shared`: tests override it.
          @MainActor
          public static let sharedBox = Resettable<PluginProvider>(name: "PluginProvider.shared") {
            PluginProvider()
          }
        }

        final class Checked {}
        extension Checked: @unchecked Sendable {}
        enum Registry {
          @MainActor static var checked: Checked { checkedBox.value }
          /// The box behind `checked`: tests override it.
          @MainActor static let checkedBox = Resettable<Checked>(name: "Registry.checked", mainActor: {
            Checked()
          })
        }
        """
    )
  }

  @Test func aMutableOneGetsASetterAndTheUnsafeOptOutStaysOnTheBox() throws {
    let source = """
      final class Legacy {
        nonisolated(unsafe) static var current = Legacy()
      }
      """
    #expect(
      try migrated(source) == """
        import SharedInstances

        final class Legacy {
          static var current: Legacy {
            get { currentBox.value }
            set { currentBox.set(newValue) }
          }
          /// The box behind `current`: tests override it.
          static nonisolated(unsafe) let currentBox = Resettable<Legacy>(name: "Legacy.current") {
            Legacy()
          }
        }
        """
    )
  }

  /// The class is `Sendable`, so its box is too: the `nonisolated(unsafe)` the `var` needed goes.
  @Test func theBootstrapOnceShapeGetsAnEmptyBoxSetAtStartUp() throws {
    let source = """
      final class Tracker: Sendable {}
      enum Analytics {
        nonisolated(unsafe) static var tracker: Tracker!
      }
      """
    expectReference(try migrated(source))
  }

  @Test func globalOnesAndIfdOnesKeepTheirPlace() throws {
    let source = """
      final class Cache: Sendable {}
      #if DEBUG
      let imageCache = Cache(debug: true)
      #else
      let imageCache = Cache()
      #endif
      """
    let text = try migrated(source)
    #expect(
      text == """
        import SharedInstances

        final class Cache: Sendable {}
        #if DEBUG
        var imageCache: Cache { imageCacheBox.value }
        /// The box behind `imageCache`: tests override it.
        let imageCacheBox = Resettable<Cache>(name: "imageCache") { Cache(debug: true) }
        #else
        var imageCache: Cache { imageCacheBox.value }
        /// The box behind `imageCache`: tests override it.
        let imageCacheBox = Resettable<Cache>(name: "imageCache") { Cache() }
        #endif
        """
    )
  }

  @Test func aTakenBoxNameGetsALongerOne() throws {
    let source = """
      final class Manager: Sendable {
        static let shared = Manager()
        static let sharedBox = 1
      }
      """
    expectReference(try migrated(source))
  }

  @Test func aDeclarationSharingItsLineIsLeftWithAReason() throws {
    let migration = try migrate(
      """
      final class Manager: Sendable { static let shared = Manager() }
      final class Other: Sendable {
        static let shared = Other()
      }
      """
    )
    #expect(migration.migrated.map(\.qualifiedName) == ["Other.shared"])
    #expect(migration.failures.map(\.instance.qualifiedName) == ["Manager.shared"])
    #expect(migration.failures.first?.description.contains("other code shares its line") == true)
  }

  @Test func theDiffIsUnifiedWithContext() throws {
    let migration = try migrate(
      """
      final class Manager: Sendable {
        static let shared = Manager()
      }
      """
    )
    #expect(
      migration.diff == """
        --- a/Sources/App/File.swift
        +++ b/Sources/App/File.swift
        @@ -1,3 +1,7 @@
        +import SharedInstances
        +
         final class Manager: Sendable {
        -  static let shared = Manager()
        +  static var shared: Manager { sharedBox.value }
        +  /// The box behind `shared`: tests override it.
        +  static let sharedBox = Resettable<Manager>(name: "Manager.shared") { Manager() }
         }

        """
    )
    #expect(migration.linesChanged == 6)
  }
}

@Suite struct VerifiedMigrationTests {
  let files = [
    SingletonMigrator.SourceFile(
      path: "Sources/App/File.swift",
      contents: """
        final class Manager: Sendable {
          static let shared = Manager()
          func fetch() -> Int { 1 }
        }
        final class Cache: Sendable {
          static let shared = Cache()
        }
        func use() -> Int { Manager.shared.fetch() }
        """
    )
  ]

  @Test func aRejectedInstanceLosesItsProtocolThenItsBoxAndTheOthersStayMigrated() throws {
    let migrator = SingletonMigrator(options: .init(extractProtocol: true, moduleName: "App"))
    var rounds: [[String]] = []
    let migration = try migrator.migrateVerified(files: files, symbolGraph: nil) { migration in
      rounds.append(migration.migrated.map(\.qualifiedName))
      // The compiler rejects Manager.shared however it is rewritten.
      return migration.migrated.contains { $0.qualifiedName == "Manager.shared" }
        ? ["Manager.shared": "error: no"] : [:]
    }
    #expect(rounds.count == 3)
    #expect(migration.migrated.map(\.qualifiedName) == ["Cache.shared"])
    #expect(
      migration.failures.map(\.description) == [
        "Sources/App/File.swift:2: warning: Manager.shared not migrated: error: no"
      ]
    )
    #expect(
      migration.diagnostics.first?.message.hasPrefix("Manager.shared: its protocol's") == true
    )
  }

  @Test func aMigrationThatNeverBuildsIsGivenUp() {
    let migrator = SingletonMigrator(options: .init())
    #expect(throws: SingletonMigrator.VerificationError.self) {
      try migrator.migrateVerified(files: files, symbolGraph: nil, rounds: 1) { migration in
        // Always blames whatever is migrated, and something is always left to blame.
        [migration.migrated.last?.qualifiedName ?? "Cache.shared": "error: no"]
      }
    }
  }
}

@Suite struct LayoutTests {
  @Test func aFactoryThatMakesTheLineTooLongGoesOnALineOfItsOwn() throws {
    let source = """
      final class ConfigurationLoader: Sendable {
        init(path: String, fallback: String) {}
        static let shared = ConfigurationLoader(path: "/etc/app/config.json", fallback: "{}")
      }
      """
    expectReference(try migrated(source))
  }
}

@Suite struct DiffTests {
  /// `patch` reads the diff: a file that ends with a line break has no empty line after it.
  @Test func anAppendAtTheEndHasNoPhantomLastLine() throws {
    let migration = try migrate(
      """
      final class Manager: Sendable {
        static let shared = Manager()
        func fetch() {}
      }
      func use() { Manager.shared.fetch() }

      """,
      options: .init(extractProtocol: true, moduleName: "App")
    )
    // Five lines before, none of them an empty sixth; the protocol appended after the last.
    #expect(migration.diff.contains("\n@@ -1,5 +1,"))
    #expect(migration.diff.hasSuffix("\n+extension Manager: ManagerProtocol {}\n"))
  }
}

@Suite struct LongNameLayoutTests {
  @Test func argumentsGoOnLinesOfTheirOwnWhenTheFirstLineWouldStillBeTooLong() throws {
    let source = """
      @MainActor final class NotificationPermissionCoordinator {
        public static let sharedPermissionCoordinator = NotificationPermissionCoordinator()
      }
      enum AnalyticsConfiguration {
        nonisolated(unsafe) public static var applicationWideTracker: AnalyticsTrackerImplementation!
      }
      final class AnalyticsTrackerImplementation: Sendable {}
      """
    let text = try migrated(source)
    #expect(text.split(separator: "\n").filter { $0.count > 100 } == [])
    expectReference(text)
  }
}
