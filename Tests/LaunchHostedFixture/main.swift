// An app that hosts its test bundle, as XCTest runs one on Apple platforms: the app's launch code
// reads boxes before any test begins, and the tests then run in the same process. Linux has no
// host app, so this program is both: its launch code, then XCTest (`xctest`) or Swift Testing
// (any other arguments, which Swift Testing reads: `--no-parallel`). Each test checks what the
// launch left (`SharedScope.launchReads`) and that resetting it gives the app a fresh state.
import Foundation
import SharedInstancesTesting
import Synchronization
import Testing
import XCTest

final class Feed: Sendable {
  static let made = Mutex(0)
  let number: Int
  init() {
    number = Self.made.withLock {
      $0 += 1; return $0
    }
  }
}

enum HostApp {
  static let settings = Resettable<String>(name: "HostApp.settings") { "launch settings" }
  static let feed = Resettable<Feed>(name: "HostApp.feed") { Feed() }
  static let currentUser = Resettable<String>.empty(name: "HostApp.currentUser")
  static let unreadAtLaunch = Resettable<String>(name: "HostApp.unreadAtLaunch") { "real" }
}

/// The launch boxes as the tests expect them, before any reset.
let launchNames = ["HostApp.settings", "HostApp.feed", "HostApp.currentUser"]

/// The app's launch (`application(_:didFinishLaunchingWithOptions:)`): it reads two boxes and
/// signs the user in, before any test begins.
func launchTheApp() {
  _ = HostApp.settings.value
  _ = HostApp.feed.value.number
  HostApp.currentUser.set("signed in at launch")
}

/// The launch boxes still in the record.
func launchReadsOfTheApp() -> [LaunchRead] {
  SharedScope.launchReads.filter { $0.name.map(launchNames.contains) == true }
}

launchTheApp()

// MARK: - Swift Testing

/// Isolated tests, run in parallel with each other and with the reset: none of them sees the
/// launch's instances, before or after the reset.
@Suite struct IsolatedHostedTests {
  @Test(.isolatedShared, arguments: 0..<8) func anIsolatedTestMakesItsOwnInstances(index: Int) {
    #expect(HostApp.currentUser.currentValue == nil)
    HostApp.currentUser.set("test \(index)")
    #expect(HostApp.currentUser.value == "test \(index)")
    #expect(HostApp.settings.value == "launch settings")
    let touched = SharedScope.current.touchedInstances.compactMap(\.name)
    #expect(touched == ["HostApp.currentUser", "HostApp.settings"])
  }
}

/// Not isolated: it reads the process-wide state, as the app does.
@Suite(.serialized) struct LaunchStateTests {
  @Test func theLaunchsReadsAreListedAndAResetGivesTheAppAFreshState() throws {
    let launch = launchReadsOfTheApp()
    #expect(launch.map(\.name) == launchNames)
    #expect(launch.map(\.firstUse) == ["read", "read", "set(_:)"])
    #expect(launch.map(\.isBeforeFirstIsolatedTest) == [true, true, true])
    #expect(launch.map(\.testName) == [nil, nil, nil])
    let set = try #require(launch.last)
    #expect(set.fileID == "shared_instances_hosted_fixture/main.swift")
    #expect(set.description.hasSuffix("process-wide, at launch"))
    #expect(!SharedScope.launchReads.contains { $0.name == "HostApp.unreadAtLaunch" })
    #expect(HostApp.feed.value.number == 1)

    let reset = SharedScope.resetLaunchReads()
    #expect(reset.compactMap(\.name).filter(launchNames.contains) == launchNames)
    #expect(launchReadsOfTheApp().isEmpty)
    #expect(HostApp.currentUser.currentValue == nil)
    #expect(HostApp.feed.value.number == 2)  // a fresh instance, as at launch
    #expect(launchReadsOfTheApp().map(\.name) == ["HostApp.feed"])  // read again since
  }
}

// MARK: - XCTest

/// One test at a time, in order: the launch is listed, an isolated test does not see it, a
/// reset clears it.
final class HostedXCTests: XCTestCase {
  func test1TheLaunchsReadsAreListed() {
    let launch = launchReadsOfTheApp()
    XCTAssertEqual(launch.map(\.name), launchNames)
    XCTAssertEqual(launch.map(\.firstUse), ["read", "read", "set(_:)"])
    XCTAssertTrue(launch.allSatisfy(\.isBeforeFirstIsolatedTest))
  }

  func test3AResetGivesTheAppAFreshState() {
    XCTAssertEqual(HostApp.currentUser.currentValue, "signed in at launch")
    XCTAssertEqual(HostApp.feed.value.number, 1)
    SharedScope.resetLaunchReads()
    XCTAssertEqual(launchReadsOfTheApp().map(\.name), [])
    XCTAssertNil(HostApp.currentUser.currentValue)
    XCTAssertEqual(HostApp.feed.value.number, 3)  // after the launch's and test 2's own
    let again = launchReadsOfTheApp()
    XCTAssertEqual(again.map(\.name), ["HostApp.feed"])
    XCTAssertEqual(again.first?.isBeforeFirstIsolatedTest, false)
    XCTAssertEqual(again.first?.testName, name)
  }
}

final class IsolatedHostedXCTests: IsolatedSharedTestCase {
  func test2AnIsolatedTestMakesItsOwnInstances() {
    XCTAssertNil(HostApp.currentUser.currentValue)
    XCTAssertEqual(HostApp.feed.value.number, 2)  // its own, the second ever made
    XCTAssertEqual(launchReadsOfTheApp().map(\.name), launchNames)  // still there
  }
}

if CommandLine.arguments.dropFirst().first == "xctest" {
  let plain: [(String, (HostedXCTests) -> () throws -> Void)] = [
    ("test1TheLaunchsReadsAreListed", { $0.test1TheLaunchsReadsAreListed }),
    ("test3AResetGivesTheAppAFreshState", { $0.test3AResetGivesTheAppAFreshState }),
  ]
  let isolated: [(String, (IsolatedHostedXCTests) -> () throws -> Void)] = [
    ("test2AnIsolatedTestMakesItsOwnInstances", { $0.test2AnIsolatedTestMakesItsOwnInstances })
  ]
  XCTMain(
    [testCase([plain[0]]), testCase(isolated), testCase([plain[1]])],
    arguments: [CommandLine.arguments[0]]
  )
} else {
  exit(await Testing.__swiftPMEntryPoint(passing: nil) as CInt)
}
