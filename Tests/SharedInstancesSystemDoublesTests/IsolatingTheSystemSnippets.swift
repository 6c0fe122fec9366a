import Foundation
import SharedInstances
import SharedInstancesTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// IsolatingTheSystemsSharedInstances.md and the README's section: every snippet, compiled and
/// run, against the small app below.
@Suite struct IsolatingTheSystemSnippets {
  // MARK: - The app the snippets test

  struct Feed: Codable, Equatable, Sendable {
    struct Item: Codable, Equatable, Sendable {
      static let sample = Item(id: 1, title: "Sample")
      var id: Int
      var title: String
    }

    var items: [Item]
  }

  struct FeedClient {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @discardableResult
    func refresh() async throws -> Feed {
      let url = URL(string: "https://api.example.com/feed")!
      while true {
        let (data, response) = try await SystemBoxes.urlSession.value.data(from: url)
        if (response as? HTTPURLResponse)?.statusCode == 503 {
          try await SystemBoxes.continuousClock.value.sleep(for: .seconds(1))
          continue
        }
        let feed = try JSONDecoder().decode(Feed.self, from: data)
        SystemBoxes.notificationCenter.value.post(name: .feedDidChange, object: nil)
        return feed
      }
    }
  }

  enum Theme: String { case light, dark }

  struct Settings {
    func save(theme: Theme) throws {
      SystemBoxes.userDefaults.value.defaults.set(theme.rawValue, forKey: "theme")
      let file = SystemBoxes.directories.value.documents.appendingPathComponent("theme.json")
      try Data(#"{"theme":"\#(theme.rawValue)"}"#.utf8).write(to: file)
      SystemBoxes.notificationCenter.value.post(name: .themeDidChange, object: nil)
    }
  }

  let feedURL = "https://api.example.com/feed"
  let feed = Feed(items: [.sample])

  // MARK: - Stub the network per test

  @Suite(.isolatedShared) struct FeedClientTests {
    let network = SystemBoxes.urlSession.testNetwork()

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func showsTheFeed() async throws {
      network.stub(.get("https://api.example.com/feed"), try .json(Feed(items: [.sample])))

      let feed = try await FeedClient().refresh()

      #expect(feed.items == [.sample])
      #expect(network.requests.map(\.description) == ["GET https://api.example.com/feed"])
    }
  }

  /// The README's example.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared) func theReadmeShowsTheFeed() async throws {
    let network = SystemBoxes.urlSession.testNetwork()
    network.stub(.get("https://api.example.com/feed"), try .json(Feed(items: [.sample])))
    try await FeedClient().refresh()
    #expect(network.requests.map(\.description) == ["GET https://api.example.com/feed"])
    #expect(SystemBoxes.notificationCenter.postedNotifications().map(\.name) == [.feedDidChange])
  }

  // MARK: - Retry on the test clock

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test(.isolatedShared) func retriesAfterASecond() async throws {
    let clock = TestClock()
    SystemBoxes.continuousClock.override(with: clock)
    let network = SystemBoxes.urlSession.testNetwork()
    network.stub(.get(feedURL), .status(503), try .json(feed))

    let refreshing = Task { try await FeedClient().refresh() }
    await clock.waitForSleepers(count: 1)  // the first attempt failed
    await clock.advance(by: .seconds(1))

    #expect(try await refreshing.value == feed)
    #expect(network.requests.count == 2)
  }

  // MARK: - User defaults, notifications and files

  @Test(.isolatedShared) func savingAnnouncesTheChange() throws {
    SystemBoxes.userDefaults.override(with: .ephemeral(["theme": "light"]))  // seeded

    try Settings().save(theme: .dark)

    #expect(SystemBoxes.userDefaults.value.defaults.string(forKey: "theme") == "dark")
    #expect(SystemBoxes.notificationCenter.postedNotifications().map(\.name) == [.themeDidChange])
    let file = SystemBoxes.directories.value.documents.appendingPathComponent("theme.json")
    #expect(FileManager.default.fileExists(atPath: file.path))
  }
}

extension Notification.Name {
  fileprivate static let feedDidChange = Notification.Name("IsolatingTheSystemSnippets.feed")
  fileprivate static let themeDidChange = Notification.Name("IsolatingTheSystemSnippets.theme")
}
