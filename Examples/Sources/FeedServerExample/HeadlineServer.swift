import Foundation
import SharedInstances
import SharedInstancesSystem

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The banner above the headlines: a service the server reads through a box, which a launched
/// server's tests replace with a scenario (`FeedServerScenarios`).
public protocol Banner: Sendable {
  func text() -> String
}

/// The banner of the real server.
public struct StandardBanner: Banner {
  public init() {}
  public func text() -> String { "Headlines" }
}

/// A small HTTP service: `GET /headlines` serves the headlines of an upstream feed, fetched
/// through `SystemBoxes.urlSession`, stamped with the date and a request ID from `SystemBoxes`;
/// a job refetches the feed every `refreshSeconds` of `SystemBoxes.continuousClock`; the user
/// defaults' `limit` caps how many it serves.
///
/// Nothing here knows about tests: its end-to-end tests launch the built `feed-server` with a
/// hand-off, and talk to it over HTTP.
public actor HeadlineServer {
  /// An item of the upstream feed.
  public struct Item: Codable, Equatable, Sendable {
    public var title: String

    public init(title: String) { self.title = title }
  }

  /// What `GET /headlines` answers.
  public struct Page: Codable, Equatable, Sendable {
    public var banner: String
    public var generatedAt: String
    public var requestID: String
    public var items: [Item]
    /// How many times the refresh job has refetched the feed.
    public var refreshes: Int

    public init(
      banner: String,
      generatedAt: String,
      requestID: String,
      items: [Item],
      refreshes: Int
    ) {
      self.banner = banner
      self.generatedAt = generatedAt
      self.requestID = requestID
      self.items = items
      self.refreshes = refreshes
    }
  }

  /// How often the feed is refetched: a `Codable` box that tests override by name.
  public struct Settings: Codable, Sendable {
    public var refreshSeconds: Int

    public init(refreshSeconds: Int) { self.refreshSeconds = refreshSeconds }
  }

  public static let upstreamURL = URL(string: "https://upstream.example.com/headlines.json")!

  public static let settings = Resettable<Settings>(name: "HeadlineServer.settings") {
    Settings(refreshSeconds: 60)
  }

  public static let banner = Resettable<any Banner>(name: "HeadlineServer.banner") {
    StandardBanner()
  }

  private var items: [Item]?
  private var refreshes = 0

  public init() {}

  /// Answers one request.
  public func respond(to request: HTTPRequest) async -> HTTPResponse {
    guard request.method == "GET" else { return HTTPResponse(status: 405, text: "GET only\n") }
    switch request.path {
    case "/health":
      return HTTPResponse(status: 200, text: "ok\n")
    case "/headlines":
      do {
        if items == nil { items = try await fetch() }
        return try page(items ?? [])
      } catch {
        return HTTPResponse(status: 502, text: "upstream: \(error)\n")
      }
    default:
      return HTTPResponse(status: 404, text: "no route for \(request.path)\n")
    }
  }

  /// Refetches the feed every `refreshSeconds` of the clock, until the task is cancelled.
  public func runRefreshJob() async {
    let clock = SystemBoxes.continuousClock.value
    while true {
      do {
        try await clock.sleep(for: .seconds(Self.settings.value.refreshSeconds))
      } catch {
        return
      }
      if let fresh = try? await fetch() {
        items = fresh
        refreshes += 1
      }
    }
  }

  private func fetch() async throws -> [Item] {
    let (data, response) = try await SystemBoxes.urlSession.value.data(from: Self.upstreamURL)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard status == 200 else { throw UpstreamError(status: status) }
    return try JSONDecoder().decode([Item].self, from: data)
  }

  private func page(_ items: [Item]) throws -> HTTPResponse {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")!
    let limit = SystemBoxes.userDefaults.value.defaults.integer(forKey: "limit")
    let page = Page(
      banner: Self.banner.value.text(),
      generatedAt: formatter.string(from: SystemBoxes.date.value.now),
      requestID: SystemBoxes.uuid.value().uuidString,
      items: limit > 0 ? Array(items.prefix(limit)) : items,
      refreshes: refreshes
    )
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return HTTPResponse(
      status: 200,
      headers: ["Content-Type": "application/json"],
      body: try encoder.encode(page)
    )
  }
}

struct UpstreamError: Error, CustomStringConvertible {
  var status: Int
  var description: String { "the upstream feed answered \(status)" }
}
