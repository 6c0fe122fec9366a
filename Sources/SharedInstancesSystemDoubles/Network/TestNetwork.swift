import Foundation
import SharedInstances
import SharedInstancesSystem
import Testing
import _SharedInstancesIsolation
import _SharedInstancesTestReporting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A network of a test's own: a `URLSession` that answers only from the stubs the test declares,
/// and records every request it receives.
///
/// An isolated test that does not override `SystemBoxes.urlSession` gets one
/// already: find it with ``SharedInstances/Resettable/testNetwork(fileID:filePath:line:column:)``.
/// Each test has its own stubs and its own record, so tests running in parallel may stub the
/// same URL with different answers.
///
/// ```swift
/// @Test(.isolatedShared) func showsTheFeed() async throws {
///   let network = SystemBoxes.urlSession.testNetwork()
///   network.stub(.get("https://api.example.com/feed"), try .json(Feed(items: [.sample])))
///
///   let feed = try await FeedClient().refresh()
///
///   #expect(feed.items == [.sample])
///   #expect(network.requests.map(\.description) == ["GET https://api.example.com/feed"])
/// }
/// ```
///
/// Stubs are tried newest first, so a test can replace a stub its suite declared. A stub with
/// several responses answers them in order, then repeats the last one. A request no stub
/// answers fails with ``UnansweredRequestError`` and fails the test, naming the request and
/// every stub it was tried against; no request ever reaches the network.
///
/// The session is a plain `URLSession` whose only protocol class answers from the stubs:
/// `data(for:)`, completion handlers and upload tasks go through the real URL loading
/// machinery. Download tasks too on Apple platforms; FoundationNetworking (Linux) gives a
/// download served by a `URLProtocol` no file, so there a download task fails with a
/// `URLError` and fails the test, saying so.
public final class TestNetwork: Sendable {
  /// The session to hand to the code under test.
  ///
  /// ```swift
  /// let client = FeedClient(session: network.session)
  /// ```
  public let session: URLSession
  let protocolClass: URLProtocol.Type
  /// Where the network was created: the test's code, or, for a test's default network, the
  /// library (never shown: ``failureLocation`` points at the test instead).
  private let location: _SourceLocation
  /// Whether the library created it as a test's default network.
  private let isTestDefault: Bool
  /// The Swift Testing test it was created in, where failures without a line of the test's own
  /// point.
  private let test: SourceLocation?
  /// The test the network belongs to, for messages about requests that arrive after it.
  let testName: String?
  private let state = Protected(State())

  private struct Stub {
    let matcher: RequestMatcher
    let responses: [StubResponse]
    /// An `AnyClock<Duration>` (macOS 13 / iOS 16) where a response is delayed.
    let clock: (any Sendable)?
    let location: _SourceLocation
    var answered = 0
  }

  private struct State {
    var stubs: [Stub] = []
    var requests: [RecordedRequest] = []
    /// Where the test first asked for its default network (`testNetwork()`).
    var askedAt: _SourceLocation?
    /// Failures not yet reported (Swift Testing: at the end of the test): requests no stub
    /// answered, downloads FoundationNetworking cannot serve.
    var unreported: [String] = []
  }

