import Foundation
import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import Testing

@Suite struct IsolatedSharedTraitTests {
  /// 200 tests in parallel override the same box, await at random points, and must each keep
  /// seeing their own value.
  @Test(.isolatedShared, arguments: 0..<200)
  func parallelTestsNeverSeeEachOthersOverrides(index: Int) async throws {
    let mine = Tagged("test \(index)")
    #expect(Boxes.crossTalk.value.tag == "real")  // a fresh instance, not another test's
    Boxes.crossTalk.override(with: mine)
    for _ in 0..<5 {
      try await Task.sleep(nanoseconds: UInt64.random(in: 0...3) * 1_000_000)
      #expect(Boxes.crossTalk.value === mine)
    }
    Boxes.crossTalk.reset()
    #expect(Boxes.crossTalk.value.tag == "real")
  }

  /// The scope around a test function as a whole only checks its dependency record: without a
  /// record to check, Swift Testing gets no scope there (each case still gets its own).
  @Test func aWholeFunctionGetsAScopeOnlyWhereItRecordsDependencies() throws {
    let test = try #require(Test.current)
    let testCase = try #require(Test.Case.current)
    let plain = IsolatedSharedTrait.isolatedShared
    #expect(plain.scopeProvider(for: test, testCase: nil) == nil)
    #expect(plain.scopeProvider(for: test, testCase: testCase) != nil)
    let recording = IsolatedSharedTrait.isolatedShared(.recordsDependencies)
    #expect(recording.scopeProvider(for: test, testCase: nil) != nil)
    #expect(plain.recordingDependencies().scopeProvider(for: test, testCase: nil) != nil)
  }

  @Test(.isolatedShared) func theProcessWideInstanceIsUntouched() {
    let global = readOnThread { Boxes.escaping.value }
    Boxes.escaping.override(with: Tagged("fake"))
    #expect(Boxes.escaping.value.tag == "fake")
    #expect(readOnThread { Boxes.escaping.value } === global)
  }

  @Test func aLazilyCreatedInstanceIsTheTestsOwnAndIsReleasedAfterIt() {
    let global = readOnThread { Boxes.lifetime.value }
    weak var created: Tagged?
    withIsolatedShared {
      let mine = Boxes.lifetime.value
      created = mine
      #expect(mine !== global)
    }
    #expect(created == nil)
    #expect(readOnThread { Boxes.lifetime.value } === global)
  }

  @Test func aLimitedLifetimeBoxStartsEmptyInEachScope() {
    withIsolatedShared {
      #expect(Boxes.session.currentValue == nil)
      Boxes.session.set(Tagged("signed in"))
      #expect(Boxes.session.value.tag == "signed in")
    }
    withIsolatedShared {
      #expect(Boxes.session.currentValue == nil)
    }
  }

  @Test(.isolatedShared) func childTasksSeeTheTestsOverride() async {
    Boxes.escaping.override(with: Tagged("fake"))
    async let fromAsyncLet = Boxes.escaping.value.tag
    let fromTask = await Task { Boxes.escaping.value.tag }.value
    let fromGroup = await withTaskGroup(of: String.self) { group in
      group.addTask { Boxes.escaping.value.tag }
      return await group.next()!
    }
    #expect(await fromAsyncLet == "fake")
    #expect(fromTask == "fake")
    #expect(fromGroup == "fake")
  }

  @Test func scopesNestAndTheInnerOneWins() {
    withIsolatedShared {
      Boxes.nested.override(with: Tagged("outer"))
      withIsolatedShared {
        #expect(Boxes.nested.value.tag == "outer")  // starts from the parent's override
        Boxes.nested.override(with: Tagged("inner"))
        #expect(Boxes.nested.value.tag == "inner")
      }
      #expect(Boxes.nested.value.tag == "outer")  // the inner override ended with its scope
    }
  }

  @Test(.isolatedShared) func readsRecordWhatTheTestTouched() {
    Boxes.record.override(with: Tagged("fake"))
    _ = Boxes.record.value
    _ = Boxes.record.value
    _ = Boxes.recordOther.value
    let touched = SharedScope.current.touchedInstances
    #expect(touched.map(\.sharedTypeName) == ["Tagged", "Tagged"])
    #expect(touched.map(\.reads) == [2, 1])
    #expect(touched.map(\.readRealInstance) == [false, true])
    #expect(touched[1].boxDescription.contains("Fixtures.swift"))
    #expect(SharedScope.current.isIsolated)
  }

  @Test func outsideIsolationTheRecordIsEmpty() {
    #expect(!SharedScope.current.isIsolated)
    #expect(SharedScope.current.touchedInstances.isEmpty)
  }
}

/// A suite-level trait with a declared set-up: every test inside, nested suites and each
/// argument of a parameterized test, starts from the set-up's overrides.
@Suite(.isolatedShared { Boxes.suiteSetUp.override(with: Tagged("from suite")) })
struct SuiteTraitTests {
  @Test func aTestSeesTheSuitesOverride() {
    #expect(Boxes.suiteSetUp.value.tag == "from suite")
    #expect(Boxes.suiteSetUp.isOverridden)
  }

  @Test(arguments: ["a", "b", "c"])
  func eachArgumentGetsItsOwnScope(argument: String) async throws {
    #expect(Boxes.suiteSetUp.value.tag == "from suite")
    Boxes.suiteSetUp.override(with: Tagged(argument))
    try await Task.sleep(nanoseconds: 5_000_000)
    #expect(Boxes.suiteSetUp.value.tag == argument)
  }

  @Test(.isolatedShared { Boxes.nested.override(with: Tagged("from test")) })
  func aTraitOnTheTestNestsInsideTheSuites() {
    #expect(Boxes.suiteSetUp.value.tag == "from suite")
    #expect(Boxes.nested.value.tag == "from test")
  }

  @Suite struct Nested {
    @Test func nestedSuitesAreIsolatedToo() {
      #expect(SharedScope.current.isIsolated)
      #expect(Boxes.suiteSetUp.value.tag == "from suite")
    }
  }
}
