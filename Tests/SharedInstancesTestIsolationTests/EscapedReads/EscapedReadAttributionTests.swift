import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// A read from outside every test task (a `DispatchQueue` block, a `Thread`, `Task.detached`)
/// of a box an isolated test provides fails that test, at the test's own line, naming it. When
/// several live tests provide the box, nothing tells which one it escaped: a warning names them
/// all, and none of them fails.
@Suite(TimeLimits.waiting) struct EscapedReadAttributionTests {
  /// How code escapes the test's tasks.
  enum Escape: String, CaseIterable, Sendable {
    case dispatchQueue, thread, detachedTask

    /// Runs `read` there and returns its result, waiting at most a minute.
    func run<T: Sendable>(_ read: @escaping @Sendable () -> T) async -> T? {
      switch self {
      case .dispatchQueue:
        return await withBoundedWait { done in DispatchQueue.global().async { done(read()) } }
      case .thread:
        return await withBoundedWait { done in Thread { done(read()) }.start() }
      case .detachedTask:
        return await Task.detached { read() }.value
      }
    }
  }

  /// Before the fix, each was a warning on «unknown» at the box's declaration, and the test
  /// passed.
  @Test(arguments: Escape.allCases)
  func anEscapedReadFailsTheTestThatProvidesTheBox(_ escape: Escape) async throws {
    let test = try #require(Test.current)
    let box = AttributionBoxes.box(for: escape)
    let matched = Locked(0)
    await withKnownIssue {
      await withIsolatedShared(name: "the overriding test (\(escape))") {
        box.override(with: Tagged("the test's double"))
        #expect(await escape.run { box.value.tag } == "real")
        #expect(await escape.run { box.value.tag } == "real")  // reported once
      }
    } matching: { issue in
      let text = "\(issue.comments)"
      let isIt =
        text.contains("while the isolated test the overriding test (\(escape)) provided a value")
        && text.contains("SharedScope.current") && issue.sourceLocation == test.sourceLocation
      if isIt { matched.mutate { $0 += 1 } }
      return isIt
    }
    #expect(matched.get() == 1)
  }

  /// The `.isolatedShared` trait's scope: the failure is recorded on the test's own task when
  /// its scope ends, so the test's issue handlers see it and the test fails.
  @Test func theTraitsTestIsFailedAndNamed() async throws {
    let test = try #require(Test.current)
    try await withKnownIssue {
      try await IsolatedSharedTrait.isolatedShared.provideScope(
        for: test,
        testCase: Test.Case.current
      ) {
        AttributionBoxes.trait.override(with: Tagged("the test's double"))
        #expect(await Escape.dispatchQueue.run { AttributionBoxes.trait.value.tag } == "real")
      }
    } matching: { issue in
      "\(issue.comments)".contains("while the isolated test \(test.name) provided a value")
        && issue.sourceLocation == test.sourceLocation
    }
  }

  /// Two tests run at once, each providing its own box: the read of one box fails the test that
  /// provides it, and the other test is not told.
  @Test func inParallelTheTestProvidingTheBoxIsTheOneFailed() async throws {
    let test = try #require(Test.current)
    let seenByA = Locked<[String]>([])
    let seenByB = Locked<[String]>([])
    let aOverrode = AsyncLatch()
    let bDone = AsyncLatch()
    async let b: Void = Self.collecting(into: seenByB, test: test) {
      try await IsolatedSharedTrait.isolatedShared.provideScope(
        for: test,
        testCase: Test.Case.current
      ) {
        AttributionBoxes.parallelB.override(with: Tagged("B's double"))
        await aOverrode.wait()
        #expect(await Escape.thread.run { AttributionBoxes.parallelB.value.tag } == "real")
      }
      await bDone.open()
    }
    try await Self.collecting(into: seenByA, test: test) {
      await withIsolatedShared(name: "test A") {
        AttributionBoxes.parallelA.override(with: Tagged("A's double"))
        await aOverrode.open()
        #expect(await bDone.wait(upTo: 60))
      }
    }
    try await b
    #expect(seenByA.get().isEmpty)
    #expect(seenByB.get().count == 1)
    #expect(seenByB.get().first?.contains("while the isolated test \(test.name) provided") == true)
  }

