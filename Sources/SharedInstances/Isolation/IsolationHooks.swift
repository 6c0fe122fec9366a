/// What the core asks of the isolation and diagnostics machinery, which lives in the module
/// `_SharedInstancesIsolation` so that a production binary, which never opens a scope, does not
/// carry it (issue 30, item 8).
///
/// The core calls these only once isolation was used in the process (`si_isolation_is_active()`),
/// that is after a scope was created, which installs them (``_Isolation/installHooks()``). The
/// reports are rare, so a call through the existential costs nothing that matters.
package protocol _IsolationHooks: AnyObject, Sendable {
  /// Reports the first use of `identity` in `scope` after the scope ended.
  func noteLateUse(in scope: _Scope, of identity: _BoxIdentity)

  /// Reports a read of a real instance where that is a failure (strict mode, `.required`).
  func reportRealRead(
    in scope: _Scope,
    _ slot: _Slot,
    identity: _BoxIdentity,
    createdBy frame: _FactoryFrame?
  )

  /// Reports a read of a box the test had to provide and did not, served `substitute`.
  func reportUnprovidedRead(
    in scope: _Scope,
    _ slot: _Slot,
    identity: _BoxIdentity,
    served substitute: _Scope.Substitute
  )

  /// Stops the program: a `.required` box read with nothing to serve.
  func requiredBoxHasNoTestDefault(in scope: _Scope, _ identity: _BoxIdentity) -> Never

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
