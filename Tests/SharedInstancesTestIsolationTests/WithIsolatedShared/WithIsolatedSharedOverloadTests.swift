import SharedInstances
import SharedInstancesTesting
import Testing

/// `await withIsolatedShared { … }` with a body that does not suspend takes the asynchronous
/// overload, with no warning: this file compiles warning-free (`swift build -Xswiftc
/// -warnings-as-errors`), where the synchronous overload used to win with "no 'async'
/// operations occur within 'await' expression" and blocked a thread of the pool.
@Suite struct WithIsolatedSharedOverloadTests {
  @Test func anAwaitedSynchronousBodyTakesTheAsynchronousOverload() async {
    let value = await withIsolatedShared {
      OverloadBoxes.greeting.override(with: "isolated")
      return OverloadBoxes.greeting.value
    }
    #expect(value == "isolated")
    #expect(OverloadBoxes.greeting.value == "real")
  }

  @Test func aSynchronousCallerStillTakesTheSynchronousOverload() {
    let value = withIsolatedShared {
      OverloadBoxes.greeting.override(with: "isolated")
      return OverloadBoxes.greeting.value
    }
    #expect(value == "isolated")
  }
}

// MARK: - Fixtures

private enum OverloadBoxes {
  static let greeting = Resettable<String> { "real" }
}