  /// Creates a network with no stubs.
  ///
  /// Created in an isolated test, it stops answering when the test ends, and the test fails for
  /// every request no stub answered.
  ///
  /// ```swift
  /// let network = TestNetwork()
  /// SystemBoxes.urlSession.override(with: network)
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where the network is created, for failures. Leave the default.
  ///   - filePath: Where the network is created. Leave the default.
  ///   - line: Where the network is created. Leave the default.
  ///   - column: Where the network is created. Leave the default.
  public convenience init(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      isTestDefault: false
    )
  }

  /// A test's default network, created by the library on the test's first read of the box.
  package static func testDefault() -> TestNetwork {
    TestNetwork(
      at: _SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column),
      isTestDefault: true
    )
  }

  private init(at location: _SourceLocation, isTestDefault: Bool) {
    self.location = location
    self.isTestDefault = isTestDefault
    test = Test.current?.sourceLocation
    let route = StubRoutes.takeRoute()
    protocolClass = route.protocolClass
    session = route.session
    let scope = ScopeTeardowns.currentScope
    testName = scope?.name
    StubRoutes.add(self, protocolClass: protocolClass, session: session)
    if let scope {
      ScopeTeardowns.add(in: scope) { [self] _ in end() }
    }
  }

  /// Declares that requests `matcher` matches get `responses`, in order; the last one answers
  /// every later request.
  ///
  /// ```swift
  /// network.stub(.get(feedURL), .status(503), try .json(feed))   // fails once, then succeeds
  /// ```
  ///
  /// A delayed response waits on the clock `SystemBoxes.continuousClock` holds
  /// now (a `TestClock` the test advances).
  ///
  /// - Parameters:
  ///   - matcher: Which requests the stub answers.
  ///   - responses: The answers, in order. At least one.
  ///   - fileID: The caller's location, for failures. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  public func stub(
    _ matcher: RequestMatcher,
    _ responses: StubResponse...,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !responses.isEmpty else {
      TestFailure.fail(
        "TestNetwork.stub(\(matcher)) has no response: pass at least one StubResponse.",
        at: location
      )
      return
    }
    // Read now, in the test's task, where the test's clock is visible.
    var clock: (any Sendable)?
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *),
      responses.contains(where: { $0.delay != nil })
    {
      clock = SystemBoxes.continuousClock.value
    }
    let stub = Stub(matcher: matcher, responses: responses, clock: clock, location: location)
    state.withLock { $0.stubs.append(stub) }
  }

  /// The requests the network received, in order.
  ///
  /// ```swift
  /// #expect(network.requests.map(\.description) == ["GET https://api.example.com/feed"])
  /// ```
  public var requests: [RecordedRequest] { state.withLock { $0.requests } }

  /// Forgets the requests received so far; the stubs stay.
  ///
  /// ```swift
  /// network.resetRequests()
  /// #expect(network.requests.isEmpty)
  /// ```
  public func resetRequests() { state.withLock { $0.requests = [] } }

  // MARK: - Answering

  enum Answer {
    case stub(StubResponse, clock: (any Sendable)?)
    case unanswered(UnansweredRequestError)
  }

  /// Records `request` and finds its answer (called by the network's `URLProtocol`).
  func answer(_ request: RecordedRequest) -> Answer {
    // The matchers are the test's code: run with no lock held.
    let stubs = state.withLock { state in
      state.requests.append(request)
      return state.stubs
    }
    guard let index = stubs.indices.reversed().first(where: { stubs[$0].matcher.matches(request) })
    else {
      let error = UnansweredRequestError(
        request: request,
        stubs: stubs.reversed().map {
          "\($0.matcher) (declared at \($0.location.fileID):\($0.location.line))"
        },
        testName: testName
      )
      report(error.description)
      return .unanswered(error)
    }
    let (response, clock) = state.withLock { state in
      let stub = state.stubs[index]
      state.stubs[index].answered += 1
      return (stub.responses[min(stub.answered, stub.responses.count - 1)], stub.clock)
    }
    return .stub(response, clock: clock)
  }

  /// Records `request`, a download task, and fails it: FoundationNetworking gives a download
  /// answered by a `URLProtocol` no file (and its `download(for:)` traps on the missing file).
  func refuseDownload(_ request: RecordedRequest) -> any Error {
    state.withLock { $0.requests.append(request) }
    let message = """
      TestNetwork cannot answer the download task \(request) on this platform: \
      FoundationNetworking gives a download served by a URLProtocol no file. Fetch it with \
      data(for:) in the code under test, or test the download on an Apple platform.
      """
    report(message)
    return URLError(.unsupportedURL, userInfo: [NSLocalizedDescriptionKey: message])
  }

  /// Fails the test with `message`: at once under XCTest (which takes failures from any thread
  /// while its test runs); in Swift Testing, when the test's scope ends, in the test.
  private func report(_ message: String) {
    if ScopeTeardowns.reportsFromAnyThread {
      fail(message)
    } else {
      state.withLock { $0.unreported.append(message) }
    }
  }

  /// Where failures point: a line of the test's own.
  enum FailureLocation: Sendable {
    /// The test's newest stub, where it asked for its network, or where it created it.
    case code(_SourceLocation)
    /// The Swift Testing test, for a default network the test never named.
    case test(SourceLocation)
    /// Where the library created a default network (XCTest, which does not say where its
    /// test is, when the test never named its network).
    case library(_SourceLocation)
  }

  /// Where this network's failures point.
  var failureLocation: FailureLocation {
    let (stub, asked) = state.withLock { ($0.stubs.last?.location, $0.askedAt) }
    if let code = stub ?? asked ?? (isTestDefault ? nil : location) { return .code(code) }
    if let test { return .test(test) }
    return .library(location)
  }

  /// Fails the test (or, after it ended, the run) with `message`, at ``failureLocation``.
  private func fail(_ message: String) {
    Self.fail(message, at: failureLocation)
  }

  static func fail(_ message: String, at location: FailureLocation) {
    switch location {
    case .code(let location), .library(let location):
      TestFailure.fail(message, at: location)
    case .test(let test):
      TestFailure.fail(message, atTest: test)
    }
  }

  /// The test asked for this network at `location`: failures without a stub point there.
  func noteAsked(at location: _SourceLocation) {
    state.withLock { state in
      if state.askedAt == nil { state.askedAt = location }
    }
  }

  func reportUnreadableFile(_ url: URL, error: any Error) {
    fail("TestNetwork: the file of a stub cannot be read: \(url.path) (\(error))")
  }

  /// The test ends: report what no stub answered, and stop answering.
  private func end() {
    let unreported = state.withLock { state in
      defer { state.unreported = [] }
      return state.unreported
    }
    for message in unreported { fail(message) }
    StubRoutes.remove(self, endedAt: failureLocation)
  }

  /// A request to a network whose test ended: fails the run (no test is running it), naming
  /// the test and pointing at its line.
  static func requestAfterTheEnd(
    _ request: RecordedRequest,
    of ended: StubRoutes.Ended?
  ) -> any Error {
    let test = ended?.testName.map { "the test \($0)" } ?? "the test that stubbed this session"
    let message = """
      TestNetwork: \(request) was sent after \(test) ended: await the work that sends it before \
      the test returns.
      """
    fail(
      message,
      at: ended?.location
        ?? .library(
          _SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        )
    )
    return URLError(
      .cancelled,
      userInfo: [NSLocalizedDescriptionKey: message, ReportedFailures.userInfoKey: true]
    )
  }
}

