import Foundation
import Testing
import _SingletonMigratorCore

/// Migrates one file (no symbol graph unless given) and returns the migration.
func migrate(
  _ source: String,
  symbolGraph: String? = nil,
  options: SingletonMigrator.Options = .init()
) throws -> SingletonMigrator.Migration {
  try SingletonMigrator(options: options).migrate(
    files: [.init(path: "Sources/App/File.swift", contents: source)],
    symbolGraph: symbolGraph.map { Data($0.utf8) }
  )
}

/// The migrated text of the one file (the original when nothing changed).
func migrated(_ source: String, options: SingletonMigrator.Options = .init()) throws -> String {
  try migrate(source, options: options).files.first?.contents ?? source
}

@Suite struct FinderTests {
  @Test func findsStaticLetsOfClassTypeInitializedWithACallUnderAnyName() throws {
    let migration = try migrate(
      """
      final class Manager: Sendable {
        static let shared = Manager()
        static let `default` = Manager.init()
        static let current: Manager = .init()
        static let standard: Manager = { Manager() }()
        static let instance = Manager { $0.configure() }
        static let count = 3
        static let name = "manager"
        static let copy = Manager.shared
        static var computed: Manager { shared }
        func configure() {}
        init() {}
        init(_ configure: (Manager) -> Void) {}
      }
      struct Point { static let origin = Point() }
      """
    )
    #expect(
      migration.instances.map(\.qualifiedName) == [
        "Manager.shared", "Manager.`default`", "Manager.current", "Manager.standard",
        "Manager.instance",
      ]
    )
    #expect(migration.instances.map(\.shape) == [.call, .call, .call, .closure, .call])
    #expect(migration.instances.allSatisfy { $0.type == "Manager" })
  }

  @Test func findsGlobalOnesActorsAndTheBootstrapOnceShape() throws {
    let migration = try migrate(
      """
      actor Store { static let shared = Store() }
      final class Cache: @unchecked Sendable {}
      let imageCache = Cache()
      nonisolated(unsafe) var session = Cache()
      enum Analytics {
        nonisolated(unsafe) static var tracker: Tracker!
        nonisolated(unsafe) static var fallback: Tracker? = nil
        nonisolated(unsafe) static var limit: Int? = nil
      }
      final class Tracker {}
      """
    )
    #expect(
      migration.instances.map(\.qualifiedName) == [
        "Store.shared", "imageCache", "session", "Analytics.tracker", "Analytics.fallback",
      ]
    )
    #expect(migration.instances.map(\.shape) == [.call, .call, .mutable, .bootstrap, .bootstrap])
    #expect(migration.instances[3].type == "Tracker")
  }

  @Test func mainActorComesFromTheDeclarationItsTypeOrTheInstancesClass() throws {
    let migration = try migrate(
      """
      @MainActor final class Router { static let shared = Router() }
      enum Screens {
        @MainActor static let router = Router()
        static let cache = Cache()
      }
      final class Cache: Sendable {}
      """
    )
    #expect(migration.instances.map(\.isMainActor) == [true, true, false])
  }

  @Test func skipsCommentsStringsLocalsAndBoxes() throws {
    let migration = try migrate(
      #"""
      import SharedInstances

      final class Manager: Sendable {
        // static let commented = Manager()
        /* static let blocked = Manager()
           /* nested */ static let stillBlocked = Manager() */
        static let text = "static let inString = Manager()"
        static let multi = """
          static let inMultiLine = Manager() \(1 + "}".count)
          """
        static let box = Resettable { Manager() }
        func make() -> Manager {
          let local = Manager()
          return local
        }
      }
      """#
    )
    #expect(migration.instances.isEmpty)
  }

  @Test func listsDefaultArgumentInjection() throws {
    let migration = try migrate(
      """
      final class Manager: Sendable { static let shared = Manager() }
      final class ViewModel {
        let manager: Manager
        init(manager: Manager = .shared, other: Int = 0) { self.manager = manager }
        func load(using manager: Manager = Manager.shared) {}
      }
      """
    )
    #expect(
      migration.injections.map(\.text) == [
        "manager: Manager = .shared", "using manager: Manager = Manager.shared",
      ]
    )
    #expect(migration.injections.map(\.line) == [4, 5])
    #expect(migration.plan.contains("File.swift:4: manager: Manager = .shared (Manager.shared)"))
  }

  @Test func allowsACommentedDeclarationOrAConfiguredName() throws {
    let source = """
      final class Manager: Sendable {
        // shared-instances: allow (the app's entry point owns it)
        static let shared = Manager()
        static let other = Manager()  // shared-instances: allow
        static let third = Manager()
      }
      """
    let migration = try migrate(source, options: .init(allowed: ["Manager.third"]))
    #expect(migration.instances.map(\.isAllowed) == [true, true, true])
    #expect(migration.files.isEmpty)
    #expect(
      try SingletonMigrator(options: .init()).violations(
        files: [.init(path: "A.swift", contents: source)],
        symbolGraph: nil
      ).map(\.qualifiedName) == ["Manager.third"]
    )
  }

  @Test func usesTheSymbolGraphForInferredTypesAndOtherModulesClasses() throws {
    let graph = """
      {"module": {"name": "App"}, "relationships": [], "symbols": [
        {"kind": {"identifier": "swift.type.property"}, "pathComponents": ["Client", "session"],
         "accessLevel": "internal",
         "location": {"uri": "file:///p/Sources/App/File.swift", "position": {"line": 1, "character": 2}},
         "declarationFragments": [
           {"kind": "keyword", "spelling": "static"}, {"kind": "text", "spelling": " "},
           {"kind": "keyword", "spelling": "let"}, {"kind": "text", "spelling": " "},
           {"kind": "identifier", "spelling": "session"}, {"kind": "text", "spelling": ": "},
           {"kind": "typeIdentifier", "spelling": "URLSession", "preciseIdentifier": "s:10Foundation10URLSessionC"}]},
        {"kind": {"identifier": "swift.type.property"}, "pathComponents": ["Client", "decoder"],
         "accessLevel": "internal",
         "location": {"uri": "file:///p/Sources/App/File.swift", "position": {"line": 2, "character": 2}},
         "declarationFragments": [
           {"kind": "keyword", "spelling": "static"}, {"kind": "text", "spelling": " "},
           {"kind": "keyword", "spelling": "let"}, {"kind": "text", "spelling": " "},
           {"kind": "identifier", "spelling": "decoder"}, {"kind": "text", "spelling": ": "},
           {"kind": "typeIdentifier", "spelling": "Decoder", "preciseIdentifier": "s:3App7DecoderV"}]}
      ]}
      """
    let source = """
      enum Client {
        static let session = makeSession()
        static let decoder = makeDecoder()
      }
      """
    #expect(try migrate(source).instances.isEmpty)
    let migration = try migrate(source, symbolGraph: graph)
    #expect(migration.instances.map(\.qualifiedName) == ["Client.session"])
    #expect(migration.instances.first?.type == "URLSession")
  }
}

@Suite struct InjectionTests {
  @Test func aLocalInitializedFromTheInstanceIsNotAnInjection() throws {
    let migration = try migrate(
      """
      final class Cache: Sendable {
        static let shared = Cache()
        func data(for key: String) -> Int? { nil }
      }
      func thumbnail(for row: Int) -> Int? {
        let key = "\\(row)"
        if let cached = Cache.shared.data(for: key) { return cached }
        return nil
      }
      """
    )
    #expect(migration.injections.isEmpty)
  }
}
