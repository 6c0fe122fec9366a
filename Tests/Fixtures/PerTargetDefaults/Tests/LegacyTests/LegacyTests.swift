import Greetings
import SharedInstancesTesting
import Testing
import XCTest

// The deprecated form (a conformance of the library's type), in this target only: it still
// serves this target's tests, and only them. `@retroactive` silences the compiler's warning.
extension SharedInstancesTesting.SharedTestDefaults: @retroactive SharedTestDefaultsProviding {
  public static var defaults: [SharedTestDefault] {
    [SharedTestDefault(Greeting.word) { "legacy" }]
  }
}

@Suite(.isolatedShared) struct LegacySwiftTestingTests {
  @Test(arguments: 0..<20) func getsThisTargetsDefault(_ round: Int) {
    #expect(Greeting.word.value == "legacy")
  }
}

final class LegacyXCTests: IsolatedSharedTestCase {
  func testGetsThisTargetsDefault() {
    XCTAssertEqual(Greeting.word.value, "legacy")
  }
}
