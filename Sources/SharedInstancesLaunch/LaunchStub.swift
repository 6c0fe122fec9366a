import Foundation

/// A network stub as data: which requests it answers and with what, so that it can be handed to
/// a launched process.
///
/// The same vocabulary as `TestNetwork`'s stubs, limited to what survives the trip: exact URLs,
/// prefixes, patterns, header and query matchers; statuses, headers, bodies, text, JSON, file
/// contents, transport errors, sequences and delays. A stub with several responses answers them in
/// order, then repeats the last one.
///
/// ```swift
/// handoff.stub(
///   .get("https://example.com/feed.json").header("Accept", "application/json"),
///   .status(503),
///   try .json(["title": "Back"]).delayed(by: .milliseconds(50))
/// )
/// ```
public struct LaunchStub: Codable, Sendable, Hashable {
  /// Which requests the stub answers.
  public var matcher: Matcher
  /// Its answers, in order; the last one repeats.
  public var responses: [Response]

  /// Creates a stub.
  ///
  /// ```swift
  /// let notFound = LaunchStub(matcher: .prefix("https://example.com/"), responses: [.status(404)])
  /// handoff.stubs.append(notFound)
  /// ```
  ///
  /// - Parameters:
  ///   - matcher: Which requests the stub answers.
  ///   - responses: Its answers, in order; the last one repeats.
  public init(matcher: Matcher, responses: [Response]) {
    self.matcher = matcher
    self.responses = responses
  }
}

// MARK: - Matcher

extension LaunchStub {
  /// Which requests a stub answers: a URL rule, an optional method, and header and query
  /// conditions that must all hold.
  public struct Matcher: Codable, Sendable, Hashable, CustomStringConvertible {
    /// How the URL is compared.
    public enum URLRule: Codable, Sendable, Hashable {
      case any
      case exact(String)
      case prefix(String)
      /// A regular expression the whole absolute URL must match.
      case pattern(String)
    }

    public var url: URLRule
    /// The HTTP method, upper case; nil: any.
    public var method: String?
    /// Headers the request must carry: a nil value accepts any value.
    public var headers: [String: String?] = [:]
    /// Query items the URL must carry: a nil value accepts any value.
    public var query: [String: String?] = [:]

    /// Creates a matcher.
    ///
    /// ```swift
    /// let matcher = LaunchStub.Matcher(url: .prefix("https://api.example.com/"), method: "POST")
    /// ```
    ///
    /// - Parameters:
    ///   - url: How the URL is compared.
    ///   - method: The HTTP method; nil matches any.
    public init(url: URLRule, method: String? = nil) {
      self.url = url
      self.method = method?.uppercased()
    }

    /// Every request.
    public static var any: Matcher { Matcher(url: .any) }
    /// Requests for exactly `url`, with `method` if given.
    public static func url(_ url: String, method: String? = nil) -> Matcher {
      Matcher(url: .exact(url), method: method)
    }
    /// `GET` requests for exactly `url`.
    public static func get(_ url: String) -> Matcher { .url(url, method: "GET") }
    /// `POST` requests for exactly `url`.
    public static func post(_ url: String) -> Matcher { .url(url, method: "POST") }
    /// `PUT` requests for exactly `url`.
    public static func put(_ url: String) -> Matcher { .url(url, method: "PUT") }
    /// `DELETE` requests for exactly `url`.
    public static func delete(_ url: String) -> Matcher { .url(url, method: "DELETE") }
    /// Requests whose URL starts with `prefix`.
    public static func prefix(_ prefix: String, method: String? = nil) -> Matcher {
      Matcher(url: .prefix(prefix), method: method)
    }

    /// Requests whose whole URL matches the regular expression `pattern`.
    ///
    /// - Throws: The regular expression's error when `pattern` is not one.
    public static func pattern(_ pattern: String, method: String? = nil) throws -> Matcher {
      _ = try NSRegularExpression(pattern: pattern)
      return Matcher(url: .pattern(pattern), method: method)
    }

    /// This matcher, also requiring the header `name` (with `value`, if given).
    public func header(_ name: String, _ value: String? = nil) -> Matcher {
      var copy = self
      copy.headers[name] = .some(value)
      return copy
    }

    /// This matcher, also requiring the query item `name` (with `value`, if given).
    public func query(_ name: String, _ value: String? = nil) -> Matcher {
      var copy = self
      copy.query[name] = .some(value)
      return copy
    }

