import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import XCTest

/// TestingInParallel.md, XCTest: a test case's scope is process-wide and captures every box.
final class SyncerSnippetXCTests: IsolatedSharedTestCase {
  typealias Metrics = Docs.Metrics
  typealias Syncer = Docs.Syncer
  typealias TrackingSpy = Docs.TrackingSpy

  /// "Code the test starts on other threads sees its overrides."
  func testSyncReportsItsProgress() {
    let spy = TrackingSpy()
    Metrics.shared.override(with: spy)
    let synced = expectation(description: "synced")
    Syncer().sync { synced.fulfill() }
    wait(for: [synced], timeout: 5)
    XCTAssertEqual(spy.calls, [.track("synced")])
  }

  /// "…for every box, also one the test has not touched yet."
  func testEveryBoxIsCaptured() {
    let fromThread = readOnThread { ObjectIdentifier(Docs.Connectivity.shared.value) }
    XCTAssertEqual(fromThread, ObjectIdentifier(Docs.Connectivity.shared.value))
  }
}
