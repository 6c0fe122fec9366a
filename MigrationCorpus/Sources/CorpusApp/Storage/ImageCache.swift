import Foundation

/// A memory cache of image data, limited in count.
public final class ImageCache: @unchecked Sendable {
  // @unchecked: `entries` and `order` are only touched while `lock` is held.
  private let lock = NSLock()
  private var entries: [String: Data] = [:]
  private var order: [String] = []
  public var limit: Int = 50

  /// The app's cache, configured once.
  public static let shared: ImageCache = {
    let cache = ImageCache()
    cache.limit = 100
    return cache
  }()

  public init() {}

  public func data(for key: String) -> Data? {
    lock.withLock { entries[key] }
  }

  public func store(_ data: Data, for key: String) {
    lock.withLock {
      if entries[key] == nil { order.append(key) }
      entries[key] = data
      while order.count > limit {
        let oldest = order.removeFirst()
        entries[oldest] = nil
      }
    }
  }

  public func removeAll() {
    lock.withLock {
      entries = [:]
      order = []
    }
  }

  public var count: Int { lock.withLock { entries.count } }
}
