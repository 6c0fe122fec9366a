import Foundation
import SharedInstances
import Testing
import _SharedInstancesTestReporting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fails every request that would reach the real network through a session the test cannot
/// isolate: `URLSession.shared` used directly, or a session the code under test creates.
///
/// Requests made through `SystemBoxes.urlSession` in an isolated test never
/// reach the network: the test's ``TestNetwork`` answers them. Code that calls
/// `URLSession.shared` itself cannot be isolated per test; install the guard, and a test run
/// fails such a request instead of sending it, naming the test where it can be known (the test
/// whose task made the request; an XCTest test).
///
/// ```swift
/// // Tests/AppTests/TestDefaults.swift: read when the first isolated test starts.
/// extension SharedTestDefaults: SharedTestDefaultsProviding {
///   public static var defaults: [SharedTestDefault] {
///     RealNetworkGuard.install()
///     return []
///   }
/// }
/// ```
///
/// > Important: Install it before the process creates its first `URLSession` of any kind. On
/// > Linux (FoundationNetworking), `URLSession.shared` takes the registered protocol classes
/// > when it is first used, and the first session of any kind puts the built-in HTTP handler in
/// > front of classes registered after it: installed late, the guard sees nothing. Sessions
/// > whose configuration lists its own `protocolClasses` (a ``TestNetwork``'s) are not guarded.
public enum RealNetworkGuard {
  /// Registers the guard with `URLProtocol`, once per process; later calls do nothing.
  ///
  /// ```swift
  /// RealNetworkGuard.install()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: Where failures point when the test is not known. Leave the default.
  ///   - filePath: Where failures point. Leave the default.
  ///   - line: Where failures point. Leave the default.
  ///   - column: Where failures point. Leave the default.
  public static func install(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let first = state.withLock { state in
      guard state.location == nil else { return false }
      state.location = location
      return true
    }
    if first { _ = URLProtocol.registerClass(RealNetworkGuardProtocol.self) }
  }

  /// Whether ``install(fileID:filePath:line:column:)`` was called in this process.
  ///
  /// ```swift
  /// #expect(RealNetworkGuard.isInstalled)
  /// ```
  public static var isInstalled: Bool { state.withLock { $0.location != nil } }

  struct State {
    var location: _SourceLocation?
    /// The test that asked for each URL, seen where the request was made.
    var testNames: [String: String] = [:]
  }

  static let state = Protected(State())
}

/// The `URLProtocol` the guard registers: takes every HTTP(S) request and fails it.
final class RealNetworkGuardProtocol: URLProtocol {
  override class func canInit(with request: URLRequest) -> Bool {
    guard let url = request.url, let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else { return false }
    // Called where the request is made: the one place the test is known in Swift Testing.
    if let name = Test.current?.name ?? XCTestRun.currentName {
      RealNetworkGuard.state.withLock { $0.testNames[url.absoluteString] = name }
    }
    return true
  }

  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    let recorded = RecordedRequest(request)
    let (location, testName) = RealNetworkGuard.state.withLock { state in
      (state.location, state.testNames.removeValue(forKey: recorded.url.absoluteString))
    }
    let message = """
      RealNetworkGuard stopped \(recorded), a request to the real network\
      \(testName.map { " made by \($0)" } ?? ""). Make it through SystemBoxes.urlSession, which \
      isolated tests answer from their stubs (TestNetwork), instead of URLSession.shared or a \
      session of the code's own.
      """
    TestFailure.fail(
      message,
      at: location
        ?? _SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    )
    client?.urlProtocol(
      self,
      didFailWithError: URLError(
        .notConnectedToInternet,
        userInfo: [NSLocalizedDescriptionKey: message]
      )
    )
  }

  override func stopLoading() {}
}
