import SharedInstances

// Here, where the reports of leaked overrides use it, rather than in the core: a production
// program does not carry it (issue 30, item 8).
extension _RunningTest {
  /// The name of the test running on this thread or task, if the testing module knows one.
  package static var name: String? {
    provider.load()?()
  }
}
