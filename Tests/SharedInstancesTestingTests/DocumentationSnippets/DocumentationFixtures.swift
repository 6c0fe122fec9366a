import Foundation
import SharedInstances
import SharedInstancesTesting

/// The running example of the articles and README, compiled. Every snippet test lives in an
/// extension of this namespace, so that the articles' type names (`ArticleManager`,
/// `ArticleListModel`) never collide with the other tests' fixtures.
enum Docs {}

extension Docs {
  struct Article: Equatable, Sendable {
    let title: String
  }

  /// GettingStarted.md, step 1: a protocol in front of the singleton.
  protocol ArticleManaging: Sendable {
    func fetch() -> [Article]
  }

  /// GettingStarted.md, step 1: the singleton, declared with a `Resettable`.
  final class ArticleManager: ArticleManaging {
    static let shared = Resettable<any ArticleManaging> { ArticleManager() }

    private init() {}

    func fetch() -> [Article] { [Article(title: "From the network")] }
  }

  /// GettingStarted.md, step 2: code that reads the shared instance.
  struct ArticleListModel {
    var titles: [String] { ArticleManager.shared.value.fetch().map(\.title) }
  }

  /// GettingStarted.md, step 3: a spy that stands in for the manager.
  final class ArticleManagerSpy: Spy<ArticleManagerSpy.Call>, ArticleManaging,
    @unchecked Sendable  // all state lives in the spy's lock
  {
    enum Call: SpyCall { case fetch }

    func fetch() -> [Article] { record(.fetch, default: []) }
  }

  /// A value a test can tell apart from every other, for boxes the snippets own alone.
  final class Marker: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
  }

}
