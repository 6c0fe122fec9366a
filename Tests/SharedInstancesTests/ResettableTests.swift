import Foundation
import SharedInstances
import TestSupport
import Testing

@Suite struct ResettableTests {
  @Test func createsLazilyOnceAndReturnsTheSameInstance() {
    let calls = Counter()
    let box = Resettable {
      calls.increment(); return Instance("real")
    }
    #expect(calls.value == 0)
    let first = box.value
    let second = box.value
    #expect(first === second)
    #expect(calls.value == 1)
    #expect(!box.isOverridden)
  }

  @Test func overrideReplacesTheInstanceUntilReset() {
    let box = Resettable { Instance("real") }
    let real = box.value
    let fake = Instance("fake")
    box.override(with: fake)
    #expect(box.value === fake)
    #expect(box.isOverridden)
    box.reset()
    #expect(!box.isOverridden)
    let fresh = box.value
    #expect(fresh !== real)
    #expect(fresh !== fake)
    #expect(fresh.label == "real")
  }

  @Test func resetMakesTheNextReadCreateAFreshInstance() {
    let calls = Counter()
    let box = Resettable {
      calls.increment(); return Instance("real")
    }
    let first = box.value
    box.reset()
    let second = box.value
    #expect(first !== second)
    #expect(calls.value == 2)
  }

  @Test func currentValueNeverCreates() {
    let calls = Counter()
    let box = Resettable {
      calls.increment(); return Instance("real")
    }
    #expect(box.currentValue == nil)
    #expect(calls.value == 0)
    let created = box.value
    #expect(box.currentValue === created)
  }

  @Test func setInstallsARealInstance() {
    let box = Resettable { Instance("factory") }
    let replacement = Instance("set")
    box.set(replacement)
    #expect(box.value === replacement)
    #expect(!box.isOverridden)
  }

  @Test func withOverrideRestoresTheSameCreatedInstance() {
    let box = Resettable { Instance("real") }
    let real = box.value
    let fake = Instance("fake")
    let seen = box.withOverride(fake) { box.value }
    #expect(seen === fake)
    #expect(box.value === real)
    #expect(!box.isOverridden)
  }

  @Test func withOverrideRestoresWhenTheOperationThrows() {
    struct Failure: Error {}
    let box = Resettable { Instance("real") }
    let real = box.value
    #expect(throws: Failure.self) {
      try box.withOverride(Instance("fake")) { () throws(Failure) -> Void in
        #expect(box.value.label == "fake")
        throw Failure()
      }
    }
    #expect(box.value === real)
  }

  @Test func withOverrideRestoresAnEarlierOverride() {
    let box = Resettable { Instance("real") }
    let outer = Instance("outer")
    box.override(with: outer)
    box.withOverride(Instance("inner")) { #expect(box.value.label == "inner") }
    #expect(box.value === outer)
    #expect(box.isOverridden)
  }

  @Test func withOverrideRestoresAColdBox() {
    let calls = Counter()
    let box = Resettable {
      calls.increment(); return Instance("real")
    }
    box.withOverride(Instance("fake")) { #expect(box.value.label == "fake") }
    #expect(box.currentValue == nil)
    #expect(calls.value == 0)
    #expect(box.value.label == "real")
  }

  @Test func asyncWithOverrideRestoresAfterAwaitingAndThrowing() async {
    struct Failure: Error {}
    let box = Resettable { Instance("real") }
    let real = box.value
    let label = await box.withOverride(Instance("fake")) { () async -> String in
      await Task.yield()
      return box.value.label
    }
    #expect(label == "fake")
    #expect(box.value === real)
    await #expect(throws: Failure.self) {
      try await box.withOverride(Instance("fake")) { () async throws(Failure) -> Void in
        await Task.yield()
        throw Failure()
      }
    }
    #expect(box.value === real)
  }

  @Test func descriptionNamesTheTypeAndTheDeclaration() {
    let box = Resettable { Instance("real") }
    #expect(box.description.contains("Resettable<Instance>"))
    #expect(box.description.contains("ResettableTests.swift"))
  }

  @Test func worksForProtocolsAndValueTypes() {
    let numbers = Resettable { 41 }
    #expect(numbers.value == 41)
    numbers.override(with: 42)
    #expect(numbers.value == 42)
    let strings = Resettable<any CustomStringConvertible> { "real" }
    strings.override(with: 7)
    #expect(strings.value.description == "7")
  }
}
