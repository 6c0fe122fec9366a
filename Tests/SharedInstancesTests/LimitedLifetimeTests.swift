import Foundation
import SharedInstances
import Testing

@Suite struct LimitedLifetimeTests {
  @Test func anEmptyBoxIsEmptyUntilSet() throws {
    let box = Resettable<Instance>.empty()
    #expect(box.currentValue == nil)
    let user = Instance("signed in")
    box.set(user)
    #expect(box.value === user)
    #expect(try box.require() === user)
    #expect(!box.isOverridden)
  }

  @Test func resetTearsTheInstanceDown() {
    let box = Resettable<Instance>.empty()
    weak var released: Instance?
    do {
      let user = Instance("signed in")
      released = user
      box.set(user)
    }
    #expect(released != nil)
    box.reset()
    #expect(released == nil)
    #expect(box.currentValue == nil)
  }

  @Test func requireThrowsAnErrorNamingTheBoxWhenEmpty() {
    let box = Resettable<Instance>.empty()
    let error = #expect(throws: EmptySharedInstanceError.self) { try box.require() }
    #expect(error?.sharedTypeName == "Instance")
    #expect(error?.boxDescription.contains("LimitedLifetimeTests.swift") == true)
    #expect(error?.description.contains("set(_:)") == true)
  }

  @Test func requireCreatesWhenThereIsAFactory() throws {
    let box = Resettable { Instance("real") }
    #expect(try box.require().label == "real")
  }

  @Test func anEmptyBoxCanBeOverriddenInTests() {
    let box = Resettable<Instance>.empty()
    box.override(with: Instance("fake"))
    #expect(box.value.label == "fake")
    #expect(box.isOverridden)
  }
}
