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
/// `URLSession.shared` itself cannot be isolated per test; install the guard, and such a request
/// fails instead of being sent, and fails a test: in Swift Testing the test whose task made the
/// request, at that test, once per request, even when the code swallows the error; in XCTest the
/// running test; from a thread outside every test's tasks, the test run.
///
/// ```swift
/// // Tests/AppTests/TestDefaults.swift: read when the first isolated test starts.
/// enum SharedTestDefaults: SharedTestDefaultsProviding {
///   static var defaults: [SharedTestDefault] {
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
    /// Requests already reported as failures of the test whose task made them, per URL: the
    /// guard's `URLProtocol` loads them on another thread, where it must not report them again
    /// as failures of the run.
    var reportedInTest: [String: Int] = [:]
  }

  static let state = Protected(State())

  /// The message of a stopped request; `testName` is the test that made it, where known.
  static func message(_ request: RecordedRequest, testName: String?) -> String {
    """
    RealNetworkGuard stopped \(request), a request to the real network\
    \(testName.map { " made by \($0)" } ?? ""). Make it through SystemBoxes.urlSession, which \
    isolated tests answer from their stubs (TestNetwork), instead of URLSession.shared or a \
    session of the code's own. Code that already reads SystemBoxes.urlSession made it outside \
    the test's tasks (Task.detached, a DispatchQueue block, a Thread), where the box holds \
    URLSession.shared: carry the test's scope there with SharedScope.current.
    """
  }
}

/// The `URLProtocol` the guard registers: takes every HTTP(S) request and fails it.
///
/// `package` so that the tests can hand it to a session of their own: registered with
/// `URLProtocol`, it would guard every later session of the test process.
package final class RealNetworkGuardProtocol: URLProtocol {
  override package class func canInit(with request: URLRequest) -> Bool {
    guard let url = request.url, let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else { return false }
    // Called where the request is made: in a Swift Testing test, the one place its task, and so
    // the test, is known. The failure is recorded there, on that test, for this request.
    if let test = Test.current {
      let message = RealNetworkGuard.message(RecordedRequest(request), testName: test.name)
      RealNetworkGuard.state.withLock { $0.reportedInTest[url.absoluteString, default: 0] += 1 }
      TestingProcess.markSwiftTesting()
      Issue.record(Comment(rawValue: message), sourceLocation: test.sourceLocation)
    }
    return true
  }

  override package class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override package func startLoading() {
    let recorded = RecordedRequest(request)
    let (location, reported) = RealNetworkGuard.state.withLock { state in
      let key = recorded.url.absoluteString
      guard let count = state.reportedInTest[key] else { return (state.location, false) }
      state.reportedInTest[key] = count > 1 ? count - 1 : nil
      return (state.location, true)
    }
    let message = RealNetworkGuard.message(recorded, testName: XCTestRun.currentName)
    if !reported {
      // An XCTest test (one at a time: the running one made it), or code outside every test's
      // tasks, which fails the run.
      TestFailure.fail(
        message,
        at: location
          ?? _SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
      )
    }
    let error = URLError(
      .notConnectedToInternet,
      userInfo: [NSLocalizedDescriptionKey: message, ReportedFailures.userInfoKey: true]
    )
    client?.urlProtocol(self, didFailWithError: error)
  }

  override package func stopLoading() {}
}
