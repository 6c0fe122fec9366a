import Foundation
import TestSupport
import Testing
import _SingletonMigratorCore

@Suite struct ScannerTests {
  @Test func rawStringsNestedCommentsAndInterpolationsHideNoDeclaration() throws {
    let migration = try migrate(
      ##"""
      final class Manager: Sendable {
        static let raw = #"static let a = Manager() "# + "\(#"}"#)"
        /* outer /* inner */ static let b = Manager() */
        static let real = Manager()
      }
      """##
    )
    #expect(migration.instances.map(\.qualifiedName) == ["Manager.real"])
  }

  @Test func genericTypesNestedTypesAndExtensions() throws {
    let migration = try migrate(
      """
      final class Cache<Key: Hashable>: @unchecked Sendable {}
      enum Services {
        final class Client: Sendable {}
        static let images = Cache<String>()
        static let client = Client()
      }
      extension Services.Client {
        static let backup = Services.Client()
      }
      """
    )
    #expect(
      migration.instances.map(\.qualifiedName) == [
        "Services.images", "Services.client", "Services.Client.backup",
      ]
    )
    #expect(migration.instances.map(\.type) == ["Cache<String>", "Client", "Services.Client"])
  }

  @Test func aMultiLineCallAndATrailingClosureAreOneInitializer() throws {
    let source = """
      final class Client: Sendable {
        init(host: String, retries: Int) {}
        init(_ configure: (Int) -> Void) {}
        static let shared = Client(
          host: "example.com",
          retries: 3
        )
        static let configured = Client { value in
          print(value)
        }
        static let after = 1
      }
      """
    let migration = try migrate(source)
    #expect(migration.instances.map(\.qualifiedName) == ["Client.shared", "Client.configured"])
    let text = try migrated(source)
    expectReference(text)
  }
}

@Suite struct ConfigurationTests {
  @Test func readsTheEntries() throws {
    let configuration = try MigrationConfiguration.parse(
      Data(
        """
        {"targets": [{"target": "App", "allow": ["Legacy.shared"], "classes": ["URLSession"],
          "extractProtocol": true, "spies": "Tests/AppTests/Spies"}]}
        """.utf8
      )
    )
    #expect(
      configuration.target(named: "App")
        == MigrationConfiguration.Target(
          target: "App",
          allow: ["Legacy.shared"],
          classes: ["URLSession"],
          extractProtocol: true,
          spies: "Tests/AppTests/Spies"
        )
    )
  }

  @Test func rejectsAnUnknownKeyAFolderOutsideThePackageAndATargetListedTwice() {
    #expect(throws: MigrationConfiguration.Error.self) {
      try MigrationConfiguration.parse(Data(#"{"targets": [{"target": "A", "alow": []}]}"#.utf8))
    }
    #expect(throws: MigrationConfiguration.Error.self) {
      try MigrationConfiguration.parse(
        Data(#"{"targets": [{"target": "A", "spies": "../elsewhere"}]}"#.utf8)
      )
    }
    #expect(throws: MigrationConfiguration.Error.self) {
      try MigrationConfiguration.parse(
        Data(#"{"targets": [{"target": "A"}, {"target": "A"}]}"#.utf8)
      )
    }
  }
}

/// The messages, word for word: the file's JSON scaffolding is read by the helper the spy
/// generator's configuration shares (`TargetEntries`), and must say what it said before.
@Suite struct ConfigurationMessageTests {
  @Test(arguments: [
    ("not json", #"migrate-singletons.json must hold a JSON object with "targets": [ … ]."#),
    ("[]", #"migrate-singletons.json must hold a JSON object with "targets": [ … ]."#),
    (
      #"{"target": []}"#,
      #"migrate-singletons.json has the unknown key "target"; the only top-level key is "#
        + #""targets"."#
    ),
    (#"{"targets": 3}"#, #"migrate-singletons.json must list its targets in "targets": [ … ]."#),
    (
      #"{"targets": [3]}"#, #"migrate-singletons.json, targets[0] must be an object with "target"."#
    ),
    (
      #"{"targets": [{"target": "A", "alow": []}]}"#,
      #"migrate-singletons.json, targets[0] has the unknown key "alow"; the keys are "allow", "#
        + #""classes", "extractProtocol", "spies", "target"."#
    ),
    (
      #"{"targets": [{"target": ""}]}"#,
      #"migrate-singletons.json, targets[0] needs "target": a non-empty string."#
    ),
    (
      #"{"targets": [{"target": "A", "allow": "x"}]}"#,
      #"migrate-singletons.json, targets[0]: "allow" must be a list of names."#
    ),
    (
      #"{"targets": [{"target": "A", "extractProtocol": "yes"}]}"#,
      #"migrate-singletons.json, targets[0]: "extractProtocol" must be true or false."#
    ),
    (
      #"{"targets": [{"target": "A", "spies": "../elsewhere"}]}"#,
      #"migrate-singletons.json, targets[0]: "spies" must be a folder inside the package, "#
        + #"relative to its root (such as "Tests/ATests/Spies")."#
    ),
    (
      #"{"targets": [{"target": "A"}, {"target": "A", "classes": 1}]}"#,
      #"migrate-singletons.json, targets[1] lists target A a second time."#
    ),
  ])
  func eachProblemHasItsMessage(json: String, message: String) {
    #expect {
      try MigrationConfiguration.parse(Data(json.utf8))
    } throws: { error in
      "\(error)" == message
    }
  }
}

@Suite struct CheckTests {
  @Test func namesFileAndLineOfEachInstanceThatIsNotABox() throws {
    let violations = try SingletonMigrator(options: .init()).violations(
      files: [
        .init(
          path: "Sources/App/Manager.swift",
          contents: """
            import SharedInstances

            final class Manager: Sendable {
              static let shared = Manager()
              static let boxed = Resettable { Manager() }
              static var computed: Manager { boxed.value }
            }
            """
        )
      ],
      symbolGraph: nil
    )
    #expect(violations.map(\.location) == ["Sources/App/Manager.swift:4"])
    let message = SingletonMigrator.checkMessage(for: try #require(violations.first))
    #expect(message.hasPrefix("Sources/App/Manager.swift:4: error: Manager.shared is a shared"))
    #expect(message.contains("// shared-instances: allow"))
  }
}

@Suite struct VerifierTests {
  @Test func relativePackagePathsBecomeAbsolute() {
    let manifest = """
      dependencies: [
        .package(name: "SharedInstances", path: ".."),
        .package(path: "../Other"),
        .package(path: "/abs/Third"),
        .package(url: "https://example.com/x.git", from: "1.0.0"),
      ],
      """
    let result = MigrationVerifier.absolutePackagePaths(
      in: manifest,
      relativeTo: URL(fileURLWithPath: "/work/repo/App")
    )
    #expect(
      result == """
        dependencies: [
          .package(name: "SharedInstances", path: "/work/repo"),
          .package(path: "/work/repo/Other"),
          .package(path: "/abs/Third"),
          .package(url: "https://example.com/x.git", from: "1.0.0"),
        ],
        """
    )
  }
}

@Suite struct LineTests {
  /// A multi-line string's line continuation (`\` at the end of a line) ends a line too.
  @Test func linesAfterALineContinuationAreCounted() throws {
    let migration = try migrate(
      #"""
      let message = """
        first \
        second
        """
      final class Manager: Sendable {
        static let shared = Manager()
      }
      """#
    )
    #expect(migration.instances.map(\.line) == [6])
  }

  @Test func aClosureTypeInAGenericArgumentIsPartOfTheType() throws {
    let migration = try migrate(
      """
      final class Protected<Value>: @unchecked Sendable { init(_ value: Value) {} }
      enum Diagnostics {
        static let handler = Protected<(@Sendable (String) -> Void)?>(nil)
      }
      """
    )
    #expect(migration.instances.map(\.type) == ["Protected<(@Sendable (String) -> Void)?>"])
  }
}
