import Foundation
import SharedInstances
import TestSupport
import Testing

@Suite struct AtomicChangeTests {
  // MARK: setIfEmpty

  @Test func setIfEmptyInstallsOnlyTheFirstInstance() {
    let box = Resettable<Instance>.empty()
    let first = Instance("first")
    #expect(box.setIfEmpty(first))
    #expect(!box.setIfEmpty(Instance("second")))
    #expect(box.value === first)
    #expect(!box.isOverridden)
  }

  @Test func setIfEmptyBeforeTheFirstReadReplacesTheFactory() {
    let runs = Counter()
    let box = Resettable { () -> Instance in
      runs.increment()
      return Instance("made")
    }
    let installed = Instance("installed")
    #expect(box.setIfEmpty(installed))
    #expect(box.value === installed)
    #expect(runs.value == 0)
  }

  @Test func setIfEmptyKeepsACreatedInstance() {
    let box = Resettable { Instance("made") }
    let made = box.value
    #expect(!box.setIfEmpty(Instance("late")))
    #expect(box.value === made)
  }

  @Test func setIfEmptyWorksAgainAfterAReset() {
    let box = Resettable<Instance>.empty()
    #expect(box.setIfEmpty(Instance("first")))
    box.reset()
    let second = Instance("second")
    #expect(box.setIfEmpty(second))
    #expect(box.value === second)
  }

  @Test func setIfEmptyDoesNotKeepARejectedInstanceAlive() {
    let box = Resettable<Instance>.empty()
    box.set(Instance("kept"))
    weak var rejected: Instance?
    do {
      let late = Instance("rejected")
      rejected = late
      #expect(!box.setIfEmpty(late))
    }
    #expect(rejected == nil)
  }

  /// A "bootstrap once" check rebuilt on `setIfEmpty`: two threads race on a fresh box, 300
  /// times, and each time exactly one of them wins and every read returns the winner's instance.
  @Test func exactlyOneOfTwoRacingBootstrapsWins() {
    for run in 0..<300 {
      let box = Resettable<Instance>.empty()
      let wins = Counter()
      let instances = [Instance("a\(run)"), Instance("b\(run)")]
      onThreads(2) { index in
        if box.setIfEmpty(instances[index]) { wins.increment() }
      }
      #expect(wins.value == 1, "run \(run)")
      #expect(instances.contains { $0 === box.value })
    }
  }

  @Test func exactlyOneOfManyRacingBootstrapsWins() {
    for run in 0..<50 {
      let box = Resettable<Instance>.empty()
      let winners = Locked<[Int]>([])
      onThreads(8) { index in
        if box.setIfEmpty(Instance("\(index)")) { winners.mutate { $0.append(index) } }
      }
      let won = winners.get()
      #expect(won.count == 1, "run \(run)")
      #expect(box.value.label == won.first.map(String.init))
    }
  }

  // MARK: update

  @Test func updateGetsNilFromAnEmptyBoxAndInstallsTheResult() {
    let box = Resettable<Int>.empty()
    let seen = Locked<[Int?]>([])
    let result = box.update { current in
      seen.mutate { $0.append(current) }
      return (current ?? 0) + 1
    }
    #expect(result == 1)
    #expect(box.update { ($0 ?? 0) + 1 } == 2)
    #expect(box.value == 2)
    #expect(seen.get() == [nil])
  }

  @Test func updateDoesNotRunTheFactory() {
    let runs = Counter()
    let box = Resettable { () -> Int in
      runs.increment()
      return 10
    }
    #expect(box.update { ($0 ?? 0) + 1 } == 1)
    #expect(box.value == 1)
    #expect(runs.value == 0)
  }

  @Test func updateOfAnOverrideGivesAnOverride() {
    let box = Resettable { 0 }
    box.override(with: 5)
    box.update { ($0 ?? 0) * 2 }
    #expect(box.value == 10)
    #expect(box.isOverridden)
    box.set(1)
    box.update { ($0 ?? 0) * 2 }
    #expect(!box.isOverridden)
  }

  @Test func aThrowingUpdateLeavesTheBoxUnchanged() {
    struct Refused: Error {}
    let box = Resettable<Int>.empty()
    box.set(3)
    #expect(throws: Refused.self) {
      try box.update { (_: Int?) throws(Refused) -> Int in throw Refused() }
    }
    #expect(box.value == 3)
    // The box's lock was released: another update goes through.
    #expect(box.update { ($0 ?? 0) + 1 } == 4)
  }

  @Test func updateReleasesTheReplacedInstance() {
    let box = Resettable<Instance>.empty()
    weak var replaced: Instance?
    do {
      let first = Instance("first")
      replaced = first
      box.set(first)
    }
    box.update { _ in Instance("second") }
    #expect(replaced == nil)
    #expect(box.value.label == "second")
  }

  /// 8 threads each add 1 000 times: no update is lost.
  @Test func concurrentUpdatesLoseNothing() {
    let box = Resettable<Int>.empty()
    onThreads(8) { _ in
      for _ in 0..<1_000 { box.update { ($0 ?? 0) + 1 } }
    }
    #expect(box.value == 8_000)
  }

  /// A `set` from another thread lands while the closure runs: the closure's result is
  /// dropped and it runs again from the instance that `set` installed.
  @Test func updateRunsAgainWhenAnotherChangeLandsMeanwhile() {
    let box = Resettable<Int>.empty()
    box.set(1)
    let seen = Locked<[Int?]>([])
    let result = box.update { current in
      let first = seen.mutate { seen in
        seen.append(current)
        return seen.count == 1
      }
      if first { onThreads(1) { _ in box.set(100) } }
      return (current ?? 0) + 1
    }
    #expect(seen.get() == [1, 100])
    #expect(result == 101)
    #expect(box.value == 101)
  }

  /// A closure may read other boxes, and even its own while it holds an instance.
  @Test func updateMayReadOtherBoxes() {
    let other = Resettable { 40 }
    let box = Resettable<Int>.empty()
    box.set(1)
    box.update { current in (current ?? 0) + other.value + box.value }
    #expect(box.value == 42)
  }
}
