import Foundation
import SharedInstances
import SharedInstancesSystem

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A headline printed above the feed: a service the tool reads through a box, which a launched
/// tool's tests replace with a scenario (`FeedToolScenarios`).
public protocol Headline: Sendable {
  func text() -> String
}

/// The headline of the real tool.
public struct StandardHeadline: Headline {
  public init() {}
  public func text() -> String { "Today's feed" }
}

/// A command-line tool that prints a feed: it fetches JSON through `SystemBoxes.urlSession`,
/// stamps each item with the date and a UUID from `SystemBoxes`, and prints one line an item.
///
/// Nothing here knows about tests: its end-to-end tests launch the built `feed-tool` with a
/// hand-off, and the stubs, dates, UUIDs and scenario are in place before `main` runs.
public enum FeedTool {
  /// An item of the feed, as the server sends it.
  public struct Item: Codable, Equatable, Sendable {
    public var title: String

    public init(title: String) { self.title = title }
  }

  /// What the tool prints, and how much: a `Codable` box that tests override by name.
  public struct Settings: Codable, Sendable {
    public var limit: Int

    public init(limit: Int) { self.limit = limit }
  }

  public static let feedURL = URL(string: "https://api.example.com/feed.json")!

  public static let settings = Resettable<Settings>(name: "FeedTool.settings") {
    Settings(limit: 10)
  }

  public static let headline = Resettable<any Headline>(name: "FeedTool.headline") {
    StandardHeadline()
  }

  /// Runs the tool with `arguments`, printing to standard output; returns its exit status.
  ///
  /// `--local-time` prints the dates in the machine's time zone (read from
  /// `SystemBoxes.timeZone`) instead of UTC.
  public static func run(arguments: [String]) async -> Int32 {
    print(headline.value.text())
    let items: [Item]
    do {
      let (data, response) = try await SystemBoxes.urlSession.value.data(from: feedURL)
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      guard status == 200 else {
        printError("feed-tool: the server answered \(status)")
        return 1
      }
      items = try JSONDecoder().decode([Item].self, from: data)
    } catch {
      printError("feed-tool: \(error)")
      return 1
    }
    let formatter = ISO8601DateFormatter()
    formatter.timeZone =
      arguments.contains("--local-time")
      ? SystemBoxes.timeZone.value : TimeZone(identifier: "UTC")!
    for item in items.prefix(settings.value.limit) {
      let date = formatter.string(from: SystemBoxes.date.value.now)
      print("\(date) \(SystemBoxes.uuid.value().uuidString) \(item.title)")
    }
    return 0
  }

  private static func printError(_ message: String) {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
  }
}
