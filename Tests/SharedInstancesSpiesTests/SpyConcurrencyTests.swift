import Foundation
import SharedInstances
import SharedInstancesTesting
import SpyTestSupport
import Testing

/// Many threads and tasks using one spy at once (CI runs this under ThreadSanitizer).
@Suite struct SpyConcurrencyTests {
  static let threads = 8
  static let callsPerThread = 500

  @Test func threadsRecordEveryCallInEachThreadsOrder() throws {
    let spy = FileStoreSpy()
    spy.stub(.open) { call in "\(call)" }
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for index in 0..<Self.callsPerThread {
        spy.refresh()
        _ = try? spy.open(id: thread * 100_000 + index)
        // Readers and stubbers at the same time as the callers.
        _ = spy.callCount(to: .open)
        _ = spy.lastCall(to: .refresh)
        spy.stub(.owner, returning: "owner \(index)")
        _ = spy.owner(of: index)
      }
    }

    let total = Self.threads * Self.callsPerThread
    #expect(spy.callCount(to: .refresh) == total)
    #expect(spy.callCount(to: .open) == total)
    #expect(spy.callCount(to: .owner) == total)
    #expect(spy.calls.count == 3 * total)
    for thread in 0..<Self.threads {
      let ids = spy.calls(to: .open).compactMap { call -> Int? in
        guard case .open(let id) = call, id / 100_000 == thread else { return nil }
        return id % 100_000
      }
      #expect(ids == Array(0..<Self.callsPerThread), "thread \(thread)")
    }
  }

  @Test func matchingWaitsStubsAndKeptArgumentsUnderContention() async {
    let spy = FileStoreSpy()
    spy.stub(.open, returning: "any")
    spy.stub(
      .open,
      where: { if case .open(let id) = $0 { id % 2 == 0 } else { false } },
      returning: "even"
    )
    let evens = Protected(0)
    let waits = await withTaskGroup(of: Bool.self) { group in
      for thread in 0..<4 {
        group.addTask {
          await spy.waitUntilCalled(times: 10, timeout: .seconds(30)) { call in
            if case .open(let id) = call { id / 1_000 == thread } else { false }
          }
        }
      }
      DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
        for index in 0..<100 {
          let answer = try? spy.open(id: thread * 1_000 + index)
          if answer == "even" { evens.withLock { $0 += 1 } }
          spy.keep(index, as: "index \(thread)")
          _ = spy.callCount { $0 == .open(id: index) }
          _ = spy.lastKept("index \(thread)", as: Int.self)
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(waits == [true, true, true, true])
    #expect(evens.withLock { $0 } == Self.threads * 50)
    #expect(spy.callCount { _ in true } == Self.threads * 100)
    #expect(spy.lastKept("index 0", as: Int.self) == 99)
  }

  @Test func aSequenceHandsEachValueOutOnceUnderContention() {
    let spy = FileStoreSpy()
    for _ in 0..<200 {
      spy.resetSpy()
      spy.stub(.size, returning: 0, 1, 2, 3, 4, 5, 6, 7)
      let answers = Protected<[Int]>([])
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        let size = spy.size(of: 0)
        answers.withLock { $0.append(size) }
      }
      #expect(answers.withLock { $0.sorted() } == Array(0..<8))
    }
  }

  @Test func tasksRecordWaitResetAndStubAtOnce() async {
    let spy = FileStoreSpy()
    let callers = 8
    let waits = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<4 {
        group.addTask { await spy.waitUntilCalled(.delete, times: callers, timeout: .seconds(30)) }
      }
      for caller in 0..<callers {
        group.addTask {
          for index in 0..<Self.callsPerThread {
            spy.refresh()
            if index.isMultiple(of: 50) { spy.resetStubs(for: .owner) }
            spy.stub(.owner, returning: "owner \(index)")
            _ = spy.owner(of: index)
            _ = spy.description
          }
          try? spy.delete(id: caller)
          return true
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(waits.allSatisfy { $0 })
    #expect(spy.callCount(to: .delete) == callers)
    #expect(spy.callCount(to: .refresh) == callers * Self.callsPerThread)
  }

  @Test func resettingWhileThreadsRecordIsSafe() {
    let spy = FileStoreSpy()
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for index in 0..<Self.callsPerThread {
        if thread == 0, index.isMultiple(of: 10) {
          spy.resetSpyCalls()
        } else {
          spy.refresh()
          _ = spy.calls
        }
      }
    }
    spy.resetSpyCalls()
    spy.refresh()
    #expect(spy.calls == [.refresh])
  }
}
