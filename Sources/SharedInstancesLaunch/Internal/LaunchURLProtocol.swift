import Foundation
import SharedInstances

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The launched process's network: the hand-off's stubs, tried newest first, each request
/// reported to the test; a request no stub answers fails and never reaches the network.
final class LaunchNetwork: Sendable {
  private let stubs: [LaunchStub]
  private let answered: Protected<[Int]>
  private let report: ReportWriter

  init(stubs: [LaunchStub], report: ReportWriter) {
    self.stubs = stubs
    self.answered = Protected(Array(repeating: 0, count: stubs.count))
    self.report = report
  }

  /// The response for a request, or nil when no stub answers it (reported to the test).
  func answer(method: String, url: URL, headers: [String: String], body: Data?) -> LaunchStub
    .Response?
  {
    guard
      let index = stubs.indices.reversed().first(where: {
        stubs[$0].matcher.matches(method: method, url: url, headers: headers)
      })
    else {
      report.write(
        LaunchEvent(
          kind: .unanswered,
          method: method,
          url: url.absoluteString,
          headers: headers,
          body: body,
          stubsTried: stubs.reversed().map { $0.matcher.description }
        )
      )
      return nil
    }
    report.write(
      LaunchEvent(
        kind: .request,
        method: method,
        url: url.absoluteString,
        headers: headers,
        body: body
      )
    )
    let responses = stubs[index].responses
    let count = answered.withLock { counts in
      defer { counts[index] += 1 }
      return counts[index]
    }
    return responses[min(count, responses.count - 1)]
  }

  /// The network of this process, once a hand-off was accepted.
  static let current = Protected<LaunchNetwork?>(nil)
}

/// Answers every request of the launched process from ``LaunchNetwork``.
final class LaunchURLProtocol: URLProtocol {
  override class func canInit(with request: URLRequest) -> Bool { true }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let url = request.url ?? URL(fileURLWithPath: "/")
    let method = request.httpMethod ?? "GET"
    let headers = request.allHTTPHeaderFields ?? [:]
    guard let network = LaunchNetwork.current.load(),
      let response = network.answer(
        method: method,
        url: url,
        headers: headers,
        body: Self.body(of: request)
      )
    else {
      let message = "No stub of the test's hand-off answers \(method) \(url.absoluteString)."
      client?.urlProtocol(
        self,
        didFailWithError: URLError(
          .resourceUnavailable,
          userInfo: [NSLocalizedDescriptionKey: message]
        )
      )
      return
    }
    guard response.delayMilliseconds > 0 else {
      deliver(response, for: url)
      return
    }
    let loading = UncheckedLoading(self)
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(response.delayMilliseconds))
    {
      loading.base.deliver(response, for: url)
    }
  }

  override func stopLoading() {}

  private func deliver(_ response: LaunchStub.Response, for url: URL) {
    if let failure = response.failure {
      client?.urlProtocol(self, didFailWithError: URLError(failure.code))
      return
    }
    if let http = HTTPURLResponse(
      url: url,
      statusCode: response.status,
      httpVersion: "HTTP/1.1",
      headerFields: response.headers
    ) {
      client?.urlProtocol(self, didReceive: http, cacheStoragePolicy: .notAllowed)
    }
    if !response.body.isEmpty { client?.urlProtocol(self, didLoad: response.body) }
    client?.urlProtocolDidFinishLoading(self)
  }

  /// The request's body: `httpBody`, or its stream read whole (how sessions hand bodies to a
  /// protocol).
  private static func body(of request: URLRequest) -> Data? {
    if let body = request.httpBody { return body }
    guard let stream = request.httpBodyStream else { return nil }
    stream.open()
    defer { stream.close() }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while stream.hasBytesAvailable {
      let count = stream.read(&buffer, maxLength: buffer.count)
      guard count > 0 else { break }
      data.append(buffer, count: count)
    }
    return data
  }
}

private struct UncheckedLoading: @unchecked Sendable {
  // @unchecked: URL loading calls a protocol's client from any thread; the closure only delivers.
  let base: LaunchURLProtocol

  init(_ base: LaunchURLProtocol) { self.base = base }
}
