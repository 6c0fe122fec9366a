import Dependencies
import SharedInstances
import SharedInstancesLocator

/// The shared instance of the call-site rows: a member and a method, as app code uses them.
final class Manager: Sendable {
  let id: Int

  init(id: Int) { self.id = id }

  /// A real call (not inlined), as most methods of a shared instance are.
  @inline(never)
  func work() -> Int { id &+ 1 }
}

/// The call sites of the call-site rows, each declared as users declare it.
enum CallSiteFixtures {
  /// The reference: a `static let` whose instance is created at run time, as a real singleton's
  /// is (`opaque` stops the compiler from building it statically).
  static let staticLet = opaque(Manager(id: 1))
  /// The box that replaces it.
  static let box = Resettable { Manager(id: 2) }
  /// The box read inside isolated scopes.
  static let scopedBox = Resettable { Manager(id: 3) }
  /// A locator with the manager registered.
  static let locator: ServiceLocator = {
    let locator = ServiceLocator()
    try! locator.register(service: Manager(id: 4))
    return locator
  }()
  /// A holder of the manager as a swift-dependencies dependency.
  static let holder = ManagerHolder()
}

enum ManagerKey: DependencyKey {
  static let liveValue = opaque(Manager(id: 5))
}

extension DependencyValues {
  var callSiteManager: Manager {
    get { self[ManagerKey.self] }
    set { self[ManagerKey.self] = newValue }
  }
}

struct ManagerHolder: Sendable {
  @Dependency(\.callSiteManager) var manager
}
