import Testing

/// The time limit of the suites whose tests wait (on latches, continuations,
/// semaphores, child processes): generous, so that only a hang reaches it, and then the test
/// fails by name instead of holding the run.
///
/// `.timeLimit` needs macOS 13 / iOS 16, the package supports older systems, and a suite cannot
/// be marked `@available`: there, the suites run without a limit.
package enum TimeLimits {
  package static var waiting: any SuiteTrait {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
      return TimeLimitTrait.timeLimit(.minutes(10))
    }
    return ConditionTrait.enabled(if: true)
  }
}
