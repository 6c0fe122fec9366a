import SharedInstances

/// How an isolated scope creates a box's instance when the test did not provide one. Only tests
/// need it, so it is here rather than in the core, and a production binary does not carry it.
package enum _ScopeCreation<Shared> {
  /// By the default the test target declared (`SharedTestDefaults`): a test double.
  case targetDefault(@Sendable () -> Shared)
  /// By the default declared with the box: a test double, and a failure where the test had
  /// to provide the instance (a `.required` box, an empty box).
  case declaredDefault(@Sendable () -> Shared)
  /// By the real factory.
  case factory(@Sendable () -> Shared)
  /// By nothing: an empty box with no default.
  case none

  /// How a scope that exempts `box` from `.required` (or not) creates its instance, given the
  /// test defaults of its test's target.
  package init(
    of box: Resettable<Shared>,
    exempt: Bool,
    targetDefaults: _TestDefaults.Registry?
  ) {
    if exempt, let factory = box._factory {
      self = .factory(factory)
    } else if let registered = targetDefaults?.defaults[box._identity.id] {
      // Registered for this box with `SharedTestDefault(box) { … }`, typed by that initializer.
      self = .targetDefault { registered() as! Shared }
    } else if let testDefault = box._testDefault {
      self = .declaredDefault(testDefault)
    } else if let factory = box._factory {
      self = .factory(factory)
    } else {
      self = .none
    }
  }
}