extension Resettable where Shared == URLSession {
  /// Replaces the session with `network`'s until the next override or reset.
  ///
  /// ```swift
  /// let network = TestNetwork()
  /// SystemBoxes.urlSession.override(with: network)
  /// ```
  ///
  /// - Parameters:
  ///   - network: The network whose session every read returns from now on.
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  public func override(
    with network: TestNetwork,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    override(with: network.session, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The ``TestNetwork`` behind the session this box holds here: in an isolated test that did
  /// not override the box, the test's own.
  ///
  /// ```swift
  /// @Test(.isolatedShared) func retriesOnce() async throws {
  ///   let network = SystemBoxes.urlSession.testNetwork()
  ///   network.stub(.get(feedURL), .status(503), try .json(feed))
  ///   _ = try await FeedClient().refresh()
  ///   #expect(network.requests.count == 2)
  /// }
  /// ```
  ///
  /// When the box holds a real session (outside every isolated test, or one a test set), the
  /// test fails, naming the box, and the box is overridden with a new network, returned.
  ///
  /// - Parameters:
  ///   - fileID: The caller's location. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  /// - Returns: The network.
  public func testNetwork(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> TestNetwork {
    if let network = StubRoutes.network(for: value) {
      network.noteAsked(
        at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
      )
      return network
    }
    TestFailure.fail(
      """
      \(self) holds a real URLSession, not a TestNetwork's: read it in an isolated test \
      (@Test(.isolatedShared)), or override it with a TestNetwork.
      """,
      at: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    let network = TestNetwork(fileID: fileID, filePath: filePath, line: line, column: column)
    override(with: network, fileID: fileID, filePath: filePath, line: line, column: column)
    return network
  }
}
