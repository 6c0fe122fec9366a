import Testing

#if compiler(>=6.2)
  extension IssueHandlingTrait {
    /// `compactMapIssues(_:)` for the issues of the test case it is applied to only.
    ///
    /// Swift Testing hands an issue recorded where no test runs (a `Thread`, a `DispatchQueue`
    /// block, `Task.detached`) to every issue handler in use: the run's own, which reports it,
    /// and each running test case's. Passed on there too, one such issue (an escaped read's
    /// warning) was reported once more for each handler of every test case running then, and a
    /// failure counted as each one's. `transform` never sees such an issue; the run reports it.
    static func compactMapTestCaseIssues(
      _ transform: @escaping @Sendable (Issue) -> Issue?
    ) -> Self {
      compactMapIssues { issue in
        // Outside every test's tasks: a copy of what the run's own handler reports.
        guard Test.current != nil else { return nil }
        return transform(issue)
      }
    }
  }
#endif
