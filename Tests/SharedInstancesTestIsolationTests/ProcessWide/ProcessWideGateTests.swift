import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// A process-wide scope runs alone among isolated scopes, so no thread of an
/// isolated test can land in it; a process-wide state carried with `SharedScope` means the
/// process-wide instances.
@Suite(TimeLimits.waiting) struct ProcessWideGateTests {
  /// Before the gate, the isolated scope opened at once and its thread read the process-wide
  /// scope's double ("process-wide test's double").
  @Test func aThreadOfAnIsolatedScopeNeverLandsInAnOpenProcessWideScope() async {
    let opened = AsyncLatch()
    let log = EventLog()
    async let processWide: Void = withIsolatedShared(.processWide) {
      EdgeBoxes.gateLeak.override(with: Tagged("process-wide test's double"))
      log.append("process-wide opened")
      await opened.open()
      try? await Task.sleep(nanoseconds: 100_000_000)
      log.append("process-wide ends")
    }
    await opened.wait()
    let fromThread = await withIsolatedShared {
      await Task.yield()
      log.append("isolated opened")
      return readOnThread { EdgeBoxes.gateLeak.value.tag }
    }
    await processWide
    #expect(fromThread == "real")
    #expect(log.all == ["process-wide opened", "process-wide ends", "isolated opened"])
  }

  /// Before the fix, `carried.run` resolved in the open process-wide scope.
  @Test func aCarriedProcessWideStateMeansTheProcessWideInstances() async {
    let carried = SharedScope.current
    #expect(!carried.isIsolated)
    await withIsolatedShared(.processWide) {
      EdgeBoxes.carried.override(with: Tagged("process-wide test's double"))
      #expect(readOnThread { EdgeBoxes.carried.value.tag } == "process-wide test's double")
      #expect(readOnThread { carried.run { EdgeBoxes.carried.value.tag } } == "real")
      let fromDetached = await Task.detached {
        carried.run { EdgeBoxes.carried.value.tag }
      }.value
      #expect(fromDetached == "real")
    }
  }

  /// Many isolated and process-wide scopes from tasks and from threads: a process-wide scope is
  /// never open together with any other scope.
  @Test func processWideScopesNeverOverlapOtherScopes() async {
    let census = ScopeCensus()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          let processWide = index % 20 == 0
          await withIsolatedShared(processWide ? .processWide : []) {
            census.enter(processWide: processWide)
            EdgeBoxes.gateStress.override(with: Tagged("task \(index)"))
            if processWide {
              try? await Task.sleep(nanoseconds: 2_000_000)  // long enough for others to start
            } else {
              await Task.yield()
            }
            #expect(EdgeBoxes.gateStress.value.tag == "task \(index)")
            census.leave(processWide: processWide)
          }
        }
      }
      group.addTask {
        // Threads wait by blocking, as XCTest does. A thread outside every test task would nest
        // its scope in an open process-wide scope (it may be that test's own thread); carrying
        // the process-wide state makes each scope an outermost one, which takes the gate.
        let outside = SharedScope.current
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
          Thread {
            DispatchQueue.concurrentPerform(iterations: 60) { index in
              let processWide = index % 10 == 0
              outside.run {
                withIsolatedShared(processWide ? .processWide : []) {
                  census.enter(processWide: processWide)
                  EdgeBoxes.gateStress.override(with: Tagged("thread \(index)"))
                  census.leave(processWide: processWide)
                }
              }
            }
            done.resume()
          }.start()
        }
      }
    }
    #expect(census.overlaps == 0)
  }
}

/// Scopes nest without waiting for themselves: a process-wide test in an isolated suite, a
/// process-wide scope inside an isolated test, and scopes opened from the test's own threads.
@Suite(.isolatedShared, TimeLimits.waiting) struct NestedGateTests {
  @Test(.isolatedShared(.processWide)) func aProcessWideTestInAnIsolatedSuiteRuns() {
    EdgeBoxes.nested.override(with: Tagged("nested"))
    #expect(readOnThread { EdgeBoxes.nested.value.tag } == "nested")
  }

  @Test func aProcessWideScopeInsideAnIsolatedTestRuns() async {
    await withIsolatedShared(.processWide) {
      await Task.yield()
      EdgeBoxes.nested.override(with: Tagged("upgraded"))
      #expect(readOnThread { EdgeBoxes.nested.value.tag } == "upgraded")
    }
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<3 {
        group.addTask {
          await withIsolatedShared(.processWide) {
            await Task.yield()
            EdgeBoxes.nested.override(with: Tagged("sibling \(index)"))
            #expect(readOnThread { EdgeBoxes.nested.value.tag } == "sibling \(index)")
          }
        }
      }
    }
  }

  @Test func isolatedScopesNestInsideAnIsolatedTest() async {
    let tag = await withIsolatedShared {
      withIsolatedShared(.processWide) {
        EdgeBoxes.nestedSync.override(with: Tagged("inner"))
        return EdgeBoxes.nestedSync.value.tag
      }
    }
    #expect(tag == "inner")
  }
}

@Suite(.isolatedShared(.processWide), TimeLimits.waiting) struct ProcessWideSuiteGateTests {
  /// A thread of a process-wide test that opens a scope of its own nests in the test's scope
  /// instead of waiting for the test to end.
  @Test func aThreadOfAProcessWideTestCanOpenAScope() {
    EdgeBoxes.nestedSuite.override(with: Tagged("outer"))
    let tag = readOnThread {
      withIsolatedShared { EdgeBoxes.nestedSuite.value.tag }
    }
    #expect(tag == "outer")
  }
}
