import SharedInstances

/// Overrides left in a box's process-wide instance by code outside every isolated scope (a test
/// that forgot its trait), made visible to the other tests that read them.
///
/// The rule, once isolation is used in the process:
/// - `override(with:)` outside every scope, in a test the testing module knows is running (a test
///   without the trait, on its own task), marks the box as holding an override leaked by that
///   test; `set(_:)` or `reset()` outside every scope clears the mark. `withOverride` and
///   `overrideShared`, which restore the previous state, never mark it.
/// - A read of that box's process-wide instance by *another* running test fails that test, once
///   per box and test, naming the override's call site and the test that made it: the test would
///   otherwise pass or fail depending on which tests ran before it.
/// - Not reported: overrides made by code attributed to no test (a `Thread`, a `DispatchQueue`
///   block: it may belong to the reading test itself; the report of the change outside isolation
///   covers those), reads attributed to no test, and reads by the test that made the override.
package enum _LeakedOverrides {
  private struct Leak {
    let description: String
    let location: _SourceLocation
    let test: String?
  }

  private struct Registry {
    var leaks: [UInt64: Leak] = [:]
    /// "box id|test name" pairs already reported.
    var reported: Set<String> = []
  }

  private static let registry = Protected(Registry())

  /// Notes a change of `identity` made outside every scope.
  static func noteChange(
    _ identity: _BoxIdentity,
    operation: String,
    location: _SourceLocation,
    test: String? = _RunningTest.name
  ) {
    var marks = operation.hasPrefix("override")
    guard marks || operation.hasPrefix("reset") || operation.hasPrefix("set(") else { return }
    if marks && test == nil { marks = false }  // unattributed: clears rather than marks
    registry.withLock { registry in
      let had = registry.leaks[identity.id] != nil
      if marks {
        registry.leaks[identity.id] = Leak(
          description: "\(identity.codeName).\(operation)",
          location: location,
          test: test
        )
        if !had { _ProcessWords.addLeakedOverrides(1) }
      } else if had {
        registry.leaks[identity.id] = nil
        registry.reported = registry.reported.filter { !$0.hasPrefix("\(identity.id)|") }
        _ProcessWords.addLeakedOverrides(-1)
      }
    }
  }

  /// Checks a read of `identity` that resolved to the process-wide instance.
  @inline(__always)
  static func check(_ identity: _BoxIdentity) {
    guard _ProcessWords.leakedOverridesExist else { return }
    report(identity)
  }

  private static func report(_ identity: _BoxIdentity) {
    guard let reader = _RunningTest.name else { return }
    let leak: Leak? = registry.withLock { registry in
      guard let leak = registry.leaks[identity.id], leak.test != reader,
        registry.reported.insert("\(identity.id)|\(reader)").inserted
      else { return nil }
      return leak
    }
    guard let leak else { return }
    let maker = leak.test.map { "test \($0)" } ?? "another test"
    _Diagnostics.report(
      _Diagnostic(
        message: """
          Test \(reader) read \(identity.description), whose process-wide instance is a test \
          double that \(maker) installed with \(leak.description) at \
          \(leak.location.fileID):\(leak.location.line), outside any isolated scope. The \
          override leaked: this test's result depends on which tests ran before it. Mark the \
          test that overrides `.isolatedShared` (or use IsolatedSharedTestCase), or override \
          the box in this test too.
          """,
        location: identity.location
      )
    )
  }
}

extension _LeakedOverrides {
  /// Marks the process-wide instance of `box` as an override leaked by `test`, as if that test
  /// had called `override(with:)` outside every scope (for the library's own tests).
  package static func markOverrideLeaked<Shared>(
    _ box: Resettable<Shared>,
    byTest test: String,
    location: _SourceLocation
  ) {
    noteChange(
      box._identity,
      operation: "override(with:)",
      location: location,
      test: test
    )
  }
}
