import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Which requests a stub of a ``TestNetwork`` answers: by method, URL (exact, prefix or
/// pattern), headers, or any predicate.
///
/// ```swift
/// network.stub(.get("https://api.example.com/feed"), .json(feed))
/// network.stub(.prefix("https://api.example.com/images/"), .status(404))
/// network.stub(try .pattern(#"/users/\d+$"#, method: "DELETE"), .status(204))
/// network.stub(.post("https://api.example.com/posts").header("Authorization"), .status(201))
/// network.stub(.init("a body that mentions swift") { $0.httpBody?.isEmpty == false }, .status(200))
/// ```
public struct RequestMatcher: Sendable, CustomStringConvertible {
  /// What the matcher matches, in failure messages: `GET https://api.example.com/feed`.
  public let description: String
  private let predicate: @Sendable (RecordedRequest) -> Bool

  /// Creates a matcher from a description, for failure messages, and a predicate.
  ///
  /// ```swift
  /// let bigUploads = RequestMatcher("an upload over 1 MB") { ($0.body?.count ?? 0) > 1 << 20 }
  /// ```
  ///
  /// - Parameters:
  ///   - description: What the predicate accepts, in words.
  ///   - predicate: Whether a request matches.
  public init(_ description: String, _ predicate: @escaping @Sendable (RecordedRequest) -> Bool) {
    self.description = description
    self.predicate = predicate
  }

  /// Whether `request` matches.
  ///
  /// ```swift
  /// #expect(RequestMatcher.get(url.absoluteString).matches(RecordedRequest(method: "GET", url: url)))
  /// ```
  ///
  /// - Parameter request: The request.
  /// - Returns: Whether the stub answers it.
  public func matches(_ request: RecordedRequest) -> Bool { predicate(request) }

  /// Every request.
  ///
  /// ```swift
  /// network.stub(.any, .failure(URLError(.notConnectedToInternet)))
  /// ```
  public static var any: RequestMatcher { RequestMatcher("any request") { _ in true } }

  /// Requests for exactly `url` (its `absoluteString`), with `method` if given.
  ///
  /// ```swift
  /// network.stub(.url("https://api.example.com/feed?page=2"), .json(page2))
  /// ```
  ///
  /// - Parameters:
  ///   - url: The URL, spelled as `URL.absoluteString` spells it.
  ///   - method: The HTTP method, or nil for any.
  /// - Returns: The matcher.
  public static func url(_ url: String, method: String? = nil) -> RequestMatcher {
    RequestMatcher(Self.spell(method, url)) { request in
      Self.method(method, request) && request.url.absoluteString == url
    }
  }

  /// `GET` requests for exactly `url`.
  ///
  /// ```swift
  /// network.stub(.get("https://api.example.com/feed"), .json(feed))
  /// ```
  ///
  /// - Parameter url: The URL.
  /// - Returns: The matcher.
  public static func get(_ url: String) -> RequestMatcher { .url(url, method: "GET") }

  /// `POST` requests for exactly `url`.
  ///
  /// ```swift
  /// network.stub(.post("https://api.example.com/posts"), .status(201))
  /// ```
  ///
  /// - Parameter url: The URL.
  /// - Returns: The matcher.
  public static func post(_ url: String) -> RequestMatcher { .url(url, method: "POST") }

  /// `PUT` requests for exactly `url`.
  ///
  /// ```swift
  /// network.stub(.put("https://api.example.com/posts/1"), .status(204))
  /// ```
  ///
  /// - Parameter url: The URL.
  /// - Returns: The matcher.
  public static func put(_ url: String) -> RequestMatcher { .url(url, method: "PUT") }

  /// `DELETE` requests for exactly `url`.
  ///
  /// ```swift
  /// network.stub(.delete("https://api.example.com/posts/1"), .status(204))
  /// ```
  ///
  /// - Parameter url: The URL.
  /// - Returns: The matcher.
  public static func delete(_ url: String) -> RequestMatcher { .url(url, method: "DELETE") }

  /// Requests whose URL starts with `prefix`, with `method` if given.
  ///
  /// ```swift
  /// network.stub(.prefix("https://cdn.example.com/"), .data(pngData))
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: The start of the URL's `absoluteString`.
  ///   - method: The HTTP method, or nil for any.
  /// - Returns: The matcher.
  public static func prefix(_ prefix: String, method: String? = nil) -> RequestMatcher {
    RequestMatcher(Self.spell(method, "\(prefix)…")) { request in
      Self.method(method, request) && request.url.absoluteString.hasPrefix(prefix)
    }
  }

  /// Requests whose URL contains a match of the regular expression `pattern`, with `method` if
  /// given.
  ///
  /// ```swift
  /// network.stub(try .pattern(#"/users/\d+$"#), .json(user))
  /// ```
  ///
  /// - Parameters:
  ///   - pattern: An `NSRegularExpression` pattern, searched in the URL's `absoluteString`.
  ///   - method: The HTTP method, or nil for any.
  /// - Returns: The matcher.
  /// - Throws: The error of `NSRegularExpression` when `pattern` is not a valid expression.
  public static func pattern(_ pattern: String, method: String? = nil) throws -> RequestMatcher {
    let expression = CompiledPattern(try NSRegularExpression(pattern: pattern))
    return RequestMatcher(Self.spell(method, "/\(pattern)/")) { request in
      Self.method(method, request) && expression.matches(request.url.absoluteString)
    }
  }

  /// This matcher, and also a header named `name` (with `value`, if given).
  ///
  /// Header names match whatever their case.
  ///
  /// ```swift
  /// network.stub(.get(feedURL).header("Authorization", "Bearer secret"), .json(feed))
  /// network.stub(.get(feedURL), .status(401))   // tried first: newer; answers the rest
  /// ```
  ///
  /// - Parameters:
  ///   - name: The header's name.
  ///   - value: Its value, or nil for any value.
  /// - Returns: The matcher.
  public func header(_ name: String, _ value: String? = nil) -> RequestMatcher {
    let spelled = value.map { "\(name): \($0)" } ?? "a \(name) header"
    return and(
      RequestMatcher(spelled) { request in
        let found = request.headers.first { $0.key.lowercased() == name.lowercased() }
        guard let found else { return false }
        return value == nil || found.value == value
      }
    )
  }

  /// This matcher and `other`.
  ///
  /// ```swift
  /// let jsonPosts = RequestMatcher.post(postsURL).and(.init("a JSON body") { $0.body != nil })
  /// ```
  ///
  /// - Parameter other: The other condition.
  /// - Returns: A matcher that matches what both match.
  public func and(_ other: RequestMatcher) -> RequestMatcher {
    RequestMatcher("\(description) with \(other.description)") { request in
      self.matches(request) && other.matches(request)
    }
  }

  private static func spell(_ method: String?, _ url: String) -> String {
    method.map { "\($0) \(url)" } ?? url
  }

  private static func method(_ method: String?, _ request: RecordedRequest) -> Bool {
    method.map { $0.uppercased() == request.method.uppercased() } ?? true
  }
}

/// A compiled regular expression, used from any thread.
private struct CompiledPattern: @unchecked Sendable {
  // @unchecked: immutable; `NSRegularExpression` is documented as safe to use from any thread.
  let expression: NSRegularExpression

  init(_ expression: NSRegularExpression) { self.expression = expression }

  func matches(_ text: String) -> Bool {
    let range = NSRange(text.startIndex..<text.endIndex, in: text)
    return expression.firstMatch(in: text, range: range) != nil
  }
}
