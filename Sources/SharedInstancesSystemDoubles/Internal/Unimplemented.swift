import SharedInstances
import SharedInstancesSystem
import _SharedInstancesTestReporting

/// The failure of a double that stands for a system value the test did not provide.
enum Unimplemented {
  /// Fails the running test (or the run): `what` was used, and the double was created at
  /// `location`.
  static func fail(_ what: String, _ how: String = "was called", at location: _SourceLocation) {
    TestFailure.fail(
      """
      Unimplemented: \(what) \(how) (created at \(location.fileID):\(location.line)). The \
      code under test used the time, a date, a UUID or randomness that this test did not \
      provide: override the SystemBoxes box it reads with a value for this test (a TestClock, \
      .constant(_:), .incrementing, .seeded(_:)).
      """,
      at: location
    )
  }
}
