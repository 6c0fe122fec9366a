import SharedInstances
import SharedInstancesDependencyMap
import SharedInstancesSpies
import SharedInstancesSystemDoubles
import XCTest
import _SharedInstancesTestReporting

/// An XCTest base class that gives every test method its own shared instances.
///
/// Each test method, sync or `async`, runs in a fresh isolated scope, with `setUp`, `tearDown`
/// and teardown blocks inside it: overrides made anywhere in the test vanish when it ends, and
/// instances it reads are created fresh for it. The isolation wraps `invokeTest()`, so it holds
/// even when a subclass overrides `setUp()` without calling `super`.
///
/// XCTest runs one test at a time in a process, so the default options include
/// ``SharedIsolationOptions/processWide``, for every box: code the test starts on other threads
/// (GCD, `Thread`, `NotificationCenter`) sees the test's overrides too.
///
/// ```swift
/// final class ArticleListTests: IsolatedSharedTestCase {
///   override func setUp() {
///     super.setUp()
///     ArticleManager.shared.override(with: FakeArticleManager())
///   }
///
///   func testShowsTitles() {
///     XCTAssertEqual(ArticleListModel().titles, ["Fake"])
///   }
/// }
/// ```
open class IsolatedSharedTestCase: XCTestCase {
  /// The options each test method runs with: ``SharedIsolationOptions/processWide`` unless a
  /// subclass says otherwise.
  ///
  /// ```swift
  /// final class StrictTests: IsolatedSharedTestCase {
  ///   override var sharedIsolationOptions: SharedIsolationOptions { [.processWide, .strict] }
  /// }
  /// ```
  open var sharedIsolationOptions: SharedIsolationOptions { [.processWide] }

  /// Whether each test method's shared instances are checked against a committed record
  /// (nil, the default: not recorded). See ``DependencyRecording``.
  ///
  /// ```swift
  /// final class ProfileTests: IsolatedSharedTestCase {
  ///   override var dependencyRecording: DependencyRecording? { DependencyRecording() }
  /// }
  /// ```
  open var dependencyRecording: DependencyRecording? { nil }

  /// Runs the test method inside a fresh isolated scope.
  ///
  /// XCTest calls this; override it only to wrap more around the test, calling `super`.
  ///
  /// ```swift
  /// override func invokeTest() {
  ///   Logging.withCapture { super.invokeTest() }
  /// }
  /// ```
  #if canImport(ObjectiveC)
    /// Drops the failure of an error the test threw when it is, or wraps, a spy's
    /// ``UnstubbedCallError``: the spy already failed the test for that call.
    ///
    /// XCTest calls this; you do not.
    ///
    /// ```swift
    /// // The app wraps what its dependency throws; the test fails once, at the spy's call.
    /// func testCheckout() throws { try CheckoutService().checkOut() }
    /// ```
    open override func record(_ issue: XCTIssue) {
      if issue.type == .thrownError, let error = issue.associatedError,
        ReportedFailures.contain(error)
      {
        return
      }
      super.record(issue)
    }
  #else
    /// Makes a test case that runs `testClosure`, and drops an error it throws when that error
    /// is, or wraps, a spy's ``UnstubbedCallError``: the spy already failed the test for that
    /// call, so the test fails once, however the code under test wrapped the error.
    ///
    /// XCTest calls this for each test method; you do not.
    ///
    /// ```swift
    /// // The app wraps what its dependency throws; the test fails once, at the spy's call.
    /// func testCheckout() throws { try CheckoutService().checkOut() }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The test's name.
    ///   - testClosure: Runs the test method.
    public required init(name: String, testClosure: @escaping XCTestCaseClosure) {
      super.init(name: name) { testCase in
        do {
          try testClosure(testCase)
        } catch  where ReportedFailures.contain(error) {
          // Already a failure of this test.
        }
      }
    }
  #endif

  open override func invokeTest() {
    XCTestRun.startObserving()
    XCTestRun.willStart(named: name)
    defer { XCTestRun.didFinish() }
    // XCTest runs one test at a time in a process: a process-wide scope may capture every box.
    // Whether the test failed, for the system doubles' clean-up at the end of its scope.
    let outcome = TestOutcome()
    DependencyTracking.recordingXCTest(name: name, recording: dependencyRecording) {
      TestOutcome.$current.withValue(outcome) {
        runIsolated(
          sharedIsolationOptions,
          name: name,
          capturesEveryBox: true,
          testModule: SharedTestDefaults.module(of: self)
        ) {
          super.invokeTest()
          if let testRun, testRun.totalFailureCount > 0 { outcome.markFailed() }
        }
      }
    }
  }
}
