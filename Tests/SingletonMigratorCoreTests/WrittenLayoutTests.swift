import Foundation
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
    #expect(text.contains("static var shared: Tracker {\n  \tget { sharedBox.value }\n  \tset {"))
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
    #expect(
      text.hasPrefix(
        """
        //===----------------------------------------------------------------------===//
        // Copyright (c) 2024 Example Inc. Licensed under Apache License v2.0.
        //===----------------------------------------------------------------------===//

        import SharedInstances

        /// The app's one image cache.
        final class ImageCache
        """
      )
    )
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
    #expect(
      text.contains(
        """
          static let sharedRouterForTheWholeApplicationWindowBox = Resettable<NavigationRouter>(
            name: "NavigationRouter.sharedRouterForTheWholeApplicationWindow",
            mainActor: {
              let router = NavigationRouter()
              return router
            }
          )
        """
      )
    )
  }
}
