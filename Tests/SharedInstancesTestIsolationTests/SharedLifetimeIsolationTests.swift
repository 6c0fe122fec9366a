import IsolationTestSupport
import SharedInstances
import SharedInstancesTesting
import Testing

/// Ending a lifetime is a change like `reset()`: inside an isolated test it ends the test's own
/// instances only.
@Suite struct SharedLifetimeIsolationTests {
  /// 40 tests in parallel sign in as themselves; half of them sign out. Nobody sees another
  /// test's user, and signing out in one test leaves the others signed in.
  @Test(.isolatedShared, arguments: 0..<40)
  func eachTestHasItsOwnSession(index: Int) async throws {
    TestSession.user.set(Tagged("user \(index)"))
    let cart = TestSession.cart.value
    try await Task.sleep(nanoseconds: UInt64.random(in: 0...3) * 1_000_000)
    #expect(TestSession.user.currentValue?.tag == "user \(index)")
    #expect(TestSession.cart.value === cart)
    if index.isMultiple(of: 2) {
      TestSession.lifetime.end()
      #expect(TestSession.user.currentValue == nil)
      #expect(TestSession.cart.value !== cart)
    }
    try await Task.sleep(nanoseconds: UInt64.random(in: 0...3) * 1_000_000)
    if !index.isMultiple(of: 2) {
      #expect(TestSession.user.currentValue?.tag == "user \(index)")
      #expect(TestSession.cart.value === cart)
    }
  }

  @Test func endingInsideAScopeLeavesTheProcessWideSessionAlone() {
    let global = readOnThread { TestSession.globalCart.value }
    withIsolatedShared {
      _ = TestSession.globalCart.value
      TestSession.lifetime.end()
    }
    #expect(readOnThread { TestSession.globalCart.value } === global)
  }

  /// What a test touched does not depend on which members of the lifetime other tests declared
  /// first: ending it touches only the members this test (or its suite) holds something of.
  @Test(.isolatedShared) func endingTouchesOnlyTheMembersTheTestUsed() {
    _ = TestSession.neverUsedHere  // declared (joins the lifetime), but not used in this test
    TestSession.user.set(Tagged("ada"))
    TestSession.lifetime.end()
    let touched = SharedScope.current.touchedInstances.map(\.boxDescription)
    #expect(touched.count == 1)
    #expect(touched.first == TestSession.user.description)
    #expect(TestSession.user.currentValue == nil)
  }

  @Test func endingInANestedScopeResetsWhatItsParentHolds() {
    withIsolatedShared {
      TestSession.user.set(Tagged("parent's user"))
      withIsolatedShared {
        TestSession.lifetime.end()
        #expect(TestSession.user.currentValue == nil)
      }
      #expect(TestSession.user.currentValue?.tag == "parent's user")
    }
  }
}

// MARK: - Fixtures

private enum TestSession {
  static let lifetime = SharedLifetime("test session")
  static let user = Resettable<Tagged>.empty(in: lifetime)
  static let cart = Resettable(in: lifetime) { Tagged("cart") }
  static let globalCart = Resettable(in: lifetime) { Tagged("global cart") }
  static let neverUsedHere = Resettable(in: lifetime) { Tagged("unused") }
}
