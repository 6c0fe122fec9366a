extension Resettable: _LifetimeMember {
  @usableFromInline func _endLifetime(at location: _SourceLocation) {
    // In a scope that never touched this box (nor did the scopes it nests in), the box holds
    // nothing of this test: a read would start fresh anyway. Leaving it alone keeps a test's
    // record of what it touched the same whichever boxes other tests happened to declare first.
    if _ProcessWords.isolationIsActive, _Isolation.hooks.isUntouchedInScope(_identity) { return }
    _slotForChange(.reset, location: location)?.clear()
  }
}
