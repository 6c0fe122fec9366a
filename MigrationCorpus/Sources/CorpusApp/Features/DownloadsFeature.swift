import Foundation

/// A row of the Downloads screen.
public struct DownloadsRow: Equatable, Sendable {
  public var id: Int
  public var title: String
  public var subtitle: String
  public var isHighlighted: Bool

  public init(id: Int, title: String, subtitle: String, isHighlighted: Bool = false) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.isHighlighted = isHighlighted
  }
}

/// The state of the Downloads screen.
public enum DownloadsState: Equatable, Sendable {
  case idle
  case loading
  case loaded([DownloadsRow])
  case failed(String)
}

/// The Downloads screen's model: loads from the backend, caches what it shows, reports what the
/// user does.
public final class DownloadsViewModel: @unchecked Sendable {
  // @unchecked: the screen calls it from one task at a time.
  public private(set) var state: DownloadsState = .idle
  private var loadCount = 0
  let flagName = "downloadsRedesign"

  public init() {}

  /// Whether the redesigned screen is on.
  public var isRedesigned: Bool {
    FeatureFlags.standard.isEnabled(flagName)
  }

  /// Loads the rows: from the backend when online, from the local store otherwise.
  public func load() async {
    state = .loading
    loadCount += 1
    log.info("downloads: load #\(loadCount)")
    if !reachability.isOnline {
      state = .loaded(localRows())
      return
    }
    do {
      let data = try await APIClient.shared.get("/downloads", query: ["page": "1"])
      let rows = parse(data)
      for row in rows {
        Database.main.insert(into: "settings", ["title": row.title, "source": "downloads"])
      }
      state = .loaded(rows)
      Analytics.tracker.track("downloads_loaded", properties: ["count": "\(rows.count)"])
    } catch {
      log.error("downloads: \(error)")
      state = .loaded(localRows())
    }
  }

  /// Rows from the local store, newest first.
  func localRows() -> [DownloadsRow] {
    Database.main.records(in: "settings").reversed().prefix(20).map { record in
      DownloadsRow(
        id: record.id,
        title: record.fields["title"] ?? "",
        subtitle: Formatting.day(DateProvider.default.now())
      )
    }
  }

  /// Parses `title;subtitle` lines.
  func parse(_ data: Data) -> [DownloadsRow] {
    let text = String(decoding: data, as: UTF8.self)
    return text.split(separator: "\n").enumerated().map { index, line in
      let parts = line.split(separator: ";", maxSplits: 1).map(String.init)
      return DownloadsRow(
        id: index,
        title: parts.first ?? "",
        subtitle: parts.count > 1 ? parts[1] : "",
        isHighlighted: SessionStore.current.isSignedIn && index == 0
      )
    }
  }

  /// The thumbnail of a row, downloaded once and cached.
  public func thumbnail(for row: DownloadsRow) async -> Data? {
    let key = "downloads/\(row.id)"
    if let cached = ImageCache.shared.data(for: key) { return cached }
    return try? await imageDownloader.image(at: key)
  }

  /// The user tapped a row.
  @MainActor public func select(_ row: DownloadsRow) {
    Analytics.tracker.track("downloads_select", properties: ["id": "\(row.id)"])
    Router.shared.push(.article(row.id))
    if Appearance.theme.isDark {
      ToastPresenter.current.show("Opened \(row.title)")
    }
  }

  /// Distance to the user's last location, for rows that have a place.
  public func distanceText(latitude: Double, longitude: Double) -> String {
    guard
      let distance = LocationService.shared.distance(
        to: Coordinate(latitude: latitude, longitude: longitude)
      )
    else { return "" }
    return String(format: "%.1f", distance)
  }

  /// Whether the user has the token the screen's premium rows need.
  public var canSeePremium: Bool {
    KeychainStore.instance.value(for: "token") != nil
  }
}
