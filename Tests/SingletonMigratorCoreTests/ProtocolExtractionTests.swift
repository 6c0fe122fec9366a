import Foundation
import Testing
import _SingletonMigratorCore
import _SpyGeneratorCore

@Suite struct ProtocolExtractionTests {
  let options = SingletonMigrator.Options(extractProtocol: true, moduleName: "App")

  @Test func extractsTheMembersUsedThroughTheInstanceAndTypesTheBoxWithIt() throws {
    let migration = try migrate(
      """
      final class Manager: @unchecked Sendable {
        static let shared = Manager()
        var count = 0
        private(set) var name: String = ""
        func fetch(id: Int, force: Bool = false) -> [String] { [] }
        func unused() {}
      }

      func use() {
        _ = Manager.shared.fetch(id: 1)
        Manager.shared.count += 1
        print(Manager.shared.name)
      }
      """,
      options: options
    )
    let text = try #require(migration.files.first?.contents)
    #expect(text.contains("static var shared: any ManagerProtocol { sharedBox.value }"))
    #expect(
      text.contains(
        "static let sharedBox = Resettable<any ManagerProtocol>(name: \"Manager.shared\") { Manager() }"
      )
    )
    #expect(
      text.contains(
        """
        protocol ManagerProtocol: AnyObject, Sendable {
          var count: Int { get set }
          func fetch(id: Int, force: Bool) -> [String]
          var name: String { get }
        }

        extension ManagerProtocol {
          func fetch(id: Int) -> [String] {
            fetch(id: id, force: false)
          }
        }

        extension Manager: ManagerProtocol {}
        """
      )
    )
    #expect(!text.contains("func unused()\n}"))
    #expect(migration.newFiles.map(\.path) == ["ManagerProtocolSpy.swift"])
    #expect(migration.newFiles.first?.contents.contains("ManagerProtocolSpy") == true)
  }

  @Test func injectionTakesTheProtocolAndSoDoesTheStoredProperty() throws {
    let migration = try migrate(
      """
      final class Manager: Sendable {
        static let shared = Manager()
        func fetch() -> Int { 1 }
      }

      final class ViewModel {
        let manager: Manager
        init(manager: Manager = .shared) { self.manager = manager }
        var value: Int { manager.fetch() }
      }
      """,
      options: options
    )
    let text = try #require(migration.files.first?.contents)
    #expect(text.contains("  let manager: any ManagerProtocol\n"))
    #expect(text.contains("init(manager: any ManagerProtocol = Manager.shared)"))
    #expect(text.contains("  func fetch() -> Int\n"))
  }

  @Test func anInstanceUsedAsAValueKeepsItsClassWithANote() throws {
    let migration = try migrate(
      """
      final class Manager: Sendable {
        static let shared = Manager()
      }
      let copy: Manager = Manager.shared
      """,
      options: options
    )
    #expect(migration.files.first?.contents.contains("Resettable<Manager>") == true)
    #expect(
      migration.diagnostics.map(\.description).contains {
        $0.contains("Manager.shared: no protocol extracted, boxed as Manager")
          && $0.contains("File.swift:4 uses Manager.shared as a value")
      }
    )
  }

  @Test func mainActorClassesGetAMainActorProtocol() throws {
    let migration = try migrate(
      """
      @MainActor final class Router {
        static let shared = Router()
        func open(_ path: String) {}
      }
      @MainActor func go() { Router.shared.open("/") }
      """,
      options: options
    )
    let text = try #require(migration.files.first?.contents)
    #expect(text.contains("@MainActor protocol RouterProtocol: AnyObject, Sendable {"))
    #expect(
      text.contains(
        """
          static let sharedBox = Resettable<any RouterProtocol>(name: "Router.shared", mainActor: {
            Router()
          })
        """
      )
    )
    #expect(migration.newFiles.first?.contents.contains("main-actor isolated") == true)
  }

  @Test func theProtocolIsWrittenWhenTheClassesFileComesBeforeTheInstances() throws {
    // A helper class in one file, the instance in a composition root read after it.
    let migration = try SingletonMigrator(options: options).migrate(
      files: [
        .init(
          path: "Sources/App/Helpers.swift",
          contents: "final class Store: @unchecked Sendable {\n  func save() {}\n}\n"
        ),
        .init(
          path: "Sources/App/Services.swift",
          contents: """
            enum Services {
              static let store = Store()
            }
            func persist() { Services.store.save() }

            """
        ),
      ],
      symbolGraph: nil
    )
    let helpers = try #require(migration.files.first { $0.path == "Sources/App/Helpers.swift" })
    #expect(helpers.contents.contains("protocol StoreProtocol: AnyObject, Sendable {"))
    #expect(helpers.contents.contains("extension Store: StoreProtocol {}"))
    let services = try #require(migration.files.first { $0.path == "Sources/App/Services.swift" })
    #expect(services.contents.contains("Resettable<any StoreProtocol>"))
  }
}