    /// Whether a request with `method`, `url` and `headers` matches.
    public func matches(method: String, url: URL, headers: [String: String]) -> Bool {
      if let expected = self.method, expected != method.uppercased() { return false }
      let absolute = url.absoluteString
      switch self.url {
      case .any: break
      case .exact(let exact): guard absolute == exact else { return false }
      case .prefix(let prefix): guard absolute.hasPrefix(prefix) else { return false }
      case .pattern(let pattern):
        guard let expression = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else {
          return false
        }
        let range = NSRange(absolute.startIndex..., in: absolute)
        guard expression.firstMatch(in: absolute, range: range) != nil else { return false }
      }
      for (name, expected) in self.headers {
        let found = headers.first { $0.key.lowercased() == name.lowercased() }?.value
        guard let found, expected == nil || expected == found else { return false }
      }
      if !self.query.isEmpty {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        for (name, expected) in self.query {
          guard let item = items.first(where: { $0.name == name }) else { return false }
          if let expected, item.value != expected { return false }
        }
      }
      return true
    }

    public var description: String {
      var text = method.map { "\($0) " } ?? ""
      switch url {
      case .any: text += "any URL"
      case .exact(let exact): text += exact
      case .prefix(let prefix): text += "\(prefix)…"
      case .pattern(let pattern): text += "URLs matching /\(pattern)/"
      }
      for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
        text += " with header \(name)" + (value.map { ": \($0)" } ?? "")
      }
      for (name, value) in query.sorted(by: { $0.key < $1.key }) {
        text += " with query \(name)" + (value.map { "=\($0)" } ?? "")
      }
      return text
    }
  }
}

// MARK: - Response

extension LaunchStub {
  /// One answer of a stub: an HTTP response, or a transport error, after an optional delay.
  public struct Response: Codable, Sendable, Hashable, CustomStringConvertible {
    /// A transport error, as `URLError` codes name them.
    public enum Failure: String, Codable, Sendable, Hashable {
      case notConnectedToInternet, timedOut, cannotFindHost, cannotConnectToHost
      case networkConnectionLost, cancelled

      var code: URLError.Code {
        switch self {
        case .notConnectedToInternet: .notConnectedToInternet
        case .timedOut: .timedOut
        case .cannotFindHost: .cannotFindHost
        case .cannotConnectToHost: .cannotConnectToHost
        case .networkConnectionLost: .networkConnectionLost
        case .cancelled: .cancelled
        }
      }
    }

    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// The transport error the request fails with instead of a response.
    public var failure: Failure?
    /// How long the answer takes, in milliseconds of real time.
    public var delayMilliseconds: Int = 0

    /// Creates a response.
    ///
    /// ```swift
    /// let response = LaunchStub.Response(status: 201, headers: ["Location": "/items/1"])
    /// ```
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
      self.status = status
      self.headers = headers
      self.body = body
    }

    /// An empty body with `status`.
    public static func status(_ status: Int, headers: [String: String] = [:]) -> Response {
      Response(status: status, headers: headers)
    }
    /// `body` with `status`.
    public static func data(
      _ body: Data,
      status: Int = 200,
      headers: [String: String] = [:]
    ) -> Response {
      Response(status: status, headers: headers, body: body)
    }
    /// `text` as UTF-8, with a `text/plain` content type unless `headers` say otherwise.
    public static func text(
      _ text: String,
      status: Int = 200,
      headers: [String: String] = [:]
    ) -> Response {
      Response(
        status: status,
        headers: ["Content-Type": "text/plain; charset=utf-8"].merging(headers) { $1 },
        body: Data(text.utf8)
      )
    }
    /// `value` encoded as JSON, with a JSON content type.
    ///
    /// - Throws: The encoder's error.
    public static func json<Value: Encodable>(
      _ value: Value,
      status: Int = 200,
      headers: [String: String] = [:],
      encoder: JSONEncoder = JSONEncoder()
    ) throws -> Response {
      Response(
        status: status,
        headers: ["Content-Type": "application/json"].merging(headers) { $1 },
        body: try encoder.encode(value)
      )
    }
    /// The contents of the file at `url`, read now, in the test.
    ///
    /// - Throws: The error reading the file.
    public static func file(
      _ url: URL,
      status: Int = 200,
      headers: [String: String] = [:]
    ) throws -> Response {
      Response(status: status, headers: headers, body: try Data(contentsOf: url))
    }
    /// A transport error instead of a response.
    public static func failure(_ failure: Failure) -> Response {
      var response = Response(status: 0)
      response.failure = failure
      return response
    }

    /// This response, answered `delay` later.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public func delayed(by delay: Duration) -> Response {
      var copy = self
      let (seconds, attoseconds) = delay.components
      copy.delayMilliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
      return copy
    }

    public var description: String {
      if let failure { return "URLError.\(failure.rawValue)" }
      return "HTTP \(status), \(body.count) bytes"
    }
  }
}
