import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// App protocols over Foundation networking, in the shapes apps write them: their requirements
// mention `URLRequest`, `URLResponse`, `HTTPURLResponse`, `URLSession` and its tasks, which on
// Linux live in FoundationNetworking, not Foundation.

/// What the app's network layer needs from `URLSession`.
public protocol HTTPDataLoading: Sendable {
  func data(for request: URLRequest) async throws -> (Data, URLResponse)
  func upload(for request: URLRequest, from bodyData: Data) async throws -> (Data, URLResponse)
  func download(from url: URL) async throws -> (URL, URLResponse)
}

/// A client of the app's JSON API.
public protocol APIClient: Sendable {
  var baseURL: URL { get }
  var session: URLSession { get }
  func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
  func decode<Value: Decodable>(_ type: Value.Type, from request: URLRequest) async throws -> Value
}

/// The completion-handler style still common in older code.
public protocol LegacyNetworking: AnyObject {
  func dataTask(
    with request: URLRequest,
    completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
  ) -> URLSessionDataTask
  func cancelAll()
}

/// Signs outgoing requests.
public protocol RequestAuthorizing: Sendable {
  func authorize(_ request: inout URLRequest) async throws
  func isAuthorized(_ request: URLRequest) -> Bool
}

/// Decides whether a failed request is retried.
public protocol RetryPolicy: Sendable {
  func shouldRetry(
    _ request: URLRequest,
    response: HTTPURLResponse?,
    error: (any Error)?,
    attempt: Int
  )
    -> Bool
  func delay(forAttempt attempt: Int) -> Duration
}

/// Observes the requests the app sends.
public protocol NetworkActivityObserver: AnyObject, Sendable {
  func willSend(_ request: URLRequest)
  func didReceive(_ response: URLResponse, data: Data, for request: URLRequest)
  func didFail(_ request: URLRequest, with error: URLError)
}

/// Caches responses by request.
public protocol ResponseCaching: Sendable {
  func cachedResponse(for request: URLRequest) -> CachedURLResponse?
  func store(_ response: CachedURLResponse, for request: URLRequest)
  func removeAll()
}

/// Builds requests for the app's endpoints.
public protocol RequestBuilding {
  var defaultHeaders: [String: String] { get set }
  func makeRequest(path: String, method: String, query: [URLQueryItem]) throws -> URLRequest
}

/// Owns a session and hands out tasks.
public protocol SessionProviding: Sendable {
  var configuration: URLSessionConfiguration { get }
  func makeSession(delegate: (any URLSessionDelegate)?) -> URLSession
}

/// Reads and writes cookies for the app's domain.
public protocol CookieStoring: AnyObject {
  func cookies(for url: URL) -> [HTTPCookie]?
  func setCookies(_ cookies: [HTTPCookie], for url: URL?, mainDocumentURL: URL?)
}

/// Fetches images, with a main-actor callback.
@MainActor public protocol ImageFetching {
  func image(at url: URL) async throws -> Data
  func prefetch(_ urls: [URL])
  func cancel(_ url: URL)
}

/// Uploads files in the background and reports progress.
public protocol BackgroundUploading: Actor {
  func enqueue(file: URL, to request: URLRequest) -> UUID
  func progress(of id: UUID) -> Double?
  func responses() -> AsyncStream<(UUID, HTTPURLResponse)>
}
