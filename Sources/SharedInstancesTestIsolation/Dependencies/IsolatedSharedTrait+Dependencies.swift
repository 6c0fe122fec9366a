import SharedInstances
import SharedInstancesDependencyMap
import Testing

extension IsolatedSharedTrait {
  /// Lets the tests under this trait read the real instances of `boxes`, even when strict
  /// mode is on or a box is declared `Resettable(inTests: .required)`.
  ///
  /// Use it for boxes a whole suite relies on for real (a clock, a logger, an in-memory
  /// store), so that strict mode reports only the dependencies that matter.
  ///
  /// ```swift
  /// @Suite(.isolatedShared(.strict).exempting(SystemBoxes.continuousClock, Logging.shared))
  /// struct CheckoutTests { … }
  /// ```
  ///
  /// Each box is a `Resettable` or a value that stands for one (a `ResettableConvertible`, such
  /// as the system's clock boxes), in any mix.
  ///
  /// - Parameter boxes: The boxes tests may read for real.
  /// - Returns: The trait, with the boxes added to those already exempt.
  public func exempting<each Box: ResettableConvertible>(_ boxes: repeat each Box) -> Self {
    var trait = self
    for box in repeat each boxes {
      trait.dependencySettings.exemptBoxes.insert(box.resettable._boxIdentity.id)
    }
    return trait
  }

  /// Records the shared instances each test touches and checks them against the committed
  /// record, with a record mode that wins over `SHARED_INSTANCES_RECORD`.
  ///
  /// Implies ``SharedIsolationOptions/recordsDependencies``. See
  /// <doc:FindingHiddenDependencies>.
  ///
  /// ```swift
  /// @Suite(.isolatedShared.recordingDependencies(.all))   // re-record this suite, then revert
  /// struct ProfileTests { … }
  ///
  /// @Suite(.isolatedShared.recordingDependencies(failsWhenRecording: false))
  /// struct AdoptionTests { … }   // records missing files without failing
  /// ```
  ///
  /// - Parameters:
  ///   - mode: When records are written; nil follows `SHARED_INSTANCES_RECORD`.
  ///   - failsWhenRecording: Whether writing a record fails the test (true by default).
  /// - Returns: The trait, recording dependencies.
  public func recordingDependencies(
    _ mode: DependencyRecordMode? = nil,
    failsWhenRecording: Bool = true
  ) -> Self {
    var trait = self
    trait.dependencySettings.recording = DependencyRecording(
      mode,
      failsWhenRecording: failsWhenRecording
    )
    return trait
  }

  /// Asks Swift Testing for this trait's scope around each test function as a whole too (not
  /// only around each of its arguments) where the test records its dependencies: there the
  /// test's dependency record is checked, the union over its arguments for a parameterized test.
  ///
  /// Swift Testing calls this; you do not.
  ///
  /// ```swift
  /// @Test(.isolatedShared(.recordsDependencies), arguments: [1, 2])
  /// func sizes(_ size: Int) { … }   // one record: .dependencies/<file>/sizes.txt
  /// ```
  ///
  /// - Parameters:
  ///   - test: The test or suite.
  ///   - testCase: One argument of the test, or nil for the test as a whole.
  /// - Returns: This trait for each case of a test function, for the function as a whole where
  ///   it records its dependencies, and for a suite, whose tests share one issue handler (each
  ///   test case still gets its own scope); nil otherwise.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    // A suite's scope only installs the issue handler its tests share.
    if test.isSuite { return self }
    // The scope around the whole function only checks a record: none to check, no scope.
    if testCase == nil, !options.contains(.recordsDependencies), dependencySettings.recording == nil
    {
      return nil
    }
    return self
  }
}
