import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

extension Notification.Name {
  static let escapingTestPing = Notification.Name("SharedInstancesTests.escapingTestPing")
}

/// Code that leaves the test's tasks: carried explicitly with `SharedScope`, or reached by a
/// process-wide scope.
@Suite(TimeLimits.waiting) struct EscapingCodeTests {
  /// And the test fails for it (a warning instead while another test provides the box too).
  @Test func withoutCarryingTheScopeAThreadSeesTheProcessWideInstance() {
    withKnownIssue(isIntermittent: true) {
      withIsolatedShared {
        Boxes.escaping.override(with: Tagged("fake"))
        #expect(escapeOnThread { Boxes.escaping.value }.tag == "real")
      }
    } matching: { issue in
      "\(issue.comments)".contains("was read outside the test's tasks")
    }
  }

  @Test(.isolatedShared) func aCarriedScopeReachesDispatchThreadsAndDetachedTasks() async {
    Boxes.escaping.override(with: Tagged("fake"))
    let scope = SharedScope.current
    let fromQueue = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        scope.run { continuation.resume(returning: Boxes.escaping.value.tag) }
      }
    }
    let fromBoundClosure = await withCheckedContinuation { continuation in
      DispatchQueue.global().async(
        execute: scope.bind { continuation.resume(returning: Boxes.escaping.value.tag) }
      )
    }
    let fromThread = readOnThread { scope.run { Boxes.escaping.value } }.tag
    let fromDetached = await Task.detached { scope.run { Boxes.escaping.value.tag } }.value
    #expect(fromQueue == "fake")
    #expect(fromBoundClosure == "fake")
    #expect(fromThread == "fake")
    #expect(fromDetached == "fake")
  }

  @Test(.isolatedShared) func aCarriedScopeReachesANotificationObserver() async {
    Boxes.escaping.override(with: Tagged("fake"))
    let center = NotificationCenter()
    let seen = Locked<String?>(nil)
    let observer = center.addObserver(
      forName: .escapingTestPing,
      object: nil,
      queue: nil,
      using: SharedScope.current.bind { (_: Notification) in
        seen.set(Boxes.escaping.value.tag)
      }
    )
    _ = readOnThread {
      center.post(name: .escapingTestPing, object: nil)
      return Tagged("posted")
    }
    center.removeObserver(observer)
    #expect(seen.get() == "fake")
  }

  @Test func runningInTheProcessWideStateIsAPlainCall() {
    let scope = SharedScope.current
    #expect(!scope.isIsolated)
    #expect(scope.run { 42 } == 42)
  }
}

/// Tests whose code hops threads on its own: a process-wide scope is seen from every thread.
@Suite(TimeLimits.waiting) struct ProcessWideTests {
  /// How many process-wide tests are running right now.
  static let running = Locked(0)

  /// Records that a process-wide test runs, fails if another one runs at the same time.
  static func runAlone(_ body: () async throws -> Void) async rethrows {
    let others = running.mutate { count -> Int in
      count += 1
      return count - 1
    }
    #expect(others == 0, "another process-wide test was running")
    defer { running.mutate { $0 -= 1 } }
    try await body()
  }

  @Test(.isolatedShared(.processWide)) func dispatchQueueSeesTheOverride() async throws {
    try await Self.runAlone {
      Boxes.processWide.override(with: Tagged("dispatch"))
      let tag = await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: Boxes.processWide.value.tag) }
      }
      #expect(tag == "dispatch")
      try await Task.sleep(nanoseconds: 20_000_000)
    }
  }

  @Test(.isolatedShared(.processWide)) func threadSeesTheOverride() async throws {
    try await Self.runAlone {
      Boxes.processWide.override(with: Tagged("thread"))
      #expect(readOnThread { Boxes.processWide.value }.tag == "thread")
      try await Task.sleep(nanoseconds: 20_000_000)
    }
  }

  @Test(.isolatedShared(.processWide)) func notificationObserverSeesTheOverride() async throws {
    try await Self.runAlone {
      Boxes.processWide.override(with: Tagged("notification"))
      let center = NotificationCenter()
      let seen = Locked<String?>(nil)
      let observer = center.addObserver(forName: .escapingTestPing, object: nil, queue: nil) { _ in
        seen.set(Boxes.processWide.value.tag)
      }
      _ = readOnThread {
        center.post(name: .escapingTestPing, object: nil)
        return Tagged("posted")
      }
      center.removeObserver(observer)
      #expect(seen.get() == "notification")
      try await Task.sleep(nanoseconds: 20_000_000)
    }
  }

  @Test(.isolatedShared(.processWide)) func detachedTaskSeesTheOverride() async throws {
    try await Self.runAlone {
      Boxes.processWide.override(with: Tagged("detached"))
      #expect(await Task.detached { Boxes.processWide.value.tag }.value == "detached")
      try await Task.sleep(nanoseconds: 20_000_000)
    }
  }

  @Test(.isolatedShared(.processWide), arguments: 0..<5)
  func processWideTestsNeverOverlap(index: Int) async throws {
    try await Self.runAlone {
      Boxes.processWide.override(with: Tagged("run \(index)"))
      try await Task.sleep(nanoseconds: 10_000_000)
      #expect(readOnThread { Boxes.processWide.value }.tag == "run \(index)")
    }
  }

  /// Two process-wide scopes opened at once run one after the other.
  @Test func twoProcessWideScopesRunOneAfterTheOther() async {
    let intervals = Locked<[(start: Date, end: Date)]>([])
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<2 {
        group.addTask {
          await withIsolatedShared(.processWide) {
            let start = Date()
            Boxes.processWide.override(with: Tagged("scope \(index)"))
            try? await Task.sleep(nanoseconds: 30_000_000)
            #expect(readOnThread { Boxes.processWide.value }.tag == "scope \(index)")
            intervals.mutate { $0.append((start, Date())) }
          }
        }
      }
    }
    let sorted = intervals.get().sorted { $0.start < $1.start }
    #expect(sorted.count == 2)
    if sorted.count == 2 { #expect(sorted[0].end <= sorted[1].start) }
  }

  /// While a process-wide test runs, a task-isolated test running in parallel keeps its own
  /// state.
  @Test(.isolatedShared, arguments: 0..<20)
  func taskIsolatedTestsStayUnaffected(index: Int) async throws {
    Boxes.processWide.override(with: Tagged("task \(index)"))
    try await Task.sleep(nanoseconds: UInt64.random(in: 1...15) * 1_000_000)
    #expect(Boxes.processWide.value.tag == "task \(index)")
  }
}
