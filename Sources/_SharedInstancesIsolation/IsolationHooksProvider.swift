import SharedInstances

/// Makes the hooks the core calls once isolation is used: the core finds this type by its name
/// (`_Isolation.installHooks()`), so that it never links this module itself.
package enum _IsolationHooksProvider: _IsolationHooksProviding {
  package static func makeIsolationHooks() -> any _IsolationHooks { IsolationHooks() }
}

/// The reports and checks of isolated scopes, for the core.
private final class IsolationHooks: _IsolationHooks {
  func beginRead(of identity: _BoxIdentity, global: _Slot, _ read: inout _Read) -> _ReadStart {
    _Scope.beginReadInScope(of: identity, global: global, &read)
  }

  func borrow(box identity: _BoxIdentity, global: _Slot) -> _BorrowAttempt {
    _Scope.borrowInScope(box: identity, global: global)
  }

  func readOrCreate<Shared>(_ box: Resettable<Shared>, in scope: _Scope) -> Shared? {
    box._readOrCreateInScopeNow(scope)
  }

  func servedForEmptyRead<Shared>(_ box: Resettable<Shared>, in scope: _Scope) -> Shared {
    box._servedForEmptyReadInScope(scope)
  }

  func checkRead(in scope: _Scope, _ slot: _Slot, identity: _BoxIdentity, kind: _CellKind) {
    scope.checkRead(slot, identity: identity, kind: kind)
  }

  func slotForChange(
    of identity: _BoxIdentity,
    global: _Slot,
    _ change: _Change,
    at location: _SourceLocation
  ) -> _Slot? {
    _Scope.slotForChange(of: identity, global: global, change, at: location)
  }

  func noteLateUse(in scope: _Scope, of identity: _BoxIdentity) {
    scope.noteLateUse(of: identity)
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
