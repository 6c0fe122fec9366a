import SharedInstances

/// What the testing module may watch of a scope as it happens, rather than when it ends: the
/// child process of an exit test can be stopped at any point, so what it reads is told to the
/// parent test at once.
package enum _ScopeObserver {
  /// How a scope's own instance of a box was made.
  package enum Creation: Sendable {
    /// By the box's real factory.
    case real
    /// From a test default or a placeholder.
    case testDefault
  }

  /// Called once per box and scope, after the scope created its instance of the box (rare:
  /// nil everywhere but in an exit test's child).
  package static let instanceCreated =
    Protected<(@Sendable (_Scope, _BoxIdentity, Creation) -> Void)?>(nil)
}
