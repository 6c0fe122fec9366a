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
///
/// Creating a session costs more than the rest of a test's network (FoundationNetworking sets up
/// a configuration and its URL loading state per session), so on Linux a network whose test ended
/// gives its session and protocol class back, and a later network takes them once nothing else
/// refers to the session: no task of the ended test is running or waiting in it, and no code
/// kept it, so no request of that test can reach the later one. A session the code under test
/// invalidated is never taken again.
enum StubRoutes {
  /// A session and the protocol class it lists: what a network answers through.
  struct Route {
    var session: URLSession
    let protocolClass: URLProtocol.Type
  }

  /// How many given-back routes wait for reuse; older ones are let go.
  private static let idleLimit = 64

  private struct State {
    var nextNumber = 0
    /// Routes of ended tests, oldest first, each taken again once only this list refers to its
    /// session.
    var idle: [Route] = []
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

  /// A route for a new network: one an ended test gave back where nothing else refers to its
  /// session any more, else a new session with a protocol class never used before.
  static func takeRoute() -> Route {
    let taken: Route? = state.withLock { state in
      // Only this list refers to the session: nothing can send a request through it.
      guard
        let index = state.idle.indices.first(where: {
          isKnownUniquelyReferenced(&state.idle[$0].session)
        })
      else { return nil }
      return state.idle.remove(at: index)
    }
    if let taken {
      taken.session.sessionDescription = nil
      return taken
    }
    let number = state.withLock { state in
      defer { state.nextNumber += 1 }
      return state.nextNumber
    }
    let protocolClass = protocolClass(tagged: tag(number))
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [protocolClass]
    configuration.urlCache = nil
    #if canImport(FoundationNetworking)
      let session: URLSession = ReusableSession(configuration: configuration)
    #else
      let session = URLSession(configuration: configuration)
    #endif
    return Route(session: session, protocolClass: protocolClass)
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
      #if canImport(FoundationNetworking)
        // Apple platforms cannot subclass `URLSession` (its initializer is a factory), so
        // there an invalidated session could not be told apart: each network keeps its own.
        guard let session = network.session as? ReusableSession, !session.isInvalidated else {
          return
        }
        if state.idle.count == idleLimit { state.idle.removeFirst() }
        state.idle.append(Route(session: session, protocolClass: network.protocolClass))
      #endif
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

#if canImport(FoundationNetworking)
  /// A network's session, which says whether the code under test invalidated it: such a session
  /// refuses new tasks, so no later test may take it.
  final class ReusableSession: URLSession, @unchecked Sendable {
    // @unchecked: the one stored property is an atomic flag.
    private let invalidated = _AtomicInt()

    var isInvalidated: Bool { invalidated.load() != 0 }

    override func finishTasksAndInvalidate() {
      _ = invalidated.add(1)
      super.finishTasksAndInvalidate()
    }

    override func invalidateAndCancel() {
      _ = invalidated.add(1)
      super.invalidateAndCancel()
    }
  }
#endif

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
