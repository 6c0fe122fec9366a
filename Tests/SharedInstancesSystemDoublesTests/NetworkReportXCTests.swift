import Foundation
import SharedInstances
import SharedInstancesSystem
import SharedInstancesTesting
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where the network's failures land in XCTest: at a line of the test's own, never in the
/// library. XCTest does not say where its test is, so a test's default network points where the
/// test asked for it (`testNetwork()`) when no stub of the test is newer.
///
/// The network's failures are captured here (not passed on), and checked by each test.
final class NetworkReportXCTests: IsolatedSharedTestCase {
  private let failures = Locked<[(description: String, file: String, line: Int)]>([])

  override func recordFailure(
    withDescription description: String,
    inFile filePath: String,
    atLine lineNumber: Int,
    expected: Bool
  ) {
    guard description.contains("TestNetwork") || description.contains("No stub of") else {
      super.recordFailure(
        withDescription: description,
        inFile: filePath,
        atLine: lineNumber,
        expected: expected
      )
      return
    }
    failures.mutate { $0.append((description, filePath, lineNumber)) }
  }

  private func load(_ url: URL, from session: URLSession) {
    let done = expectation(description: "answered")
    session.dataTask(with: url) { _, _, _ in done.fulfill() }.resume()
    wait(for: [done], timeout: 10)
  }

  /// Before the fix, the failure pointed at SystemTestDefaults.swift:15, in the library.
  func testAnUnansweredRequestPointsWhereTheTestAskedForItsNetwork() {
    _ = SystemBoxes.urlSession.testNetwork()
    let line = #line - 1
    load(URL(string: "https://api.example.com/unstubbed")!, from: SystemBoxes.urlSession.value)
    let failures = failures.get()
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertEqual(failures.first?.file, "\(#filePath)")
    XCTAssertEqual(failures.first?.line, line)
  }

  /// Before the fix, the failure pointed at TestNetwork.swift:252 and did not name the test.
  func testARequestAfterItsTestEndedNamesThatTestAndItsLine() {
    let (session, line): (URLSession, Int) = withIsolatedShared(name: "the inner test") {
      _ = SystemBoxes.urlSession.testNetwork()
      return (SystemBoxes.urlSession.value, #line - 1)
    }
    load(URL(string: "https://api.example.com/late")!, from: session)
    let failures = failures.get()
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(
      failures.first?.description.contains("was sent after the test the inner test ended") == true,
      "\(failures)"
    )
    XCTAssertEqual(failures.first?.file, "\(#filePath)")
    XCTAssertEqual(failures.first?.line, line)
  }
}
