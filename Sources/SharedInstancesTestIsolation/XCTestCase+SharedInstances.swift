import SharedInstances
import XCTest
import _SharedInstancesTestReporting

extension XCTestCase {
  /// Isolates every shared instance from here to the end of the current test.
  ///
  /// Deprecated: isolate an XCTest test case by inheriting from ``IsolatedSharedTestCase``. A
  /// test case with a base class of its own makes that base class inherit from it (the class is
  /// `open`); ``IsolatedSharedTestCase/sharedIsolationOptions`` takes the options. The base class
  /// isolates `setUp`, the test and `tearDown` together, also when a subclass forgets to call
  /// `super.setUp()`.
  ///
  /// ```swift
  /// class CompanyBaseTestCase: IsolatedSharedTestCase {}   // was: XCTestCase
  ///
  /// final class CheckoutTests: CompanyBaseTestCase {
  ///   func testShowsTheTitles() {
  ///     ArticleManager.shared.override(with: FakeArticleManager())
  ///     XCTAssertEqual(ArticleListModel().titles, ["Fake"])
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter options: Add ``SharedIsolationOptions/strict`` to fail on reads of shared
  ///   instances the test did not override. The scope is always process-wide.
  @available(
    *,
    deprecated,
    message: "inherit from IsolatedSharedTestCase (or make your base class inherit from it)"
  )
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
  /// `box` is a `Resettable` or a value that stands for one, such as a clock box:
  /// `overrideShared(SystemBoxes.continuousClock, with: AnyClock(ImmediateClock()))`.
  ///
  /// - Parameters:
  ///   - box: The shared instance to override.
  ///   - replacement: The instance reads return until the test ends.
  ///   - file: The caller's location, for misuse reports. Leave the default.
  ///   - line: The caller's location. Leave the default.
  public func overrideShared<Box: ResettableConvertible>(
    _ box: Box,
    with replacement: Box.Shared,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let restore = box.resettable._beginOverride(
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
