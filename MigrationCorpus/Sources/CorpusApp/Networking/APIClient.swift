import Foundation

/// An HTTP request the app sends, before it reaches the transport.
public struct APIRequest: Equatable, Sendable {
  public var method: String
  public var path: String
  public var query: [String: String]
  public var body: Data?

  public init(method: String, path: String, query: [String: String] = [:], body: Data? = nil) {
    self.method = method
    self.path = path
    self.query = query
    self.body = body
  }

  /// The path with its query, sorted so that equal requests print alike.
  public var pathWithQuery: String {
    guard !query.isEmpty else { return path }
    let items = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return path + "?" + items.joined(separator: "&")
  }
}

/// What went wrong talking to the server.
public enum APIError: Error, Equatable {
  case offline
  case status(Int)
  case decoding(String)
}

/// The app's one client for its backend. Everything that talks to the server goes through
/// `APIClient.shared`.
public final class APIClient: @unchecked Sendable {
  // @unchecked: `responses` and `sent` are only touched while `lock` is held.

  /// The client every screen uses.
  public static let shared = APIClient(baseURL: URL(string: "https://api.example.com")!)

  public let baseURL: URL
  private let lock = NSLock()
  private var responses: [String: Data] = [:]
  private var sent: [APIRequest] = []

  init(baseURL: URL) {
    self.baseURL = baseURL
  }

  /// Registers the canned answer of the offline demo mode.
  public func register(_ data: Data, for path: String) {
    lock.withLock { responses[path] = data }
  }

  /// Sends a request and returns the body of the answer.
  public func send(_ request: APIRequest) async throws -> Data {
    let answer = lock.withLock { () -> Data? in
      sent.append(request)
      return responses[request.pathWithQuery] ?? responses[request.path]
    }
    guard let answer else { throw APIError.status(404) }
    return answer
  }

  /// `GET path`.
  public func get(_ path: String, query: [String: String] = [:]) async throws -> Data {
    try await send(APIRequest(method: "GET", path: path, query: query))
  }

  /// `POST path` with a JSON body.
  public func post(_ path: String, body: Data) async throws -> Data {
    try await send(APIRequest(method: "POST", path: path, body: body))
  }

  /// How many requests were sent since launch, for the diagnostics screen.
  public var requestCount: Int { lock.withLock { sent.count } }
}
