import SharedInstancesDependencyMap

extension SharedIsolationOptions {
  /// Compares the shared instances each test touched with a record committed next to the test
  /// file, and fails the test when they differ: a new hidden dependency shows up in review.
  ///
  /// The record is `.dependencies/<TestFile>/<test>.txt` beside the test's source file: one
  /// line per box the test read, overrode, set or reset, sorted. A test with no record yet
  /// writes it and fails once (see ``DependencyRecordMode``). A parameterized test has one
  /// record, the union of what its arguments touched. See <doc:FindingHiddenDependencies>.
  ///
  /// It takes effect under the ``Testing/Trait/isolatedShared(_:setUp:)`` trait; in XCTest,
  /// return a ``DependencyRecording`` from ``IsolatedSharedTestCase/dependencyRecording``.
  /// Given to ``withIsolatedShared(_:name:fileID:line:operation:)`` alone, where no test file is
  /// known, it fails the test.
  ///
  /// ```swift
  /// @Suite(.isolatedShared(.recordsDependencies)) struct ProfileTests {
  ///   @Test func showsName() { … }   // checked against .dependencies/ProfileTests/showsName.txt
  /// }
  /// ```
  public static let recordsDependencies = SharedIsolationOptions(rawValue: 1 << 8)

  /// The test may read real instances even when the run is strict
  /// (`SHARED_INSTANCES_STRICT=1`): a suite's opt-out of the target-wide switch.
  ///
  /// It does not silence ``SharedIsolationOptions/strict`` given to the same trait, nor boxes
  /// declared `Resettable(inTests: .required)`: a box's declaration wins over a suite's
  /// opt-out. To read such a box for real, exempt it by name with
  /// ``IsolatedSharedTrait/exempting(_:)``.
  ///
  /// ```swift
  /// @Suite(.isolatedShared(.allowsRealInstances)) struct FormatterIntegrationTests { … }
  /// ```
  public static let allowsRealInstances = SharedIsolationOptions(rawValue: 1 << 9)
}
