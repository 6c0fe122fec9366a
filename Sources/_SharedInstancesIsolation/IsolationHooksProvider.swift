import SharedInstances

/// Makes the hooks the core calls once isolation is used: the core finds this type by its name
/// (`_Isolation.installHooks()`), so that it never links this module itself.
package enum _IsolationHooksProvider: _IsolationHooksProviding {
  package static func makeIsolationHooks() -> any _IsolationHooks { IsolationHooks() }
}

/// The reports and checks of isolated scopes, for the core.
private final class IsolationHooks: _IsolationHooks {
  func noteLateUse(in scope: _Scope, of identity: _BoxIdentity) {
    scope.noteLateUse(of: identity)
  }

  func reportRealRead(
    in scope: _Scope,
    _ slot: _Slot,
    identity: _BoxIdentity,
    createdBy frame: _FactoryFrame?
  ) {
    scope.reportRealRead(slot, identity: identity, createdBy: frame)
  }

  func reportUnprovidedRead(
    in scope: _Scope,
    _ slot: _Slot,
    identity: _BoxIdentity,
    served substitute: _Scope.Substitute
  ) {
    scope.reportUnprovidedRead(slot, identity: identity, served: substitute)
  }

  func requiredBoxHasNoTestDefault(in scope: _Scope, _ identity: _BoxIdentity) -> Never {
    scope.requiredBoxHasNoTestDefault(identity)
  }

  func noteReadWhileDraining(in scope: _Scope, of identity: _BoxIdentity) {
    scope.noteReadWhileDraining(of: identity)
  }

  func scopeTouched(_ identity: _BoxIdentity) {
    _UnscopedChanges.scopeTouched(identity)
  }

  func checkUnscopedChange(
    _ identity: _BoxIdentity,
    operation: String,
    location: _SourceLocation,
    restores: Bool
  ) {
    _UnscopedChanges.check(identity, operation: operation, location: location, restores: restores)
  }

  func checkProcessWideRead(_ identity: _BoxIdentity) {
    if identity.isUsedByLiveScopes { _EscapedReads.check(identity) }
    _LeakedOverrides.check(identity)
  }
}