  /// Two tests provide the same box when a read escapes: nothing tells which one it came from,
  /// so neither fails (one of them did nothing wrong); a warning names both.
  @Test func whenSeveralTestsProvideTheBoxAWarningNamesThemAll() async throws {
    let test = try #require(Test.current)
    let seenByA = Locked<[String]>([])
    let seenByB = Locked<[String]>([])
    let warnings = Locked<[String]>([])
    let bOverrode = AsyncLatch()
    let aRead = AsyncLatch()
    let watching = IssueHandlingTrait.compactMapIssues { issue in
      let text = "\(issue.comments)"
      guard text.contains("isolated tests provided a value for it") else { return issue }
      warnings.mutate { $0.append(text) }
      #expect(issue.severity == .warning)
      return nil
    }
    try await watching.provideScope(for: test, testCase: Test.Case.current) {
      async let b: Void = Self.collecting(into: seenByB, test: test) {
        await withIsolatedShared(name: "test B") {
          AttributionBoxes.shared.override(with: Tagged("B's double"))
          await bOverrode.open()
          #expect(await aRead.wait(upTo: 60))
        }
      }
      try await Self.collecting(into: seenByA, test: test) {
        await withIsolatedShared(name: "test A") {
          AttributionBoxes.shared.override(with: Tagged("A's double"))
          #expect(await bOverrode.wait(upTo: 60))
          #expect(await Escape.dispatchQueue.run { AttributionBoxes.shared.value.tag } == "real")
        }
        await aRead.open()
      }
      try await b
    }
    #expect(seenByA.get().isEmpty)
    #expect(seenByB.get().isEmpty)
    #expect(
      warnings.get().contains { $0.contains("2 isolated tests") && $0.contains("(test A, test B)") }
    )
  }

  /// A carried scope, or a nested scope's own task, is not an escape.
  @Test func aCarriedScopeIsNotAnEscape() async {
    await withIsolatedShared {
      AttributionBoxes.carried.override(with: Tagged("the test's double"))
      let scope = SharedScope.current
      #expect(
        await Escape.dispatchQueue.run { scope.run { AttributionBoxes.carried.value.tag } }
          == "the test's double"
      )
    }
  }

  /// Runs `body` with the escaped-read failures recorded in it collected into `seen` (and
  /// dropped), every other issue passed on.
  private static func collecting(
    into seen: Locked<[String]>,
    test: Test,
    _ body: @escaping @Sendable () async throws -> Void
  ) async throws {
    let handler = IssueHandlingTrait.compactMapIssues { issue in
      let text = "\(issue.comments)"
      guard text.contains("was read outside the test's tasks") else { return issue }
      seen.mutate { $0.append(text) }
      return nil
    }
    try await handler.provideScope(for: test, testCase: Test.Case.current, performing: body)
  }
}

/// Runs `start`, which calls its argument once from another thread, and returns that value; nil
/// if a minute passes first.
func withBoundedWait<T: Sendable>(
  _ start: (@escaping @Sendable (T) -> Void) -> Void
) async -> T? {
  let result = Locked<T?>(nil)
  let done = DispatchSemaphore(value: 0)
  start { value in
    result.set(value)
    done.signal()
  }
  let arrived = await Task.detached { done.wait(timeout: .now() + 60) == .success }.value
  return arrived ? result.get() : nil
}

// MARK: - Fixtures

private enum AttributionBoxes {
  static let queue = Resettable { Tagged("real") }
  static let thread = Resettable { Tagged("real") }
  static let detached = Resettable { Tagged("real") }
  static let trait = Resettable { Tagged("real") }
  static let parallelA = Resettable { Tagged("real") }
  static let parallelB = Resettable { Tagged("real") }
  static let shared = Resettable { Tagged("real") }
  static let carried = Resettable { Tagged("real") }

  static func box(for escape: EscapedReadAttributionTests.Escape) -> Resettable<Tagged> {
    switch escape {
    case .dispatchQueue: queue
    case .thread: thread
    case .detachedTask: detached
    }
  }
}
