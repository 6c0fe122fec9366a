import Foundation
import SharedInstances
import TestSupport
import Testing

@Suite struct ExactlyOnceTests {
  /// Thousands of cold boxes, each raced by several threads at the same moment: each factory
  /// must run once, and every thread must get the one instance it made.
  @Test func factoryRunsOncePerBoxUnderContention() {
    let boxCount = 2_000
    let threadCount = 8
    let calls = (0..<boxCount).map { _ in Counter() }
    let boxes = (0..<boxCount).map { index in
      Resettable {
        calls[index].increment(); return Instance("box \(index)")
      }
    }
    let seen = (0..<threadCount).map { _ in Locked([ObjectIdentifier]()) }
    onThreads(threadCount) { thread in
      var mine: [ObjectIdentifier] = []
      mine.reserveCapacity(boxCount)
      for box in boxes { mine.append(ObjectIdentifier(box.value)) }
      seen[thread].set(mine)
    }
    #expect(
      calls.allSatisfy { $0.value == 1 },
      "factory calls: \(calls.map(\.value).filter { $0 != 1 })"
    )
    let reference = seen[0].get()
    for thread in 1..<threadCount {
      #expect(seen[thread].get() == reference)
    }
  }

  /// A slow factory: every thread that arrives while it runs waits for its result instead of
  /// running the factory again (Factory's issue #385 ran one 10 times).
  @Test func slowFactoryIsNotRunTwice() {
    let calls = Counter()
    let box = Resettable {
      calls.increment()
      usleep(20_000)
      return Instance("slow")
    }
    let ids = Locked(Set<ObjectIdentifier>())
    onThreads(8) { _ in
      let id = ObjectIdentifier(box.value)
      ids.mutate { $0.insert(id) }
    }
    #expect(calls.value == 1)
    #expect(ids.get().count == 1)
  }
}
