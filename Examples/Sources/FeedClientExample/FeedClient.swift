import Foundation
import SharedInstancesSystem

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A news feed, as the server sends it.
public struct Feed: Codable, Equatable, Sendable {
  public struct Item: Codable, Equatable, Sendable {
    public var id: Int
    public var title: String

    public init(id: Int, title: String) {
      self.id = id
      self.title = title
    }
  }

  public var items: [Item]

  public init(items: [Item]) { self.items = items }
}

extension Notification.Name {
  /// Posted on `SystemBoxes.notificationCenter` when a refresh brings a feed that differs from
  /// the cached one; the object is the new `Feed`.
  public static let feedDidChange = Notification.Name("FeedClient.feedDidChange")
}

/// What a refresh that gives up throws.
public enum FeedError: Error, Equatable {
  /// The server answered with an error status that retrying will not fix (4xx).
  case rejected(status: Int)
  /// The server kept failing (5xx, or no connection) for every attempt.
  case unavailable(attempts: Int)
}

/// Fetches the feed as JSON, caches it in the user defaults, and announces changes.
///
/// Everything it touches of the system goes through the library's boxes: the network
/// (`SystemBoxes.urlSession`), the user defaults, the notification center and the clock it waits
/// on between attempts. So its tests run in parallel, each with its own stubs, defaults,
/// notifications and time, and none of them sleeps or reaches the network.
public struct FeedClient: Sendable {
  public static let feedURL = URL(string: "https://api.example.com/feed")!
  public static let cacheKey = "FeedClient.cachedFeed"

  /// Attempts per refresh; after a failure, it waits 1 s, then 2 s, … before the next.
  public var maxAttempts = 3

  public init() {}

  /// The feed the last successful refresh cached, if any.
  public var cachedFeed: Feed? {
    guard let data = SystemBoxes.userDefaults.value.defaults.data(forKey: Self.cacheKey) else {
      return nil
    }
    return try? JSONDecoder().decode(Feed.self, from: data)
  }

  /// Fetches the feed, retrying what may pass on a later attempt, caches it, and posts
  /// `.feedDidChange` when it differs from the cached one.
  @discardableResult
  public func refresh() async throws -> Feed {
    var attempt = 1
    while true {
      do {
        let feed = try await fetch()
        cache(feed)
        return feed
      } catch FeedError.unavailable where attempt < maxAttempts {
        try await SystemBoxes.continuousClock.value.sleep(for: .seconds(1 << (attempt - 1)))
        attempt += 1
      } catch FeedError.unavailable {
        throw FeedError.unavailable(attempts: attempt)
      }
    }
  }

  private func fetch() async throws -> Feed {
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await SystemBoxes.urlSession.value.data(from: Self.feedURL)
    } catch is URLError {
      throw FeedError.unavailable(attempts: 1)
    }
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    switch status {
    case 200..<300: return try JSONDecoder().decode(Feed.self, from: data)
    case 500..<600: throw FeedError.unavailable(attempts: 1)
    default: throw FeedError.rejected(status: status)
    }
  }

  private func cache(_ feed: Feed) {
    guard feed != cachedFeed else { return }
    let data = try? JSONEncoder().encode(feed)
    SystemBoxes.userDefaults.value.defaults.set(data, forKey: Self.cacheKey)
    SystemBoxes.notificationCenter.value.post(name: .feedDidChange, object: feed)
  }
}
