import SharedInstances
import Testing

/// Runs `operation` in a scope nested in the test's: what it overrides, resets or creates ends
/// when `operation` returns, and the test's own instances are back.
///
/// This is for a part of a test, not for isolating a test: isolate a Swift Testing test with
/// `@Test(.isolatedShared)` (or the suite trait) and an XCTest test case by inheriting from
/// ``IsolatedSharedTestCase``. Inside one, open a nested scope for an override that must end
/// before the test does, for a stretch with other options (``SharedIsolationOptions/strict``,
/// ``SharedIsolationOptions/processWide``), or around code whose reported failure the test
/// expects with `withKnownIssue`. A nested scope starts from the enclosing scope's instances and
/// overrides.
///
/// ```swift
/// @Test(.isolatedShared) func showsTheBannerOnlyWhileOffline() {
///   withIsolatedShared {
///     ArticleManager.shared.override(with: OfflineArticleManager())
///     #expect(ArticleListModel().isOffline)
///   }   // the offline override is gone
///   #expect(!ArticleListModel().isOffline)
/// }
/// ```
///
/// - Parameters:
///   - options: ``SharedIsolationOptions/processWide`` and ``SharedIsolationOptions/strict``.
///   - name: The name failures use for this scope. Leave the default to use the call site.
///   - fileID: The caller's location. Leave the default.
///   - line: The caller's location. Leave the default.
///   - operation: The code to run in the nested scope.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
///
/// > Note: In asynchronous code, write `await withIsolatedShared { … }`, also when the body does
/// > not suspend: the asynchronous overload is preferred there (this one is disfavored), so the
/// > scope waits for the gate without blocking a thread of the pool.
@_disfavoredOverload
public func withIsolatedShared<R>(
  _ options: SharedIsolationOptions = [],
  name: String? = nil,
  fileID: StaticString = #fileID,
  line: UInt = #line,
  operation: () throws -> R
) rethrows -> R {
  try runIsolated(
    options,
    name: name ?? "withIsolatedShared at \(fileID):\(line)",
    capturesEveryBox: false,
    testModule: testModule(fileID: fileID),
    operation: operation
  )
}

/// The synchronous scope behind ``withIsolatedShared(_:name:fileID:line:operation:)`` and
/// ``IsolatedSharedTestCase``.
func runIsolated<R>(
  _ options: SharedIsolationOptions,
  name: String,
  capturesEveryBox: Bool,
  testModule: String,
  operation: () throws -> R
) rethrows -> R {
  let session = IsolationSession.openSynchronously(
    name: name,
    options: options,
    capturesEveryBox: capturesEveryBox,
    testModule: testModule
  )
  defer {
    if QuietPeriod.applies(to: options, session.scope) {
      QuietPeriod.waitBlocking(in: session.scope)
    }
    session.end()
  }
  return try _CurrentScope.$scope.withValue(session.scope, operation: operation)
}

/// Runs the asynchronous `operation` in a scope nested in the test's: what it overrides, resets
/// or creates ends when `operation` returns, and the test's own instances are back.
///
/// This is for a part of a test, not for isolating a test: isolate a Swift Testing test with
/// `@Test(.isolatedShared)` (or the suite trait) and an XCTest test case by inheriting from
/// ``IsolatedSharedTestCase``. The nested scope travels with `operation`'s tasks (`async let`,
/// task groups, `Task {}`). A ``SharedIsolationOptions/processWide`` scope waits, without
/// blocking a thread, until no other test's scope is open.
///
/// ```swift
/// @Test(.isolatedShared) func loadsWithoutOtherDependencies() async throws {
///   try await withIsolatedShared(.strict) {
///     ArticleManager.shared.override(with: FakeArticleManager())
///     try await ArticleListModel().load()   // a read of any other box fails the test
///   }
/// }
/// ```
///
/// - Parameters:
///   - options: ``SharedIsolationOptions/processWide`` and ``SharedIsolationOptions/strict``.
///   - name: The name failures use for this scope. Leave the default to use the call site.
///   - isolation: The actor `operation` runs on. Leave the default.
///   - fileID: The caller's location. Leave the default.
///   - line: The caller's location. Leave the default.
///   - operation: The code to run in the nested scope.
/// - Returns: What `operation` returns.
/// - Throws: What `operation` throws.
public func withIsolatedShared<R>(
  _ options: SharedIsolationOptions = [],
  name: String? = nil,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  line: UInt = #line,
  operation: () async throws -> R
) async rethrows -> R {
  let session = await IsolationSession.open(
    name: name ?? "withIsolatedShared at \(fileID):\(line)",
    options: options,
    testModule: testModule(fileID: fileID)
  )
  do {
    let result = try await _CurrentScope.$scope.withValue(session.scope, operation: operation)
    await session.endAfterQuietPeriod(options)
    return result
  } catch {
    await session.endAfterQuietPeriod(options)
    throw error
  }
}

/// The module of the test a scope opened at `fileID` belongs to, whose target's test defaults
/// it uses: the running Swift Testing test's (the trait calls from this library), else the
/// caller's.
private func testModule(fileID: StaticString) -> String {
  Test.current?.sourceLocation.moduleName ?? SharedTestDefaults.module(ofFileID: "\(fileID)")
}
