import Greetings
import SharedInstancesTesting
import Testing
import XCTest

// This target's own defaults: no conformance of an imported type, so nothing to warn about.
enum SharedTestDefaults: SharedTestDefaultsProviding {
  static var defaults: [SharedTestDefault] {
    [SharedTestDefault(Greeting.word) { "two" }]
  }
}

@Suite(.isolatedShared) struct TwoSwiftTestingTests {
  // Several tests, so that under parallel runs they interleave with the other targets' tests.
  @Test(arguments: 0..<20) func getsThisTargetsDefault(_ round: Int) {
    #expect(Greeting.word.value == "two")
  }

  @Test func withIsolatedSharedGetsThisTargetsDefault() {
    withIsolatedShared { #expect(Greeting.word.value == "two") }
  }
}

final class TwoXCTests: IsolatedSharedTestCase {
  func testGetsThisTargetsDefault() {
    XCTAssertEqual(Greeting.word.value, "two")
  }
}
