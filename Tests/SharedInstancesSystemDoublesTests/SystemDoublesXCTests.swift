import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The system doubles under XCTest: each test method its own user defaults, notification
/// center, folders and network, cleaned up when it ends.
final class SystemDoublesXCTests: IsolatedSharedTestCase {
  /// What the first test method left, checked by the second when it runs after it.
  private static let previous = Locked<(suite: String?, folder: URL?)>((nil, nil))

  func testAFirstMethodWritesItsOwnDefaultsAndFiles() throws {
    let store = SystemBoxes.userDefaults.value
    XCTAssertNil(store.defaults.object(forKey: "SystemDoublesXCTests.key"))
    store.defaults.set(1, forKey: "SystemDoublesXCTests.key")
    let folder = SystemBoxes.directories.value.documents
    try Data("x".utf8).write(to: folder.appendingPathComponent("file.txt"))
    Self.previous.set((store.suiteName, folder))
  }

  func testASecondMethodFindsNothingTheFirstLeft() throws {
    XCTAssertNil(SystemBoxes.userDefaults.value.defaults.object(forKey: "SystemDoublesXCTests.key"))
    let previous = Self.previous.get()
    if let suite = previous.suite {
      XCTAssertNotEqual(SystemBoxes.userDefaults.value.suiteName, suite)
      let reopened = try XCTUnwrap(UserDefaults(suiteName: suite))
      XCTAssertNil(reopened.object(forKey: "SystemDoublesXCTests.key"))
    }
    if let folder = previous.folder {
      XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path))
    }
  }

  func testAStubbedRequestWithACompletionHandler() throws {
    let network = SystemBoxes.urlSession.testNetwork()
    let url = URL(string: "https://api.example.com/feed")!
    network.stub(.get(url.absoluteString), .text("feed"))
    let answered = expectation(description: "answered")
    let text = Locked<String?>(nil)
    SystemBoxes.urlSession.value.dataTask(with: url) { data, _, _ in
      text.set(data.map { String(decoding: $0, as: UTF8.self) })
      answered.fulfill()
    }.resume()
    wait(for: [answered], timeout: 10)
    XCTAssertEqual(text.get(), "feed")
    XCTAssertEqual(network.requests.map(\.description), ["GET \(url.absoluteString)"])
  }

  func testPostsAreRecorded() {
    let name = Notification.Name("SystemDoublesXCTests.ping")
    SystemBoxes.notificationCenter.value.post(name: name, object: nil)
    XCTAssertEqual(SystemBoxes.notificationCenter.postedNotifications().map(\.name), [name])
  }
}

/// A clock box overridden in an XCTest test method, then put back when it ends.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class ClockBoxXCTests: IsolatedSharedTestCase {
  func testOverrideSharedTakesAClockBox() {
    let clock = TestClock()
    overrideShared(SystemBoxes.continuousClock, with: AnyClock(clock))
    XCTAssertTrue(SystemBoxes.continuousClock.isOverridden)
    XCTAssertEqual(SystemBoxes.continuousClock.value.now, clock.now)
  }
}
