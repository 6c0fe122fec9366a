import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Network configuration shared by the clients.
enum Network {
  /// The session for downloads; a class of Foundation, found through the symbol graph.
  static let session = URLSession(configuration: .ephemeral)

  /// The default timeout, in seconds.
  static let timeout: TimeInterval = 30

  /// Decoding shared by every client.
  static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }()
}

/// Whether the device is online, as the app last saw it. The app replaces it when the
/// network changes, so it is a `var`.
public final class Reachability: @unchecked Sendable {
  // @unchecked: `online` is only touched while `lock` is held.
  private let lock = NSLock()
  private var online = true

  public init() {}

  public var isOnline: Bool {
    get { lock.withLock { online } }
    set { lock.withLock { online = newValue } }
  }
}

/// The reachability the app reads; a new one is installed after a network change.
nonisolated(unsafe) public var reachability = Reachability()
