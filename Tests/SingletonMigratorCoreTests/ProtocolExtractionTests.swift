import Foundation
import TestSupport
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
    expectReference(text)
    #expect(migration.newFiles.map(\.path) == ["ManagerProtocolSpy.swift"])
    expectReference(try #require(migration.newFiles.first).contents, "spy")
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
    expectReference(text)
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
    expectReference(try #require(migration.files.first).contents)
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
    expectReference(text)
    expectReference(try #require(migration.newFiles.first).contents, "spy")
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
    expectReference(helpers.contents, "helpers")
    let services = try #require(migration.files.first { $0.path == "Sources/App/Services.swift" })
    expectReference(services.contents, "services")
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
    expectReference(text)
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
    expectReference(try #require(migration.files.first).contents)
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
    expectReference(try #require(migration.files.first).contents)
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
    expectReference(try #require(migration.files.first).contents)
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
    expectReference(text)
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
    expectReference(spy.contents)
  }
}
