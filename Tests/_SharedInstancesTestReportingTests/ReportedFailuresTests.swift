import Foundation
import Testing
import _SharedInstancesTestReporting

/// An error whose failure the library already reported is recognized however the code under
/// test wrapped it, so the test's results do not show it twice.
@Suite struct ReportedFailuresTests {
  @Test func aReportedFailureIsRecognizedAsItIs() {
    #expect(ReportedFailures.contain(AlreadyReported()))
  }

  @Test func aReportedFailureIsRecognizedInsideTheErrorsAppsWrapItIn() {
    #expect(ReportedFailures.contain(AppError.storage(AlreadyReported())))
    #expect(
      ReportedFailures.contain(
        Wrapper(reason: "checkout", underlying: AppError.storage(AlreadyReported()))
      )
    )
  }

  @Test func anNSErrorMarkedAsReportedOrWrappingOneIsRecognized() {
    let marked = NSError(
      domain: NSURLErrorDomain,
      code: NSURLErrorCancelled,
      userInfo: [ReportedFailures.userInfoKey: true]
    )
    #expect(ReportedFailures.contain(marked))
    let wrapping = NSError(domain: "App", code: 1, userInfo: [NSUnderlyingErrorKey: marked])
    #expect(ReportedFailures.contain(wrapping))
  }

  @Test func anErrorNoFailureWasReportedForIsNot() {
    #expect(!ReportedFailures.contain(AppError.offline))
    #expect(!ReportedFailures.contain(NSError(domain: "App", code: 1)))
    #expect(!ReportedFailures.contain(Wrapper(reason: "checkout", underlying: AppError.offline)))
  }

  @Test func theSearchStopsAFewLevelsDeep() {
    var error: any Error = AlreadyReported()
    for level in 0..<20 { error = Wrapper(reason: "level \(level)", underlying: error) }
    #expect(!ReportedFailures.contain(error))
  }
}

// MARK: - Fixtures

private struct AlreadyReported: ReportedFailure {}

private enum AppError: Error {
  case storage(any Error)
  case offline
}

private struct Wrapper: Error {
  let reason: String
  let underlying: any Error
}
