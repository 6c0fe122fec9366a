import SharedInstancesTesting
import Testing

// This target depends on `SharedInstancesTesting` alone and builds with `MemberImportVisibility`
// (Package.swift enables it for every target). If the testing module stopped re-exporting
// `SharedInstances`, the members used below would not compile ("not available due to missing
// import of defining module 'SharedInstances'").

// MARK: - Fixtures

private protocol Greeting: Sendable {
  func greet() -> String
}

private final class Greeter: Greeting {
  static let shared = Resettable<any Greeting> { Greeter() }
  static let session = SharedLifetime("session")
  static let signedIn = Resettable<String>.empty(in: session)

  func greet() -> String { "Hello" }
}

private enum GreetingCall: SpyCall {
  case greet
}

private final class GreetingSpy: Spy<GreetingCall>, Greeting, @unchecked Sendable {
  // @unchecked: `Spy` guards its state with its own lock; this subclass adds no state.
  func greet() -> String {
    record(.greet)
    return "Hi"
  }
}

// MARK: - Tests

@Suite(.isolatedShared)
struct SingleImportTests {
  @Test func overrideAndValueCompileWithTheTestingImportAlone() {
    let spy = GreetingSpy()
    Greeter.shared.override(with: spy)
    #expect(Greeter.shared.value.greet() == "Hi")
    #expect(Greeter.shared.isOverridden)
    #expect(spy.calls == [.greet])
  }

  @Test func resetAndEmptyBoxesCompileWithTheTestingImportAlone() throws {
    Greeter.shared.reset()
    #expect(Greeter.shared.value.greet() == "Hello")
    #expect(throws: EmptySharedInstanceError.self) { try Greeter.signedIn.require() }
    #expect(Greeter.signedIn.setIfEmpty("ada"))
    #expect(try Greeter.signedIn.require() == "ada")
    Greeter.session.end()
    #expect(Greeter.signedIn.currentValue == nil)
  }

  @Test func locatorCompilesWithTheTestingImportAlone() throws {
    let locator = ServiceLocator()
    try locator.register(service: Greeter.shared.value)
    #expect(try locator.get((any Greeting).self).greet() == "Hello")
  }

  @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
  @Test func systemBoxesCompileWithTheTestingImportAlone() async {
    // `SystemBoxes` is in `SharedInstancesSystem`, which the testing module re-exports.
    let clock = TestClock()
    SystemBoxes.continuousClock.override(with: clock)
    SystemBoxes.uuid.override(with: .incrementing)
    #expect(SystemBoxes.uuid.isOverridden)
    await clock.advance(by: .seconds(1))
    #expect(SystemBoxes.continuousClock.value.now.offset == .seconds(1))
  }
}
