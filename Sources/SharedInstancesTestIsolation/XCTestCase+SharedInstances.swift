import SharedInstances
import XCTest
import _SharedInstancesTestReporting

extension XCTestCase {
  /// Isolates every shared instance from here to the end of the current test, for test cases
  /// that cannot inherit from ``IsolatedSharedTestCase``. Call it from `setUp()`.
  ///
  /// The scope is process-wide (XCTest runs one test at a time): the test's own thread and code
  /// it starts on other threads see its overrides, for every box. It ends, releasing everything
  /// the test created or overrode, in a teardown block.
  ///
  /// ```swift
  /// final class LegacyTests: SomeCompanyBaseTestCase {
  ///   override func setUp() {
  ///     super.setUp()
  ///     isolateSharedInstances()
  ///     ArticleManager.shared.override(with: FakeArticleManager())
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter options: Add ``SharedIsolationOptions/strict`` to fail on reads of shared
  ///   instances the test did not override. The scope is always process-wide.
  public func isolateSharedInstances(_ options: SharedIsolationOptions = []) {
    XCTestRun.startObserving()
    let session = IsolationSession.openSynchronously(
      name: name,
      options: options.union(.processWide),
      capturesEveryBox: true,
      testModule: SharedTestDefaults.module(of: self)
    )
    addTeardownBlock { session.end() }
  }

  /// Overrides a shared instance until the end of the current test, then puts back what was
  /// there before.
  ///
  /// Works with or without isolation: inside an isolated test it changes the test's scope;
  /// otherwise it changes the process-wide instance and restores it in a teardown block.
  ///
  /// ```swift
  /// func testShowsOfflineBanner() {
  ///   overrideShared(ArticleManager.shared, with: OfflineArticleManager())
  ///   XCTAssertTrue(ArticleListModel().isOffline)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - box: The shared instance to override.
  ///   - replacement: The instance reads return until the test ends.
  ///   - file: The caller's location, for misuse reports. Leave the default.
  ///   - line: The caller's location. Leave the default.
  public func overrideShared<Shared>(
    _ box: Resettable<Shared>,
    with replacement: Shared,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let restore = box._beginOverride(
      replacement,
      location: _SourceLocation(fileID: file, filePath: file, line: line, column: 1)
    )
    let restoreOnce = RestoreOnce(restore)
    addTeardownBlock { restoreOnce.run() }
  }
}

/// Lets a teardown block (which XCTest may require to be `@Sendable`) run a restore function.
private final class RestoreOnce: @unchecked Sendable {
  // @unchecked: `restore` is called once, by XCTest's teardown, on the test's thread.
  private let restore: () -> Void
  init(_ restore: @escaping () -> Void) { self.restore = restore }
  func run() { restore() }
}
