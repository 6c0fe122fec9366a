import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import Testing

/// `setIfEmpty` and `update` apply where `set` does: inside an isolated test, to the test's own
/// instance.
@Suite struct AtomicChangeIsolationTests {
  @Test(.isolatedShared, arguments: 0..<20)
  func eachParallelTestBootstrapsItsOwnBox(index: Int) {
    #expect(AtomicBoxes.bootstrap.setIfEmpty(Tagged("test \(index)")))
    #expect(!AtomicBoxes.bootstrap.setIfEmpty(Tagged("again")))
    #expect(AtomicBoxes.bootstrap.value.tag == "test \(index)")
    #expect(readOnThread { AtomicBoxes.bootstrap.currentValue == nil })
  }

  @Test(.isolatedShared, arguments: 0..<20)
  func eachParallelTestUpdatesItsOwnInstance(index: Int) {
    for _ in 0..<10 { AtomicBoxes.counter.update { ($0 ?? 0) + 1 } }
    #expect(AtomicBoxes.counter.value == 10)
    #expect(readOnThread { AtomicBoxes.counter.currentValue == nil })
  }

  @Test func anUpdateInsideAnIsolatedScopeEndsWithIt() {
    withIsolatedShared {
      AtomicBoxes.scoped.update { _ in Tagged("scoped") }
      #expect(AtomicBoxes.scoped.value.tag == "scoped")
    }
    #expect(readOnThread { AtomicBoxes.scoped.currentValue == nil })
  }
}

// MARK: - Fixtures

private enum AtomicBoxes {
  static let bootstrap = Resettable<Tagged>.empty()
  static let counter = Resettable<Int>.empty()
  static let scoped = Resettable<Tagged>.empty()
}
