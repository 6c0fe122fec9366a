import Foundation
import SharedInstances
import SharedInstancesTesting
import TestSupport
import Testing

/// What an exit test's child process reads is part of the parent test's dependency
/// record (checked against the committed file in `__Dependencies__/ExitTestRecords/`: before the
/// fix, the record listed only the parent's own override, and this test failed on the missing
/// line).
@Suite(.isolatedShared(.recordsDependencies), TimeLimits.waiting) struct ExitTestRecords {
  #if !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    @Test func theChildsReadsAreInTheParentsRecord() async {
      DependencyBoxes.clock.override(with: DepClock("fake"))
      await #expect(processExitsWith: .success) {
        _ = DependencyBoxes.analytics.value  // the real instance, in the child only
      }
    }
  #endif
}
