import SharedInstances

/// A shared instance made in the process-wide state, outside every isolated test: by the
/// launch of an app that hosts the test bundle, before any test began, or later by code that
/// no isolated test's scope reaches.
///
/// ``SharedInstances/SharedScope/launchReads`` returns one per box, in the order the boxes were
/// first read. These instances are the process's own, not a test's: an isolated test never
/// sees them (it creates its own at its first read), and they are in no test's dependency
/// record.
///
/// ```swift
/// let launch = SharedScope.launchReads.filter(\.isBeforeFirstIsolatedTest)
/// #expect(launch.map(\.sharedTypeName) == ["AppSettings", "FeedService"])
/// ```
public struct LaunchRead: Sendable, Hashable, CustomStringConvertible {
  /// The box, e.g. `Resettable<FeedService> (declared at App/FeedService.swift:3)`.
  ///
  /// ```swift
  /// #expect(read.boxDescription.hasPrefix("Resettable<FeedService>"))
  /// ```
  public let boxDescription: String
  /// The name the box was declared with, or nil for a box without one.
  ///
  /// ```swift
  /// #expect(SharedScope.launchReads.contains { $0.name == "App.settings" })
  /// ```
  public let name: String?
  /// The box's `Shared` type, e.g. `FeedService`; for a box of `any FeedServing`, `FeedServing`.
  ///
  /// ```swift
  /// #expect(read.sharedTypeName == "FeedServing")
  /// ```
  public let sharedTypeName: String
  /// How the instance got there: `"read"` when a read created it (`value`, `withValue`,
  /// `require()`), else the change that installed it, such as `"set(_:)"` or
  /// `"override(with:)"`.
  ///
  /// ```swift
  /// #expect(read.firstUse == "read")
  /// ```
  public let firstUse: String
  /// Where the instance was first made, as `#fileID` spells it: the call of a change; for a
  /// read, the box's declaration (a read carries no source location).
  ///
  /// ```swift
  /// print("\(read.fileID):\(read.line)")   // App/FeedService.swift:3
  /// ```
  public let fileID: String
  /// The line of ``fileID``.
  ///
  /// ```swift
  /// print("\(read.fileID):\(read.line)")
  /// ```
  public let line: Int
  /// Whether it was made before the process opened its first isolated scope: the launch of the
  /// app hosting the tests (or any code that ran before the first isolated test). False for one
  /// made later, outside every isolated test's scope: by a test that is not isolated, a
  /// `Thread` or `Task.detached` no test carried its scope into, or the app's own run loop.
  ///
  /// ```swift
  /// let launch = SharedScope.launchReads.filter(\.isBeforeFirstIsolatedTest)
  /// ```
  public let isBeforeFirstIsolatedTest: Bool
  /// The test that was running on that thread, when the library knew one (a test that is not
  /// isolated); nil at launch and on threads no test started.
  ///
  /// ```swift
  /// #expect(read.testName == nil)
  /// ```
  public let testName: String?

  /// The box, how and where it was first made, e.g. `Resettable<FeedService> (declared at
  /// App/FeedService.swift:3): read, process-wide, at launch`.
  ///
  /// ```swift
  /// print(SharedScope.launchReads)
  /// ```
  public var description: String {
    let when: String
    if isBeforeFirstIsolatedTest {
      when = "at launch"
    } else if let testName {
      when = "in \(testName), which is not isolated"
    } else {
      when = "outside every isolated test"
    }
    let at = firstUse == "read" ? "" : " at \(fileID):\(line)"
    return "\(boxDescription): \(firstUse)\(at), process-wide, \(when)"
  }

  init(_ entry: _ProcessWideRecord.Entry) {
    let identity = entry.identity
    boxDescription = identity.description
    name = identity.name
    sharedTypeName = "\(identity.sharedType)"
    firstUse = entry.change.map { "\($0)" } ?? "read"
    let location = entry.location ?? identity.location
    fileID = "\(location.fileID)"
    line = Int(location.line)
    isBeforeFirstIsolatedTest = entry.beforeIsolation
    testName = entry.testName
  }
}

extension SharedScope {
  /// Every shared instance made in the process-wide state outside every isolated test, in the
  /// order they were first made: what the launch of an app hosting the test bundle read before
  /// the first test began, and what code outside every isolated test's scope read since.
  ///
  /// A test bundle hosted in an app runs inside the app's process, after the app's launch code
  /// (`application(_:didFinishLaunchingWithOptions:)`, a SwiftUI `App`'s initializer) read its
  /// boxes. Those instances are the process's, not a test's: an isolated test creates its own at
  /// its first read. Use the list to see what the launch left behind, and
  /// ``SharedInstances/SharedScope/resetLaunchReads(fileID:filePath:line:column:)`` to drop it.
  ///
  /// Reading an instance that already exists adds nothing, in production or in tests: a box
  /// joins the list when its process-wide instance is made (by a read, or by `set`,
  /// `override`, `update`, `bootstrap`), once, until
  /// ``SharedInstances/SharedScope/resetLaunchReads(fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// @Test(.isolatedShared) func theLaunchReadOnlyTheSettings() {
  ///   let launch = SharedScope.launchReads.filter(\.isBeforeFirstIsolatedTest)
  ///   #expect(launch.map(\.name) == ["App.settings"])
  /// }
  /// ```
  public static var launchReads: [LaunchRead] {
    _ProcessWideRecord.all.map(LaunchRead.init)
  }

  /// Drops the process-wide instance of every box in ``SharedInstances/SharedScope/launchReads``,
  /// and empties the list.
  ///
  /// What it does to the app's state: the next read of each box outside every isolated test —
  /// the app's own code on its main thread, a test that is not isolated — creates a fresh
  /// instance with the box's factory, as at launch, and an empty box is empty again (its next
  /// `value` stops the program, as after its `reset()`). Objects that stored an instance
  /// (`let feed = FeedService.shared.value` in a view model the launch made) keep the old one.
  /// Isolated tests never saw these instances, and see no change. A bootstrap-once box the
  /// program bootstrapped is left as it is, and stays in the list: the program counts as
  /// bootstrapped and could not bootstrap it again.
  ///
  /// > Important: This changes the process-wide state, which tests that are not isolated share
  /// > with the app. Call it where no such test runs at the same time: in XCTest, which runs one
  /// > test at a time in a process, or in a serialized suite.
  ///
  /// ```swift
  /// final class LaunchStateTests: XCTestCase {
  ///   override func setUp() {
  ///     SharedScope.resetLaunchReads()   // start from the state before launch
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  /// - Returns: The boxes it reset.
  @discardableResult
  public static func resetLaunchReads(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [LaunchRead] {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return _ProcessWideRecord.resetAll(at: location).map(LaunchRead.init)
  }
}
