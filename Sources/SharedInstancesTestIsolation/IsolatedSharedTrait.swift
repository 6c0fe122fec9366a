// `SharedInstancesTestIsolation`: depends on the core, the isolation layer and every other test-
// support module, which it brings together per test; only `SharedInstancesTesting` depends on it.

import SharedInstances
import SharedInstancesSpies
import SharedInstancesSystemDoubles
import Testing
import _SharedInstancesIsolation
import _SharedInstancesTestReporting

/// A Swift Testing trait that gives each test its own shared instances.
///
/// Inside the test, every `Resettable` resolves in the test's own scope: overrides and resets
/// it makes are invisible to other tests running in parallel and vanish when it ends; an
/// instance it reads is created fresh for it, as if the app had just launched, and released
/// after it. Isolated tests run in parallel; a ``SharedIsolationOptions/processWide`` test runs
/// alone among them.
///
/// ```swift
/// @Test(.isolatedShared) func showsArticles() async throws {
///   let spy = ArticleManagerSpy()
///   ArticleManager.shared.override(with: spy)
///   await ArticleListModel().load()
///   #expect(spy.calls == [.fetch])
/// }   // nothing to undo
/// ```
///
/// On a suite it applies to every test inside, nested suites and each argument of a
/// parameterized test included. On both a suite and a test it nests: the test's scope starts
/// from the suite's overrides.
///
/// Create it with ``Testing/Trait/isolatedShared`` or
/// ``Testing/Trait/isolatedShared(_:setUp:)``. Code that leaves the test's tasks
/// (`Task.detached`, `DispatchQueue`, `Thread`) does not see the scope unless it is carried
/// with `SharedScope`, or the test is ``SharedIsolationOptions/processWide``: see
/// <doc:TestingInParallel>.
public struct IsolatedSharedTrait: TestTrait, SuiteTrait, TestScoping {
  /// The options every test under this trait runs with.
  ///
  /// Empty for ``Testing/Trait/isolatedShared``; what was passed to
  /// ``Testing/Trait/isolatedShared(_:setUp:)`` otherwise.
  ///
  /// ```swift
  /// let trait: IsolatedSharedTrait = .isolatedShared(.strict)
  /// #expect(trait.options == .strict)
  /// ```
  public let options: SharedIsolationOptions
  let setUp: (@Sendable () async throws -> Void)?
  /// Exemptions and record settings (IsolatedSharedTrait+Dependencies.swift).
  var dependencySettings = DependencySettings()

  /// Always true: on a suite, each test inside gets its own scope.
  ///
  /// Swift Testing reads it; the trait on a suite reaches the tests of nested suites too:
  ///
  /// ```swift
  /// @Suite(.isolatedShared) struct CheckoutTests {
  ///   @Suite struct Payment {
  ///     @Test func charges() { #expect(SharedScope.current.isIsolated) }
  ///   }
  /// }
  /// ```
  public var isRecursive: Bool { true }

