import Foundation
import SharedInstances

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension SystemBoxes {
  /// The app's URL session: `URLSession.shared` unless a test overrides it.
  ///
  /// Make requests through it where the app would write `URLSession.shared`: the value is a
  /// plain `URLSession`, so every API stays available (`data(for:)`, completion handlers,
  /// upload and download tasks). In an isolated test (`SharedInstancesTesting`), a test that did
  /// not override it gets a session of its own that answers only from the stubs the test
  /// declares (`TestNetwork`) and never reaches the network: a request no stub answers fails the
  /// test.
  ///
  /// ```swift
  /// func loadFeed() async throws -> Feed {
  ///   let url = URL(string: "https://api.example.com/feed")!
  ///   let (data, _) = try await SystemBoxes.urlSession.value.data(from: url)
  ///   return try JSONDecoder().decode(Feed.self, from: data)
  /// }
  /// ```
  ///
  /// > Important: Code that calls `URLSession.shared` (or creates its own session) directly
  /// > cannot be isolated: only requests made through this box are.
  public static let urlSession = Resettable<URLSession>(name: "SystemBoxes.urlSession") {
    .shared
  }
}
