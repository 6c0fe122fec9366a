import Foundation
import SharedInstances
import TestSupport
import Testing

/// Misuse that must stop the program does so with a message naming the box.
@Suite(TimeLimits.waiting) struct MisuseExitTests {
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aFactoryReadingItsOwnBoxStopsWithAMessage() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = ExitFixtures.reentrant.value
      }
      result?.check { message in
        message.contains("Resettable<ReentrantThing>")
          && message.contains("read again by its own factory")
          && message.contains("MisuseExitTests.swift")
      }
    }
  #endif

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aCycleThroughAnotherBoxStopsWithAMessage() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = ExitFixtures.cycleA.value
      }
      result?.check { message in
        message.contains("Resettable<CycleA>") && message.contains("read again by its own factory")
      }
    }
  #endif

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func readingAnEmptyBoxStopsWithAMessage() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = ExitFixtures.emptyUser.value
      }
      result?.check { message in
        message.contains("Resettable<ReentrantThing>") && message.contains("is empty")
          && message.contains("set(_:)")
      }
    }
  #endif

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aMainActorFactoryReadOffTheMainThreadStopsWithAMessage() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = ExitFixtures.mainActorThing.value
      }
      result?.check { message in
        message.contains("Resettable<MainActorThing>") && message.contains("off the main actor")
      }
    }
  #endif
}

// MARK: - Fixtures

final class ReentrantThing: Sendable {}
final class CycleA: Sendable { init(_: CycleB) {} }
final class CycleB: Sendable { init(_: CycleA) {} }
@MainActor final class MainActorThing {}

enum ExitFixtures {
  static let reentrant: Resettable<ReentrantThing> = Resettable { () -> ReentrantThing in
    _ = ExitFixtures.reentrant.value
    return ReentrantThing()
  }
  static let cycleA: Resettable<CycleA> = Resettable { CycleA(cycleB.value) }
  static let cycleB: Resettable<CycleB> = Resettable { CycleB(cycleA.value) }
  static let emptyUser = Resettable<ReentrantThing>.empty()
  static let mainActorThing = Resettable(mainActor: { MainActorThing() })
}

#if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
  extension ExitTest.Result {
    /// Checks the captured standard error, recording it when the check fails.
    func check(
      sourceLocation: SourceLocation = #_sourceLocation,
      _ predicate: (String) -> Bool
    ) {
      let message = String(decoding: standardErrorContent, as: UTF8.self)
      #expect(predicate(message), "standard error was: \(message)", sourceLocation: sourceLocation)
    }
  }
#endif
