import Foundation
import SharedInstances
import SharedInstancesSystem

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Routes each stubbed session's requests to its own ``TestNetwork``.
///
/// A `URLProtocol` sees the request, not the session, and runs outside the test's tasks, so
/// task-local values cannot tell which test sent it; requests of parallel tests may be
/// identical. So every network gets a `URLProtocol` class of its own: `StubURLProtocol<Tag>`,
/// whose `Tag` spells the network's number in binary (`RouteOne<RouteZero<RouteRoot>>` is 2).
/// Swift creates each such class the first time it is named, at run time; its session lists only
/// it in `protocolClasses`, and the class finds its network here, by its own identity.
enum StubRoutes {
  private struct State {
    var nextNumber = 0
    var byProtocol: [ObjectIdentifier: TestNetwork] = [:]
    var bySession: [ObjectIdentifier: TestNetwork] = [:]
    /// The networks whose test ended, by protocol class: for a request that comes after.
    var ended: [ObjectIdentifier: Ended] = [:]
  }

  /// What a request that comes after its network's test ended is told about that test.
  struct Ended: Sendable {
    let testName: String?
    let location: TestNetwork.FailureLocation
  }

  private static let state = Protected(State())

  /// A new protocol class, never used before.
  static func newProtocolClass() -> URLProtocol.Type {
    let number = state.withLock { state in
      defer { state.nextNumber += 1 }
      return state.nextNumber
    }
    return protocolClass(tagged: tag(number))
  }

  /// Routes the requests of `protocolClass`, and finds `network` by `session`, until
  /// ``remove(_:)``.
  static func add(_ network: TestNetwork, protocolClass: URLProtocol.Type, session: URLSession) {
    state.withLock { state in
      state.byProtocol[ObjectIdentifier(protocolClass)] = network
      state.bySession[ObjectIdentifier(session)] = network
    }
  }

  /// Stops routing to `network`: its session's later requests fail, naming its test and
  /// pointing at `location`.
  static func remove(_ network: TestNetwork, endedAt location: TestNetwork.FailureLocation) {
    state.withLock { state in
      let key = ObjectIdentifier(network.protocolClass)
      state.byProtocol[key] = nil
      state.bySession[ObjectIdentifier(network.session)] = nil
      state.ended[key] = Ended(testName: network.testName, location: location)
    }
  }

  static func ended(_ protocolClass: URLProtocol.Type) -> Ended? {
    state.withLock { $0.ended[ObjectIdentifier(protocolClass)] }
  }

  static func network(for protocolClass: URLProtocol.Type) -> TestNetwork? {
    state.withLock { $0.byProtocol[ObjectIdentifier(protocolClass)] }
  }

  static func network(for session: URLSession) -> TestNetwork? {
    state.withLock { $0.bySession[ObjectIdentifier(session)] }
  }

  /// The tag type that spells `number` in binary, least significant digit outermost.
  private static func tag(_ number: Int) -> any RouteTag.Type {
    var tag: any RouteTag.Type = RouteRoot.self
    var rest = number
    repeat {
      tag = rest & 1 == 0 ? zero(after: tag) : one(after: tag)
      rest >>= 1
    } while rest > 0
    return tag
  }

  private static func zero<Prefix: RouteTag>(after _: Prefix.Type) -> any RouteTag.Type {
    RouteZero<Prefix>.self
  }

  private static func one<Prefix: RouteTag>(after _: Prefix.Type) -> any RouteTag.Type {
    RouteOne<Prefix>.self
  }

  private static func protocolClass<Tag: RouteTag>(tagged _: Tag.Type) -> URLProtocol.Type {
    StubURLProtocol<Tag>.self
  }
}

/// A binary digit of a route's number, as a type.
protocol RouteTag: Sendable {}
enum RouteRoot: RouteTag {}
enum RouteZero<Prefix: RouteTag>: RouteTag {}
enum RouteOne<Prefix: RouteTag>: RouteTag {}

/// The `URLProtocol` of one ``TestNetwork``: answers its session's requests from its stubs.
final class StubURLProtocol<Tag: RouteTag>: URLProtocol {
  /// The answer waiting on the test's clock, to cancel in `stopLoading`.
  private let pending = Protected<Task<Void, Never>?>(nil)

  override class func canInit(with request: URLRequest) -> Bool { true }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let recorded = RecordedRequest(request)
    guard let network = StubRoutes.network(for: Self.self) else {
      fail(with: TestNetwork.requestAfterTheEnd(recorded, of: StubRoutes.ended(Self.self)))
      return
    }
    #if canImport(FoundationNetworking)
      if task is URLSessionDownloadTask {
        fail(with: network.refuseDownload(recorded))
        return
      }
    #endif
    switch network.answer(recorded) {
    case .unanswered(let error):
      fail(with: error)
    case .stub(let response, let clock):
      // A delay exists only where `delayed(by:)` could be called, so the check always passes then.
      guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *),
        let delay = response.delay as? Duration,
        let clock = clock as? AnyClock<Duration>
      else {
        deliver(response, for: network)
        return
      }
      let loading = UncheckedProtocol(self)
      let waiting = Task {
        do {
          try await clock.sleep(until: clock.now.advanced(by: delay), tolerance: nil)
        } catch {
          return  // stopped: the task was cancelled
        }
        loading.base.deliver(response, for: network)
      }
      pending.withLock { $0 = waiting }
    }
  }

  override func stopLoading() {
    pending.withLock { $0 }?.cancel()
  }

  private func deliver(_ stub: StubResponse, for network: TestNetwork) {
    switch stub.outcome {
    case .failure(let error):
      fail(with: error)
    case .response(let status, let headers, let body):
      let data: Data
      switch body {
      case .data(let bytes):
        data = bytes
      case .file(let url):
        do {
          data = try Data(contentsOf: url)
        } catch {
          network.reportUnreadableFile(url, error: error)
          fail(with: error)
          return
        }
      }
      let url = request.url ?? URL(fileURLWithPath: "/")
      let response = HTTPURLResponse(
        url: url,
        statusCode: status,
        httpVersion: "HTTP/1.1",
        headerFields: headers
      )
      if let response {
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      }
      if !data.isEmpty { client?.urlProtocol(self, didLoad: data) }
      client?.urlProtocolDidFinishLoading(self)
    }
  }

  private func fail(with error: any Error) {
    client?.urlProtocol(self, didFailWithError: error)
  }
}

/// A protocol instance handed to the task that delivers a delayed answer.
private struct UncheckedProtocol<Tag: RouteTag>: @unchecked Sendable {
  // @unchecked: URL loading calls a protocol's client from any thread; the task only delivers.
  let base: StubURLProtocol<Tag>

  init(_ base: StubURLProtocol<Tag>) { self.base = base }
}
