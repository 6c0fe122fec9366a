import Testing

/// Fails the running test, in the framework that runs it: Swift Testing drops `XCTFail` and
/// XCTest drops `Issue.record` (a UI test is an XCTest).
enum LaunchFailure {
  static func record(_ message: String, at sourceLocation: SourceLocation) {
    if Test.current != nil {
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    } else {
      LaunchFailureXCTest.fail(message, at: sourceLocation)
    }
  }
}
