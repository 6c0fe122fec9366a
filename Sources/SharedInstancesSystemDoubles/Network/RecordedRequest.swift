import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A request a ``TestNetwork`` received: what the code under test sent.
///
/// ```swift
/// #expect(network.requests.map(\.method) == ["POST"])
/// #expect(network.requests.first?.headers["Authorization"] == "Bearer token")
/// #expect(network.requests.first?.body == Data(#"{"title":"Hi"}"#.utf8))
/// ```
public struct RecordedRequest: Sendable, Hashable, CustomStringConvertible {
  /// The HTTP method: `GET`, `POST`, …
  public var method: String
  /// The URL requested.
  public var url: URL
  /// The request's header fields.
  public var headers: [String: String]
  /// The body the request carried (`httpBody`, or what `httpBodyStream` held), if any.
  ///
  /// > Note: On Linux (FoundationNetworking), the data of `upload(for:from:)` does not reach a
  /// > `URLProtocol`: only a body set on the request is recorded there.
  public var body: Data?

  /// Creates a record, for comparing with ``TestNetwork/requests``.
  ///
  /// ```swift
  /// #expect(network.requests == [RecordedRequest(method: "GET", url: feedURL)])
  /// ```
  ///
  /// - Parameters:
  ///   - method: The HTTP method.
  ///   - url: The URL.
  ///   - headers: The header fields.
  ///   - body: The body.
  public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }

  /// The method and the URL: `GET https://api.example.com/feed`.
  ///
  /// ```swift
  /// #expect(network.requests.map(\.description) == ["GET https://api.example.com/feed"])
  /// ```
  public var description: String { "\(method) \(url.absoluteString)" }

  /// Reads what a `URLProtocol` receives.
  init(_ request: URLRequest) {
    self.init(
      method: request.httpMethod ?? "GET",
      url: request.url ?? URL(fileURLWithPath: "/"),
      headers: request.allHTTPHeaderFields ?? [:],
      body: request.httpBody ?? request.httpBodyStream.map(Self.readAll)
    )
  }

  private static func readAll(_ stream: InputStream) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    stream.open()
    defer { stream.close() }
    while true {
      let count = stream.read(&buffer, maxLength: buffer.count)
      guard count > 0 else { break }
      data.append(buffer, count: count)
    }
    return data
  }
}
