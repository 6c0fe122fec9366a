import SharedInstances

extension _Scope {
  /// Whether reads of `box` here return a test double: an override, or in an isolated test the
  /// box's test default (served, or served by the next read because the test did not provide
  /// the instance). Backs `isOverridden` once isolation was used.
  static func servesTestDouble<Shared>(_ box: Resettable<Shared>) -> Bool {
    guard let scope = _Scope.resolve(box: box._identity.id) else { return box._global.isOverridden }
    let slot = scope.slot(for: box._identity)
    let kind = slot.stateLock.withLock { slot.current.pointee.map { _CellWord.kind($0) } }
    if let kind { return kind == .double || kind == .testDefault }
    // Empty in this scope: the next read creates the test default, if there is one.
    switch _ScopeCreation(
      of: box,
      exempt: scope.tracking.exemptBoxes.contains(box._identity.id),
      targetDefaults: scope.tracking.testDefaults
    ) {
    case .targetDefault, .declaredDefault: return true
    case .factory, .none: return false
    }
  }
}
