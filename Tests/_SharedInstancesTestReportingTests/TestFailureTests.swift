import SharedInstances
import Testing
import _SharedInstancesTestReporting

/// A failure the library raises goes to the test framework that runs the test, at the user's
/// line when it lies in the test's module.
@Suite struct TestFailureTests {
  @Test func aFailureOnASwiftTestingTestsTaskFailsThatTest() {
    withKnownIssue {
      TestFailure.fail("the library's failure", at: here())
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "the library's failure" }
    }
    #expect(TestingProcess.isSwiftTesting)
  }

  @Test func aWarningDoesNotFailTheTest() {
    TestFailure.warn("the library's warning", at: here())
  }

  @Test func aLocationInTheTestsModuleIsKept() {
    let location = here()
    let (message, shown) = TestFailure.atUsersLine("a failure", location)
    #expect(message == "a failure")
    #expect(shown.fileID == "\(location.fileID)")
    #expect(shown.line == Int(location.line))
  }

  @Test func aLocationInAnotherModuleIsShownAtTheTestNamingWhereItWasDetected() throws {
    let library = _SourceLocation(
      fileID: "SomeLibrary/Wrapper.swift",
      filePath: "/src/SomeLibrary/Wrapper.swift",
      line: 12,
      column: 3
    )
    let (message, shown) = TestFailure.atUsersLine("a failure", library)
    let test = try #require(Test.current)
    #expect(shown == test.sourceLocation)
    #expect(message.hasPrefix("a failure (detected at SomeLibrary/Wrapper.swift:12"))
    #expect(message.contains("outside the test's module _SharedInstancesTestReportingTests"))
  }

  @Test func anOutcomeRemembersThatItsTestFailed() {
    let outcome = TestOutcome()
    #expect(!outcome.hasFailed)
    outcome.markFailed()
    outcome.markFailed()
    #expect(outcome.hasFailed)
    #expect(TestOutcome.current == nil)
    TestOutcome.$current.withValue(outcome) { #expect(TestOutcome.current === outcome) }
  }

  // MARK: - Fixtures

  private func here(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _SourceLocation {
    _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
