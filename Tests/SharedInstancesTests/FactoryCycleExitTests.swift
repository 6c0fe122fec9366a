import Foundation
import SharedInstances
import TestSupport
import Testing

/// A factory cycle stops the program with the whole path, each box with its declaration site.
@Suite(TimeLimits.waiting) struct FactoryCycleExitTests {
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aCycleOfTwoBoxesOfOneTypeNamesBothDeclarations() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CycleFixtures.greeting.value
      }
      result?.check { message in
        message.contains("through this cycle")
          && message.contains(
            "Resettable<String> (declared at SharedInstancesTests/FactoryCycleExitTests.swift:\(cycleFixturesLine + 2)), whose factory read"
          )
          && message.contains(
            "Resettable<String> (declared at SharedInstancesTests/FactoryCycleExitTests.swift:\(cycleFixturesLine + 3)), whose factory read"
          )
          && message.contains("FactoryCycleExitTests.swift:\(cycleFixturesLine + 2)) again.")
      }
    }
  #endif

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func aCycleOfThreeBoxesListsThemInOrder() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = CycleFixtures.first.value
      }
      result?.check { message in
        let lines = message.split(separator: "\n").map(String.init)
        let steps = lines.filter { $0.contains(", whose factory read") }
        return steps.count == 3
          && steps[0].contains("FactoryCycleExitTests.swift:\(cycleFixturesLine + 4))")
          && steps[1].contains("FactoryCycleExitTests.swift:\(cycleFixturesLine + 5))")
          && steps[2].contains("FactoryCycleExitTests.swift:\(cycleFixturesLine + 6))")
      }
    }
  #endif

  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func anUpdateReadingItsOwnEmptyBoxStopsWithAMessage() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        CycleFixtures.counter.update { _ in CycleFixtures.counter.value + 1 }
      }
      result?.check { message in
        message.contains("read again by its own update(_:) closure")
          && message.contains("Resettable<Int> (declared at")
          && message.contains("whose update(_:) closure read")
      }
    }
  #endif
}

// MARK: - Fixtures

struct Step: Sendable { let name: String }

// The line numbers of these declarations are part of the expected messages above.
let cycleFixturesLine = #line
enum CycleFixtures {
  static let greeting: Resettable<String> = Resettable { "Hello, " + name.value }
  static let name: Resettable<String> = Resettable { greeting.value.uppercased() }
  static let first: Resettable<Step> = Resettable { Step(name: second.value.name) }
  static let second: Resettable<Step> = Resettable { Step(name: third.value.name) }
  static let third: Resettable<Step> = Resettable { Step(name: first.value.name) }
  static let counter = Resettable<Int> { 0 }
}
