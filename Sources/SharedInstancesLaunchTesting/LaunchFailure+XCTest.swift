import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// The XCTest half of ``LaunchFailure``: a UI test that prepared a launch fails through here.
enum LaunchFailureXCTest {
  static func fail(_ message: String, at sourceLocation: SourceLocation) {
    #if canImport(XCTest)
      XCTFail("\(message) (\(sourceLocation.fileID):\(sourceLocation.line))")
    #endif
  }
}
