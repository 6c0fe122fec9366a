import Foundation
import SharedInstances
import SharedInstancesTestIsolation
import TestSupport
import Testing

/// A factory (or `update` closure) that changes its own box: the change is ignored and
/// reported, and the creation completes.
@Suite(TimeLimits.waiting) struct SelfChangingFactoryTests {
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aFactoryThatResetsItsOwnBoxCompletesAndIsReported() async {
      let message = await reported {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
          // What a plain process does, outside every test (an exit test's child is isolated).
          SharedScope.leaveExitTestIsolation()
          let finished = DispatchSemaphore(value: 0)
          Thread {
            _ = SelfChangingFixtures.resetsItself.value
            finished.signal()
          }.start()
          // The factory used to run millions of times and the read never returned.
          if finished.wait(timeout: .now() + 10) == .timedOut { exit(3) }
          if SelfChangingFixtures.runs.value != 1 { exit(4) }
        }
      }
      #expect(
        message.contains("Resettable<SelfChanger>")
          && message.contains("reset() inside its own factory")
          && message.contains("SelfChangingFactoryTests.swift"),
        "reported: \(message)"
      )
    }
  #endif

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aFactoryThatOverridesItsOwnBoxCompletesWithItsResult() async {
      let message = await reported {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
          // What a plain process does, outside every test (an exit test's child is isolated).
          SharedScope.leaveExitTestIsolation()
          let finished = DispatchSemaphore(value: 0)
          Thread {
            let read = SelfChangingFixtures.overridesItself.value
            // The factory's own result is installed; the override it made is dropped.
            if read.label != "created" { exit(5) }
            if SelfChangingFixtures.overridesItself.isOverridden { exit(6) }
            finished.signal()
          }.start()
          if finished.wait(timeout: .now() + 10) == .timedOut { exit(3) }
        }
      }
      #expect(
        message.contains("override(with:) inside its own factory"),
        "reported: \(message)"
      )
    }
  #endif

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func anUpdateThatResetsItsOwnBoxCompletesAndIsReported() async {
      let message = await reported {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
          // What a plain process does, outside every test (an exit test's child is isolated).
          SharedScope.leaveExitTestIsolation()
          let finished = DispatchSemaphore(value: 0)
          Thread {
            let box = SelfChangingFixtures.updated
            box.update { _ in
              box.reset()
              return SelfChanger("updated")
            }
            if box.value.label != "updated" { exit(5) }
            finished.signal()
          }.start()
          if finished.wait(timeout: .now() + 10) == .timedOut { exit(3) }
        }
      }
      #expect(
        message.contains("reset() inside its own update(_:) closure"),
        "reported: \(message)"
      )
    }
  #endif
}

/// What the child's report said: on its standard error, or, where the testing module is linked,
/// in the issue the child hands to the parent test (taken off the parent's record here).
#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  private func reported(_ exitTest: () async -> ExitTest.Result?) async -> String {
    let report = Locked("")
    await withKnownIssue(isIntermittent: true) {
      let result = await exitTest()
      report.mutate { $0 += String(decoding: result?.standardErrorContent ?? [], as: UTF8.self) }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      guard text.contains("inside its own") else { return false }
      report.mutate { $0 += text }
      return true
    }
    return report.get()
  }
#endif

// MARK: - Fixtures

final class SelfChanger: Sendable {
  let label: String
  init(_ label: String) { self.label = label }
}

enum SelfChangingFixtures {
  static let runs = LiveCount()

  static let resetsItself: Resettable<SelfChanger> = Resettable {
    runs.add(1)
    resetsItself.reset()
    return SelfChanger("created")
  }

  static let overridesItself: Resettable<SelfChanger> = Resettable {
    overridesItself.override(with: SelfChanger("override"))
    return SelfChanger("created")
  }

  static let updated = Resettable { SelfChanger("first") }
}