@Suite struct ProtocolTypedInstanceTests {
  @Test func anInstanceTypedByAProtocolKeepsItAndGetsNoOther() throws {
    let migration = try migrate(
      """
      protocol ArticleManaging: AnyObject, Sendable { func fetch() -> [String] }
      final class ArticleManager: ArticleManaging {
        static let shared: any ArticleManaging = ArticleManager()
        func fetch() -> [String] { [] }
      }
      """,
      options: .init(extractProtocol: true, moduleName: "App")
    )
    let text = try #require(migration.files.first?.contents)
    #expect(text.contains("static var shared: any ArticleManaging { sharedBox.value }"))
    #expect(
      text.contains(
        """
          static let sharedBox = Resettable<any ArticleManaging>(name: "ArticleManager.shared") {
            ArticleManager()
          }
        """
      )
    )
    #expect(migration.newFiles.isEmpty)
    #expect(migration.diagnostics.isEmpty)
  }

  /// Swift 5 spelled the existential without `any`.
  @Test func anInstanceTypedByAProtocolWithoutAnyGetsNoNote() throws {
    let migration = try migrate(
      """
      protocol ArticleManaging: AnyObject { func fetch() -> [String] }
      final class ArticleManager: ArticleManaging {
        static let shared: ArticleManaging = ArticleManager()
        func fetch() -> [String] { [] }
      }
      """,
      options: .init(extractProtocol: true, moduleName: "App")
    )
    #expect(migration.migrated.map(\.type) == ["ArticleManaging"])
    #expect(migration.newFiles.isEmpty)
    #expect(migration.diagnostics.isEmpty)
  }

  @Test func anObjcInstanceKeepsItsClass() throws {
    let migration = try migrate(
      """
      final class NetworkManager: NSObject, @unchecked Sendable {
        @objc static let shared = NetworkManager()
        func fetch() {}
      }
      func use() { NetworkManager.shared.fetch() }
      """,
      options: .init(extractProtocol: true, moduleName: "App")
    )
    #expect(
      migration.files.first?.contents.contains(
        "@objc static var shared: NetworkManager { sharedBox.value }"
      ) == true
    )
    #expect(migration.diagnostics.map(\.message).contains { $0.contains("it is @objc") })
  }

  @Test func aMemberUsingSelfLeavesTheClassWithTheReason() throws {
    let migration = try migrate(
      """
      final class Node: Sendable {
        static let shared = Node()
        func copy() -> Self { self }
      }
      func use() { _ = Node.shared.copy() }
      """,
      options: .init(extractProtocol: true, moduleName: "App")
    )
    #expect(
      migration.files.first?.contents.contains("Resettable<Node>(name: \"Node.shared\") { Node() }")
        == true
    )
    #expect(migration.diagnostics.map(\.message).contains { $0.contains("`copy` uses Self") })
  }

  @Test func aLetPassedInoutThroughTheInstanceLeavesTheClassWithTheReason() throws {
    let migration = try migrate(
      """
      final class Store: @unchecked Sendable {
        static let shared = Store()
        let items: [Int] = []
      }
      func bump(_ value: inout [Int]) {}
      func use() { bump(&Store.shared.items) }
      """,
      options: .init(extractProtocol: true, moduleName: "App")
    )
    #expect(
      migration.files.first?.contents.contains(
        "Resettable<Store>(name: \"Store.shared\") { Store() }"
      ) == true
    )
    #expect(
      migration.diagnostics.map(\.message).contains {
        $0.contains("`items` is set or passed inout through the instance, but is a `let`")
      }
    )
  }
}

/// Which uses count toward a protocol: the instance's, never another type's of the same name.
@Suite struct ProtocolUsesTests {
  @Test func anotherTypesSharedInATestHelperIsNotAUse() throws {
    // Shaped like an app whose test target has a fake server with a `shared` of its own.
    let app = SingletonMigrator.SourceFile(
      path: "Sources/App/AppBootstrapper.swift",
      contents: """
        final class AppBootstrapper: @unchecked Sendable {
          static let shared = AppBootstrapper()
          func start() {}
          func warmUp() { shared.start() }
          static func boot() { shared.start() }
        }
        """
    )
    let helper = SingletonMigrator.SourceFile(
      path: "Tests/AppTests/FakeServer.swift",
      contents: """
        final class FakeServer {
          static let shared = FakeServer()
          func send(path: String) {}
        }
        extension FakeServer {
          func ping() { Self.shared.send(path: "/ping") }
          static func home() { shared.send(path: "/") }
        }
        func useBoth() {
          AppBootstrapper.shared.start()
          let shared = FakeServer()
          shared.send(path: "/")
        }
        """
    )
    let migration = try SingletonMigrator(options: .init(extractProtocol: true)).migrate(
      files: [app],
      usageFiles: [helper],
      symbolGraph: nil
    )
    #expect(migration.diagnostics.isEmpty)
    let text = try #require(migration.files.first?.contents)
    #expect(text.contains("protocol AppBootstrapperProtocol"))
    #expect(text.contains("  func start()\n"))
    #expect(!text.contains("send"))
  }
}

/// The spies of extracted protocols record the target's own Equatable, Sendable values as they
/// are, so that a test compares them with `==` (`.push(route: .article(id))`).
@Suite struct SpyArgumentTests {
  @Test func anArgumentOfTheTargetsEquatableSendableEnumIsRecordedAsItIs() throws {
    let migration = try migrate(
      """
      enum Route: Equatable, Sendable { case home, article(Int) }
      final class Router: @unchecked Sendable {
        static let shared = Router()
        func push(route: Route) {}
      }
      func open() { Router.shared.push(route: .home) }
      """,
      options: .init(extractProtocol: true, moduleName: "App")
    )
    let spy = try #require(migration.newFiles.first { $0.path == "RouterProtocolSpy.swift" })
    #expect(spy.contents.contains("case push(route: Route)"))
  }
}
