import Foundation
import TestSupport
import Testing
import _SingletonMigratorCore

/// What the migrator writes follows the file's layout: its indentation (or the package's
/// `.swift-format`), its license header, its closures.
@Suite struct WrittenLayoutTests {
  @Test func aFourSpaceFileGetsFourSpaceAccessors() throws {
    // Shaped like a file formatted by Xcode's defaults.
    let source = """
      import Foundation

      final class SessionStore: @unchecked Sendable {
          static var current: SessionStore? = nil
          func clear() {
              print("cleared")
          }
      }
      """
    #expect(
      try migrated(source) == """
        import Foundation
        import SharedInstances

        final class SessionStore: @unchecked Sendable {
            static var current: SessionStore? {
                get { currentBox.currentValue }
                set {
                    if let newValue { currentBox.set(newValue) } else { currentBox.reset() }
                }
            }
            /// The box behind `current`: tests override it.
            static let currentBox = Resettable<SessionStore>.empty(name: "SessionStore.current")
            func clear() {
                print("cleared")
            }
        }
        """
    )
  }

  @Test func theConfiguredIndentationWins() throws {
    let source = """
      final class Tracker: @unchecked Sendable {
        static var shared = Tracker()
      }
      """
    let text = try migrated(source, options: .init(indentation: "\t"))
    expectReference(text)
  }

  @Test func theImportGoesBelowALicenseHeaderAndAboveDocComments() throws {
    let source = """
      //===----------------------------------------------------------------------===//
      // Copyright (c) 2024 Example Inc. Licensed under Apache License v2.0.
      //===----------------------------------------------------------------------===//

      /// The app's one image cache.
      final class ImageCache: @unchecked Sendable {
        static let shared = ImageCache()
      }
      """
    let text = try migrated(source)
    expectReference(text)
  }

  @Test func theImportNeverGoesInsideAConditionalBlock() throws {
    // Shaped like Yams' Representer.swift: the last import is for one platform only, so the
    // new one follows its block.
    let yams = """
      import Foundation
      #if canImport(Musl)
      import var _float.DBL_DECIMAL_DIG
      #endif

      private let iso8601Formatter: DateFormatter = {
        let formatter = DateFormatter()
        return formatter
      }()
      """
    #expect(
      try migrated(yams).hasPrefix(
        "import Foundation\n#if canImport(Musl)\nimport var _float.DBL_DECIMAL_DIG\n#endif\n"
          + "import SharedInstances\n\n"
      )
    )
    // Shaped like swift-nio's: every import is conditional; the new one follows the block.
    let nio = """
      #if canImport(FoundationEssentials)
      import FoundationEssentials
      #else
      import Foundation
      #endif

      final class Registry: @unchecked Sendable {
        static let shared = Registry()
      }
      """
    #expect(
      try migrated(nio).hasPrefix(
        "#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#else\n"
          + "import Foundation\n#endif\nimport SharedInstances\n\n"
      )
    )
  }

  @Test func theImportTakesItsPlaceInImportsThatAreSorted() throws {
    // Shaped like swift-openapi-vapor's AbortExtensions.swift, whose imports swift-format's
    // OrderedImports keeps sorted: appended after `import Vapor`, the lint fails.
    let sorted = """
      import HTTPTypes
      import NIOHTTPTypesHTTP1
      import OpenAPIRuntime
      import Vapor

      private let fallbackJSONEncoder: JSONEncoder = { JSONEncoder() }()
      """
    #expect(
      try migrated(sorted).hasPrefix(
        "import HTTPTypes\nimport NIOHTTPTypesHTTP1\nimport OpenAPIRuntime\n"
          + "import SharedInstances\nimport Vapor\n\n"
      )
    )
    // Imports in no order keep theirs, and the new one goes last; so it does after a group
    // that sorts before it.
    let unsorted = sorted.replacingOccurrences(
      of: "import HTTPTypes\nimport NIOHTTPTypesHTTP1",
      with: "import NIOHTTPTypesHTTP1\nimport HTTPTypes"
    )
    #expect(try migrated(unsorted).hasPrefix(unsorted.prefix(77) + "import SharedInstances\n\n"))
    let before = "import Foundation\nimport NIOCore\n\nlet formatter = DateFormatter()\n"
    #expect(
      try migrated(before).hasPrefix(
        "import Foundation\nimport NIOCore\nimport SharedInstances\n\n"
      )
    )
  }

  @Test func theImportJoinsTheImportsAtTheTopNotOneFurtherDown() throws {
    // Shaped like swift-snapshot-testing's AssertSnapshot.swift: a platform's import halfway
    // down the file, after declarations.
    let snapshot = """
      import Foundation
      #if canImport(Testing)
      import Testing
      #endif

      private let counter = Counter()

      #if !os(Linux)
      import CoreServices
      func uniformTypeIdentifier() -> String? { nil }
      #endif
      import Dispatch

      final class Counter: @unchecked Sendable {}
      """
    #expect(
      try migrated(snapshot).hasPrefix(
        "import Foundation\n#if canImport(Testing)\nimport Testing\n#endif\n"
          + "import SharedInstances\n\n"
      )
    )
    // Shaped like its AssertInlineSnapshot.swift: one import, then a conditional block that
    // holds imports and declarations.
    let inline = """
      import Foundation

      #if canImport(Testing)
      import Testing
      final class Recorder: @unchecked Sendable {
        static let shared = Recorder()
      }
      #endif
      """
    #expect(try migrated(inline).hasPrefix("import Foundation\nimport SharedInstances\n\n"))
  }

  @Test func aMultiLineClosureMovesInWithTheMainActorArguments() throws {
    let source = """
      @MainActor final class NavigationRouter {
        static let sharedRouterForTheWholeApplicationWindow: NavigationRouter = {
          let router = NavigationRouter()
          return router
        }()
      }
      """
    let text = try migrated(source)
    expectReference(text)
  }
}
