import Foundation
import SharedInstances
import TestSupport
import Testing

@Suite struct SharedLifetimeTests {
  @Test func endingResetsEveryMember() {
    let lifetime = SharedLifetime("session")
    let user = Resettable<Instance>.empty(in: lifetime)
    let cart = Resettable(in: lifetime) { Instance("cart") }
    let cache = Resettable(in: lifetime) { Instance("cache") }
    user.set(Instance("ada"))
    let firstCart = cart.value
    cache.override(with: Instance("fake cache"))

    lifetime.end()

    #expect(user.currentValue == nil)
    #expect(cart.currentValue == nil)
    #expect(cache.currentValue == nil)
    #expect(!cache.isOverridden)
    #expect(cart.value !== firstCart)
  }

  @Test func boxesOutsideTheLifetimeAreLeftAlone() {
    let lifetime = SharedLifetime()
    let member = Resettable(in: lifetime) { Instance("member") }
    let outsider = Resettable { Instance("outsider") }
    let kept = outsider.value
    _ = member.value
    lifetime.end()
    #expect(outsider.currentValue === kept)
    #expect(member.currentValue == nil)
  }

  @Test func membersUsedAfterTheEndStartFresh() {
    let lifetime = SharedLifetime()
    let user = Resettable<Instance>.empty(in: lifetime)
    let cart = Resettable(in: lifetime) { Instance("cart") }
    user.set(Instance("ada"))
    let before = cart.value
    lifetime.end()

    let after = cart.value
    #expect(after !== before)
    #expect(after.stamp > before.stamp)
    #expect(throws: EmptySharedInstanceError.self) { try user.require() }
    user.set(Instance("grace"))
    #expect(user.value.label == "grace")

    lifetime.end()  // a lifetime ends again and again
    #expect(user.currentValue == nil)
    #expect(cart.value !== after)
  }

  @Test func endingReleasesTheInstances() {
    let lifetime = SharedLifetime()
    let user = Resettable<Instance>.empty(in: lifetime)
    let cart = Resettable(in: lifetime) { Instance("cart") }
    weak var releasedUser: Instance?
    weak var releasedCart: Instance?
    do {
      let signedIn = Instance("ada")
      releasedUser = signedIn
      user.set(signedIn)
      releasedCart = cart.value
    }
    #expect(releasedUser != nil && releasedCart != nil)
    lifetime.end()
    #expect(releasedUser == nil)
    #expect(releasedCart == nil)
  }

  @Test func theLifetimeDoesNotKeepItsBoxesAlive() {
    let lifetime = SharedLifetime()
    weak var releasedBox: Resettable<Instance>?
    weak var releasedInstance: Instance?
    do {
      let box = Resettable(in: lifetime) { Instance("temporary") }
      releasedBox = box
      releasedInstance = box.value
    }
    #expect(releasedBox == nil)
    #expect(releasedInstance == nil)
    lifetime.end()  // a released member is skipped
  }

  @Test func describesItselfByName() {
    #expect(SharedLifetime("session").description == "SharedLifetime(\"session\")")
    #expect(SharedLifetime().name == "lifetime")
  }

  /// Readers on 4 threads race 2 threads that end the lifetime 200 times each. Every read of a
  /// member with a factory that starts after an `end()` returned gets an instance whose factory
  /// ran after that `end()` started.
  @Test func concurrentEndsAndReadsNeverReturnAnEndedInstance() {
    let lifetime = SharedLifetime()
    let cart = Resettable(in: lifetime) { Instance("cart") }
    let user = Resettable<Instance>.empty(in: lifetime)
    // The stamp drawn just before the latest `end()` that has returned.
    let endedBefore = Locked(0)
    let violations = Locked<[String]>([])
    let ends = Counter()
    onThreads(6) { index in
      if index < 2 {
        for _ in 0..<200 {
          let stamp = Stamp.next()
          lifetime.end()
          endedBefore.mutate { $0 = max($0, stamp) }
          ends.increment()
        }
      } else {
        for _ in 0..<2_000 {
          let threshold = endedBefore.get()
          let read = cart.value
          if read.stamp <= threshold {
            violations.mutate { $0.append("\(read) read after an end at #\(threshold)") }
          }
          // An empty member being set and read meanwhile (its instance is made before it is
          // installed, so its stamp says nothing about the ends).
          if index == 2 { user.setIfEmpty(Instance("user")) }
          _ = user.currentValue
        }
      }
    }
    #expect(ends.value == 400)
    let found = violations.get()
    #expect(found.isEmpty, "\(found.count) violations, first: \(found.prefix(3))")
    lifetime.end()
    #expect(cart.currentValue == nil && user.currentValue == nil)
  }

  /// Boxes join a lifetime from many threads at once while it ends: none is lost.
  @Test func boxesDeclaredConcurrentlyAllJoin() {
    let lifetime = SharedLifetime()
    let boxes = Locked<[Resettable<Instance>]>([])
    onThreads(8) { index in
      for _ in 0..<50 {
        let box = Resettable(in: lifetime) { Instance("\(index)") }
        _ = box.value
        boxes.mutate { $0.append(box) }
        if index == 0 { lifetime.end() }
      }
    }
    lifetime.end()
    #expect(boxes.get().count == 400)
    #expect(boxes.get().allSatisfy { $0.currentValue == nil })
  }
}
