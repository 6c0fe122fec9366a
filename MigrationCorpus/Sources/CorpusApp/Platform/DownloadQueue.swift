import Foundation

/// Background downloads, one at a time.
public actor DownloadQueue {
  /// The app's queue.
  public static let shared = DownloadQueue()

  private var pending: [String] = []
  private var finished: [String] = []

  public init() {}

  public func enqueue(_ url: String) {
    pending.append(url)
  }

  public func drain() async -> [String] {
    while !pending.isEmpty {
      let url = pending.removeFirst()
      _ = try? await imageDownloader.image(at: url)
      finished.append(url)
    }
    return finished
  }
}
