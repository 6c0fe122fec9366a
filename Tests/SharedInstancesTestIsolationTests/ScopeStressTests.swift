import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// One isolated scope read from many tasks and threads at once while it keeps touching new boxes
/// (so its lock-free index grows under the readers). Runs under ThreadSanitizer in CI.
@Suite(TimeLimits.waiting) struct ScopeStressTests {
  static let boxes = (0..<300).map { index in Resettable { Tagged("box \(index)") } }

  @Test func concurrentReadersOfAGrowingScopeAgreeOnEveryInstance() async {
    await withIsolatedShared {
      let seen = Locked([[ObjectIdentifier]]())
      await withTaskGroup(of: [ObjectIdentifier].self) { group in
        for reader in 0..<4 {
          group.addTask {
            // Each reader walks the boxes in its own order, so index growth and first reads
            // race with lookups of boxes other readers already touched.
            var order = Array(Self.boxes.indices)
            var generator = SeededGenerator(seed: UInt64(reader + 1))
            order.shuffle(using: &generator)
            var mine = [ObjectIdentifier?](repeating: nil, count: Self.boxes.count)
            for index in order {
              mine[index] = ObjectIdentifier(Self.boxes[index].value)
              if index % 7 == 0 { await Task.yield() }
            }
            return mine.map { $0! }
          }
        }
        for await result in group { seen.mutate { $0.append(result) } }
      }
      let all = seen.get()
      #expect(all.count == 4)
      for other in all.dropFirst() { #expect(other == all[0]) }
      // The scope's instances are its own, and every one was recorded as read.
      let touched = SharedScope.current.touchedInstances
      #expect(touched.count == Self.boxes.count)
      #expect(touched.allSatisfy { $0.wasRead && $0.readRealInstance })
    }
  }

  @Test func threadsCarryingOneScopeAgreeWithItsTasks() {
    withIsolatedShared {
      let scope = SharedScope.current
      let fromThreads = Locked([Int: ObjectIdentifier]())
      let mismatches = Locked(0)
      let done = DispatchGroup()
      for thread in 0..<4 {
        done.enter()
        Thread {
          scope.run {
            for index in stride(from: thread, to: Self.boxes.count, by: 2) {
              let id = ObjectIdentifier(Self.boxes[index].value)
              fromThreads.mutate { seen in
                if let earlier = seen[index], earlier != id { mismatches.mutate { $0 += 1 } }
                seen[index] = id
              }
            }
          }
          done.leave()
        }.start()
      }
      done.waitOrFail("the four reading threads")
      let seen = fromThreads.get()
      #expect(mismatches.get() == 0)
      #expect(seen.count == Self.boxes.count)
      for (index, id) in seen {
        #expect(ObjectIdentifier(Self.boxes[index].value) == id)
      }
    }
  }
}