  /// Runs `function` in a fresh isolated scope, after the trait's set-up.
  ///
  /// Swift Testing calls this; you do not. For a suite it runs `function` under the one issue
  /// handler its tests share: each test and each test case gets its own scope when Swift
  /// Testing calls this again for it.
  ///
  /// ```swift
  /// @Suite(.isolatedShared) struct CheckoutTests { … }
  /// ```
  ///
  /// - Parameters:
  ///   - test: The test (or suite) the trait is applied to.
  ///   - testCase: The test case: one argument of a parameterized test, or nil for a suite.
  ///   - function: The test.
  /// - Throws: What the set-up or the test throws, except an error that is or wraps a spy's
  ///   ``UnstubbedCallError`` (or Swift Testing's `ExpectationFailedError`): its failure is
  ///   already reported, so the test fails once, however the code under test wrapped it.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    TestingProcess.markSwiftTesting()
    guard !test.isSuite else {
      try await Self.watchingIssues(ofSuite: test, function)
      return
    }
    guard testCase != nil else {
      // The test as a whole (all its arguments): where its dependency record is checked.
      try await DependencyTracking.recordingTest(
        test,
        options: options,
        settings: dependencySettings,
        function
      )
      return
    }
    let setUp = self.setUp
    let dependencySettings = self.dependencySettings
    // The relay of the test's exit tests, which the issue handler serves.
    let relay = ExitTestRelay.Receiver()
    // Whether the test failed, for the system doubles' clean-up at the end of its scope; with
    // the relay, where the issue handler finds them through the test's scope.
    let outcome = TestOutcome(companion: relay)
    let options = self.options
    @Sendable func scoped() async throws {
      // `withIsolatedShared`, with the test's outcome carried by its scope (no task-local
      // binding of its own). Opened without suspending where the gate is free: one asynchronous
      // frame less per test.
      let session: IsolationSession
      if let opened = IsolationSession.openWithoutWaiting(
        name: test.name,
        options: options,
        testModule: test.sourceLocation.moduleName,
        outcome: outcome
      ) {
        session = opened
      } else {
        session = await IsolationSession.open(
          name: test.name,
          options: options,
          testModule: test.sourceLocation.moduleName,
          outcome: outcome
        )
      }
      do {
        try await _CurrentScope.$scope.withValue(session.scope) {
          // What the test's exit tests read in their child processes joins the test's own.
          relay.begin(in: test, scope: session.scope)
          defer { relay.end() }
          try await setUp?()
          do {
            try await function()
          } catch  where ReportedFailures.contain(error) {
            // Already a failure of this test (an unstubbed call the app wrapped): not twice.
          } catch {
            outcome.markFailed()
            throw error
          }
        }
      } catch {
        await session.endAfterQuietPeriod(options)
        throw error
      }
      if QuietPeriod.applies(to: options, session.scope) {
        await session.endAfterQuietPeriod(options)
      } else {
        session.end()
      }
    }
    // No exemptions and no record, where no trait outside bound any: the scope reads the same
    // empty settings without a binding, and the test pays for one task-local less.
    let bindsSettings = !dependencySettings.isEmpty || DependencySettings.current != nil
    @Sendable func settled() async throws {
      guard bindsSettings else { return try await scoped() }
      try await DependencySettings.$current.withValue(dependencySettings) { try await scoped() }
    }
    #if compiler(>=6.2)
      // The issue handler of the test's suite serves it where there is one (`@Suite` with the
      // trait); a test without one gets its own.
      guard SuiteIssueWatch.isActive else {
        return try await Self.issueHandler.provideScope(
          for: test,
          testCase: testCase,
          performing: settled
        )
      }
    #endif
    // Without issue handling (Swift Testing before 6.2), only an error the test throws counts.
    try await settled()
  }

  /// Runs a suite under the one issue handler its isolated tests share, unless a suite it is
  /// nested in runs under one already: an issue handler per test costs each test a copy of
  /// Swift Testing's configuration, an asynchronous frame of a few kilobytes.
  package static func watchingIssues(
    ofSuite suite: Test,
    _ function: @Sendable () async throws -> Void
  ) async throws {
    #if compiler(>=6.2)
      guard !SuiteIssueWatch.isActive else { return try await function() }
      try await issueHandler.provideScope(for: suite, testCase: nil) {
        try await SuiteIssueWatch.$isActive.withValue(true) { try await function() }
      }
    #else
      try await function()
    #endif
  }

  #if compiler(>=6.2)
    /// The issue handler of isolated tests: the relay of the test's exit tests takes their
    /// events off the issue stream, and every failing issue that remains marks the test's
    /// outcome failed. It finds both through the scope of the task that records the issue (an
    /// issue recorded where no scope of an isolated test is bound passes unchanged).
    private static let issueHandler = IssueHandlingTrait.compactMapTestCaseIssues { issue in
      guard let scope = _Scope.current, let outcome = TestOutcome.of(scope) else { return issue }
      guard let relay = outcome.companion as? ExitTestRelay.Receiver else {
        if issue.isFailure { outcome.markFailed() }
        return issue
      }
      let handled = relay.handle(issue)
      // A failure the relay recorded again under the test's name (and dropped here) counts.
      if handled?.isFailure ?? issue.isFailure { outcome.markFailed() }
      return handled
    }
  #endif
}

/// Whether the running suite's tests share one issue handler (``IsolatedSharedTrait``), bound
/// by the outermost suite with the trait.
enum SuiteIssueWatch {
  @TaskLocal static var isActive = false
}

extension Trait where Self == IsolatedSharedTrait {
  /// Gives each test its own shared instances, restored when it ends, while tests keep running
  /// in parallel.
  ///
  /// ```swift
  /// @Test(.isolatedShared) func refreshes() {
  ///   ArticleManager.shared.override(with: FakeArticleManager())
  ///   #expect(ArticleListModel().refresh() == .done)
  /// }
  /// ```
  public static var isolatedShared: Self {
    IsolatedSharedTrait(options: [], setUp: nil)
  }

  /// Gives each test its own shared instances, with options and a set-up that runs inside each
  /// test's scope before the test.
  ///
  /// Declare a suite's overrides once, here, instead of in an `init`:
  ///
  /// ```swift
  /// @Suite(.isolatedShared {
  ///   ArticleManager.shared.override(with: FakeArticleManager())
  ///   Session.currentUser.override(with: .fixture)
  /// })
  /// struct ArticleListTests {
  ///   @Test func showsTitles() { #expect(ArticleListModel().titles == ["Fake"]) }
  /// }
  ///
  /// @Test(.isolatedShared([.processWide, .strict])) func syncsInBackground() async { … }
  /// ```
  ///
  /// - Parameters:
  ///   - options: ``SharedIsolationOptions/processWide`` and ``SharedIsolationOptions/strict``.
  ///   - setUp: Runs in each test's scope before the test; its overrides count as the test's.
  /// - Returns: The trait.
  public static func isolatedShared(
    _ options: SharedIsolationOptions = [],
    setUp: (@Sendable () async throws -> Void)? = nil
  ) -> Self {
    IsolatedSharedTrait(options: options, setUp: setUp)
  }
}
