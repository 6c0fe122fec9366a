import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a stub of a ``TestNetwork`` answers: a status, headers and a body (data, JSON, a
/// file), or an error; now, or after a delay on the test's clock.
///
/// ```swift
/// network.stub(.get(feedURL), try .json(feed))
/// network.stub(.get(avatarURL), .file(fixtureURL, headers: ["Content-Type": "image/png"]))
/// network.stub(.post(postsURL), .status(201))
/// network.stub(.get(slowURL), .text("late").delayed(by: .seconds(5)))
/// network.stub(.get(offlineURL), .failure(URLError(.notConnectedToInternet)))
/// ```
public struct StubResponse: Sendable, CustomStringConvertible {
  enum Body: Sendable {
    case data(Data)
    case file(URL)
  }

  enum Outcome: Sendable {
    case response(status: Int, headers: [String: String], body: Body)
    case failure(any Error)
  }

  let outcome: Outcome
  /// How long the answer waits on the clock the stub was declared with.
  /// A `Duration` (macOS 13 / iOS 16), kept as `any` so that the type runs on the package's
  /// minimum; only ``delayed(by:)``, which needs that version, sets it.
  let delay: (any Sendable & CustomStringConvertible)?

  /// A response with `status`, `headers` and `body`.
  ///
  /// ```swift
  /// network.stub(.get(url), StubResponse(status: 200, body: Data("ok".utf8)))
  /// ```
  ///
  /// - Parameters:
  ///   - status: The HTTP status code. 200 by default.
  ///   - headers: The response's header fields.
  ///   - body: The response's body.
  public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
    self.init(outcome: .response(status: status, headers: headers, body: .data(body)))
  }

  init(outcome: Outcome, delay: (any Sendable & CustomStringConvertible)? = nil) {
    self.outcome = outcome
    self.delay = delay
  }

  /// A response with `status` and no body.
  ///
  /// ```swift
  /// network.stub(.delete(postURL), .status(204))
  /// ```
  ///
  /// - Parameters:
  ///   - status: The HTTP status code.
  ///   - headers: The response's header fields.
  /// - Returns: The response.
  public static func status(_ status: Int, headers: [String: String] = [:]) -> StubResponse {
    StubResponse(status: status, headers: headers)
  }

  /// A response whose body is `data`.
  ///
  /// ```swift
  /// network.stub(.get(imageURL), .data(pngData, headers: ["Content-Type": "image/png"]))
  /// ```
  ///
  /// - Parameters:
  ///   - data: The body.
  ///   - status: The HTTP status code. 200 by default.
  ///   - headers: The response's header fields.
  /// - Returns: The response.
  public static func data(
    _ data: Data,
    status: Int = 200,
    headers: [String: String] = [:]
  ) -> StubResponse {
    StubResponse(status: status, headers: headers, body: data)
  }

  /// A response whose body is `text` in UTF-8.
  ///
  /// ```swift
  /// network.stub(.get(healthURL), .text("OK"))
  /// ```
  ///
  /// - Parameters:
  ///   - text: The body.
  ///   - status: The HTTP status code. 200 by default.
  ///   - headers: The response's header fields.
  /// - Returns: The response.
  public static func text(
    _ text: String,
    status: Int = 200,
    headers: [String: String] = ["Content-Type": "text/plain; charset=utf-8"]
  ) -> StubResponse {
    StubResponse(status: status, headers: headers, body: Data(text.utf8))
  }

  /// A response whose body is `value` encoded as JSON, with `Content-Type: application/json`.
  ///
  /// ```swift
  /// network.stub(.get(feedURL), try .json(Feed(items: [.sample])))
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value to encode.
  ///   - status: The HTTP status code. 200 by default.
  ///   - headers: More header fields.
  ///   - encoder: The encoder. A plain `JSONEncoder` by default.
  /// - Returns: The response.
  /// - Throws: What `encoder` throws for `value`.
  public static func json<Value: Encodable>(
    _ value: Value,
    status: Int = 200,
    headers: [String: String] = [:],
    encoder: JSONEncoder = JSONEncoder()
  ) throws -> StubResponse {
    let body = try encoder.encode(value)
    let headers = headers.merging(["Content-Type": "application/json"]) { given, _ in given }
    return StubResponse(status: status, headers: headers, body: body)
  }

  /// A response whose body is the contents of the file at `url`, read when the request is
  /// answered.
  ///
  /// A file that cannot be read fails the test and answers the request with the read error.
  ///
  /// ```swift
  /// let fixture = try #require(Bundle.module.url(forResource: "feed", withExtension: "json"))
  /// network.stub(.get(feedURL), .file(fixture))
  /// ```
  ///
  /// - Parameters:
  ///   - url: The file's URL.
  ///   - status: The HTTP status code. 200 by default.
  ///   - headers: The response's header fields.
  /// - Returns: The response.
  public static func file(
    _ url: URL,
    status: Int = 200,
    headers: [String: String] = [:]
  ) -> StubResponse {
    StubResponse(outcome: .response(status: status, headers: headers, body: .file(url)))
  }

  /// An answer that fails the request with `error`, as a lost connection would.
  ///
  /// ```swift
  /// network.stub(.get(feedURL), .failure(URLError(.notConnectedToInternet)))
  /// ```
  ///
  /// - Parameter error: The error the request fails with (a `URLError` is what URLSession's
  ///   callers expect).
  /// - Returns: The answer.
  public static func failure(_ error: any Error) -> StubResponse {
    StubResponse(outcome: .failure(error))
  }

  /// This answer, given `delay` later on the clock of `SystemBoxes.continuousClock`
  /// (read when the stub is declared: a `TestClock` the test advances).
  ///
  /// > Important: Override `SystemBoxes.continuousClock` before declaring the stub. An isolated
  /// > test that did not override it has the live clock, and the answer then waits `delay` in
  /// > real time.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// SystemBoxes.continuousClock.override(with: clock)
  /// network.stub(.get(feedURL), try .json(feed).delayed(by: .seconds(3)))
  /// let loading = Task { try await FeedClient().refresh() }
  /// await clock.advance(by: .seconds(3))   // now the response arrives
  /// ```
  ///
  /// - Parameter delay: How long the answer waits.
  /// - Returns: The delayed answer.
  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  public func delayed(by delay: Duration) -> StubResponse {
    StubResponse(outcome: outcome, delay: delay)
  }

  /// The answer in words: `200, 42 bytes`, `failure: …`, `… after 3 seconds`.
  ///
  /// ```swift
  /// print(StubResponse.status(404))   // 404, no body
  /// ```
  public var description: String {
    var text: String
    switch outcome {
    case .response(let status, _, .data(let data)):
      text = data.isEmpty ? "\(status), no body" : "\(status), \(data.count) bytes"
    case .response(let status, _, .file(let url)):
      text = "\(status), the file \(url.path)"
    case .failure(let error):
      text = "failure: \(error)"
    }
    if let delay { text += " after \(delay)" }
    return text
  }
}
