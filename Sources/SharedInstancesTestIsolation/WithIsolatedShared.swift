import SharedInstances
import Testing

/// Runs `operation` in a fresh isolated scope: every `Resettable` it reads, overrides or resets
/// resolves in that scope, invisible to code outside it, and all of it is dropped when
/// `operation` returns.
///
/// `@Test(.isolatedShared)` and ``IsolatedSharedTestCase`` call this for you; call it yourself in
/// a custom harness, or to isolate one part of a test. A scope opened inside another starts from
/// the outer scope's instances and overrides.
///
/// ```swift
/// func testWithoutTrait() {
///   withIsolatedShared {
///     ArticleManager.shared.override(with: FakeArticleManager())
///     XCTAssertEqual(ArticleListModel().titles, ["Fake"])
///   }   // the override is gone
/// }
/// ```
///
/// - Parameters:
///   - options: ``SharedIsolationOptions/processWide`` and ``SharedIsolationOptions/strict``.
///   - name: The name failures use for this scope. Leave the default to use the call site.
///   - fileID: The caller's location. Leave the default.
///   - line: The caller's location. Leave the default.
///   - operation: The code to isolate.
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

/// The synchronous isolation behind ``withIsolatedShared(_:name:fileID:line:operation:)`` and
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

/// Runs the asynchronous `operation` in a fresh isolated scope: every `Resettable` it reads,
/// overrides or resets resolves in that scope, and all of it is dropped when `operation`
/// returns.
///
/// The scope travels with `operation`'s tasks (`async let`, task groups, `Task {}`). An
/// outermost scope waits, without blocking a thread, while a process-wide scope is open; a
/// process-wide scope waits until no other outermost scope is open.
///
/// ```swift
/// @Test func loads() async throws {
///   try await withIsolatedShared {
///     ArticleManager.shared.override(with: FakeArticleManager())
///     try await ArticleListModel().load()
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
///   - operation: The code to isolate.
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
