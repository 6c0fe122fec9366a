/// The shared instance every benchmark reads: a final class, as shared instances usually are.
final class Service: Sendable {
  init() {}
}

/// A distinct type for each `Tag`, to register many services under distinct types.
///
/// `Filler<Service>`, `Filler<Filler<Service>>`, … are all different types with different
/// identities, as the services of an app are.
final class Filler<Tag>: Sendable {
  init() {}
}

/// Receives filler services one at a time, each of its own type.
protocol FillerRegistrar {
  func register<Filler: AnyObject & Sendable>(_ make: @escaping @Sendable () -> Filler)
}

/// Hands `count` filler types, `Filler<Tag>`, `Filler<Filler<Tag>>`, …, to `registrar`.
func registerFillers<Tag>(_: Tag.Type, count: Int, with registrar: some FillerRegistrar) {
  guard count > 0 else { return }
  registrar.register { Filler<Tag>() }
  registerFillers(Filler<Tag>.self, count: count - 1, with: registrar)
}
