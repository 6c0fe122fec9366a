import SharedInstances

extension SharedScope {
  /// Ends the isolation an exit test's child process starts in, so that the rest of the exit
  /// test's body runs as production code does; does nothing in any other process.
  ///
  /// With the testing module linked, the child process of `#expect(processExitsWith:)` is
  /// one isolated test from the moment it loads: every box resolves in the child's own scope.
  /// Call this first in the body to test what the program does outside every test instead, such
  /// as a crash that only production code reaches:
  ///
  /// ```swift
  /// @Test func aSecondBootstrapStopsTheProgram() async {
  ///   await #expect(processExitsWith: .failure) {
  ///     SharedScope.leaveExitTestIsolation()
  ///     MetricsSystem.bootstrap(StatsdFactory())
  ///     MetricsSystem.bootstrap(StatsdFactory())   // stops the program, as in production
  ///   }
  /// }
  /// ```
  ///
  /// - Returns: Whether this process was an exit test's isolated child (and no longer is).
  @discardableResult
  public static func leaveExitTestIsolation() -> Bool {
    ExitTestChild.end()
  }
}
