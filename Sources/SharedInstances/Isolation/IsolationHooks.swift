/// What the core asks of the isolation and diagnostics machinery, which lives in the module
/// `_SharedInstancesIsolation` so that a production binary, which never opens a scope, does not
/// carry it (issue 30, item 8).
///
/// The core calls these only once isolation was used in the process (`si_isolation_is_active()`),
/// that is after a scope was created, which installs them (``_Isolation/installHooks()``). The
/// reports are rare, so a call through the existential costs nothing that matters.
package protocol _IsolationHooks: AnyObject, Sendable {
  // The isolated read and change paths: production code reaches them only through here, so
  // that a binary that never opens a scope does not carry them (the linker drops them).

  /// `_Scope.beginRead(of:global:_:)`.
  func beginRead(of identity: _BoxIdentity, global: _Slot, _ read: inout _Read) -> _ReadStart

  /// `_Scope.borrow(box:global:)`.
  func borrow(box identity: _BoxIdentity, global: _Slot) -> _BorrowAttempt

  /// A read of `box` in `scope`, creating the scope's instance if there is none.
  func readOrCreate<Shared>(_ box: Resettable<Shared>, in scope: _Scope) -> Shared?

  /// What a read of the empty `box` in `scope` is served.
  func servedForEmptyRead<Shared>(_ box: Resettable<Shared>, in scope: _Scope) -> Shared

  /// The checks a read `scope` served owes once it ended (invariant 13 of `_MemorySafety`).
  func checkRead(in scope: _Scope, _ slot: _Slot, identity: _BoxIdentity, kind: _CellKind)

  /// The slot a change applies to once isolation was used; nil when the change is refused.
  func slotForChange(
    of identity: _BoxIdentity,
    global: _Slot,
    _ change: _Change,
    at location: _SourceLocation
  ) -> _Slot?

  // Reports.

  /// Reports the first use of `identity` in `scope` after the scope ended.
  func noteLateUse(in scope: _Scope, of identity: _BoxIdentity)

  /// Counts a read from outside the test's tasks during `scope`'s quiet period.
  func noteReadWhileDraining(in scope: _Scope, of identity: _BoxIdentity)

  /// A scope touched `identity` for the first time (changes made outside every scope before).
  func scopeTouched(_ identity: _BoxIdentity)

  /// Checks a change of `identity` made outside every scope.
  func checkUnscopedChange(
    _ identity: _BoxIdentity,
    operation: String,
    location: _SourceLocation,
    restores: Bool
  )

  /// Checks a read that resolved to the process-wide instance: an escaped read of a box a live
  /// scope provided, or a read of an override another test leaked.
  func checkProcessWideRead(_ identity: _BoxIdentity)
}

/// Makes the hooks: implemented by one type of `_SharedInstancesIsolation`, found by name.
package protocol _IsolationHooksProviding {
  static func makeIsolationHooks() -> any _IsolationHooks
}

/// Where the core finds the hooks.
package enum _Isolation {
  /// The hooks, in an object so that one atomic word publishes them.
  private final class Installed: Sendable {
    let hooks: any _IsolationHooks
    init(_ hooks: any _IsolationHooks) { self.hooks = hooks }
  }

  private static let installed = _PublishedOnce<Installed>()

  /// The mangled name `_typeByName` finds the provider by: the enum
  /// `_SharedInstancesIsolation._IsolationHooksProvider`.
  private static let providerName = "25_SharedInstancesIsolation23_IsolationHooksProviderO"

  /// The hooks (installed when the first scope was created; found now if they were not).
  package static var hooks: any _IsolationHooks {
    if let installed = installed.value { return installed.hooks }
    installHooks()
    return installed.value.unsafelyUnwrapped.hooks
  }

  /// Finds and publishes the hooks: `_SharedInstancesIsolation` is linked wherever a scope is
  /// created (`SharedInstancesTesting` depends on it). Stops the program where it is not.
  package static func installHooks() {
    guard installed.value == nil else { return }
    guard let provider = _typeByName(providerName) as? any _IsolationHooksProviding.Type else {
      _ProcessStop.now(
        """
        SharedInstances: an isolation scope was opened in a program that does not link \
        _SharedInstancesIsolation. Depend on SharedInstancesTesting where scopes are used.
        """
      )
    }
    installed.publish(Installed(provider.makeIsolationHooks()))
  }
}
