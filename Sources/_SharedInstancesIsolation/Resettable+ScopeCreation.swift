import SharedInstances

// How an isolated scope creates a box's instance: only tests need it, so it is here rather than
// in the core, so that a production binary does not carry it.
extension Resettable {
  /// How an isolated scope creates this box's instance when the test did not provide one.
  package enum _ScopeCreation {
    /// By the default the test target declared (`SharedTestDefaults`): a test double.
    case targetDefault(@Sendable () -> Shared)
    /// By the default declared with the box: a test double, and a failure where the test had
    /// to provide the instance (a `.required` box, an empty box).
    case declaredDefault(@Sendable () -> Shared)
    /// By the real factory.
    case factory(@Sendable () -> Shared)
    /// By nothing: an empty box with no default.
    case none
  }

  /// How a scope that exempts the box from `.required` (or not) creates its instance, given the
  /// test defaults of its test's target.
  package func _scopeCreation(
    exempt: Bool,
    targetDefaults: _TestDefaults.Registry?
  ) -> _ScopeCreation {
    if exempt, let factory = _factory { return .factory(factory) }
    if let registered = targetDefaults?.defaults[_identity.id] {
      // Registered for this box with `SharedTestDefault(box) { … }`, typed by that initializer.
      return .targetDefault { registered() as! Shared }
    }
    if let testDefault = _testDefault { return .declaredDefault(testDefault) }
    if let factory = _factory { return .factory(factory) }
    return .none
  }
}
