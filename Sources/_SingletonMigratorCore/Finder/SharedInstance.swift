/// A shared instance the migrator found: a static or global stored property of class or actor
/// type, initialized with a call or a closure (or set once at start-up).
///
/// ```swift
/// for instance in migration.instances { print(instance.location, instance.qualifiedName) }
/// ```
public struct SharedInstance: Equatable, Sendable {
  /// How the property is declared, which decides the box it gets.
  public enum Shape: String, Equatable, Sendable {
    /// `static let shared = Manager()`: a box with a factory, a read-only accessor.
    case call
    /// `static let shared: Manager = { … }()`: the closure becomes the box's factory.
    case closure
    /// `static var shared = Manager()`, which code replaces: a box, an accessor with a setter
    /// that sets the box.
    case mutable
    /// `static var shared: Manager!` set once at start-up: an empty box, an accessor whose
    /// setter sets it.
    case bootstrap
  }

  /// The file, as the migrator was given it.
  public let file: String
  /// The 1-based line of the declaration.
  public let line: Int
  /// The enclosing type's name (`Outer.Manager`), nil at the top level.
  public let container: String?
  /// The property's name: `shared`, `default`, `current`…
  public let name: String
  /// The instance's type, as the box holds it (`Manager`).
  public let type: String
  public let shape: Shape
  /// Whether the declaration is isolated to the main actor (its own attribute, its type's, or
  /// the instance's class's).
  public let isMainActor: Bool
  /// Whether the declaration is allowed to stay (a `// shared-instances: allow` comment, or an
  /// `allow` entry in the configuration): `--check` passes it, and it is not migrated.
  public let isAllowed: Bool
  /// Whether the instance's class is known to be `Sendable` (it says so, is `@MainActor`, or is
  /// an actor): its box needs no `nonisolated(unsafe)`.
  public let isSendable: Bool

  /// `Manager.shared`, or `appCache` at the top level.
  public var qualifiedName: String { container.map { "\($0).\(name)" } ?? name }
  /// `Sources/App/Manager.swift:12`.
  public var location: String { "\(file):\(line)" }

  let declaration: PropertyDeclaration
  /// Whether the declaration is already a box whose call sites read `.value` (with
  /// `extractProtocol`: the box gets the protocol).
  var readsThroughValue = false
  /// Whether the declaration is isolated to the main actor while its class, declared in the
  /// target, is not known to be `Sendable`: the box stays isolated to the main actor, with a
  /// plain factory, since `Resettable(mainActor:)` needs a `Sendable` instance.
  var isolatesItsBoxOnly = false

  /// Whether the box's factory runs on the main actor (`Resettable(mainActor:)`).
  var hasMainActorFactory: Bool { isMainActor && !isolatesItsBoxOnly }
}

/// An initializer or function parameter whose default argument is a shared instance
/// (`init(manager: Manager = .shared)`): the migrator lists them; the accessor it writes keeps
/// them compiling.
///
/// ```swift
/// for injection in migration.injections { print(injection.location, injection.text) }
/// ```
public struct DefaultArgumentInjection: Equatable, Sendable {
  /// The file, as the migrator was given it.
  public let file: String
  /// The 1-based line.
  public let line: Int
  /// The parameter as written: `manager: Manager = .shared`.
  public let text: String
  /// The shared instance it defaults to: `Manager.shared`.
  public let instance: String

  /// `Sources/App/ViewModel.swift:8`.
  public var location: String { "\(file):\(line)" }
}

/// A declaration that looks like a shared instance but is not boxed: the plan names each one
/// and why, so that nothing the migrator saw is skipped without a word.
///
/// ```swift
/// for candidate in migration.skipped { print(candidate.location, candidate.reason) }
/// ```
public struct SkippedCandidate: Equatable, Sendable {
  /// Why it is not boxed.
  public enum Verdict: String, Equatable, Sendable {
    /// Boxing it would be wrong (a value type, a global actor's instance, a lock, a per-thread
    /// value): `--check` passes it.
    case leftAlone
    /// A shared instance the migrator cannot box as written: `--check` fails on it until it is
    /// boxed by hand or allowed.
    case refused
  }

  /// The file, as the migrator was given it.
  public let file: String
  /// The 1-based line of the declaration.
  public let line: Int
  /// `DateFormatter.rfc822`, or a global's name.
  public let qualifiedName: String
  public let verdict: Verdict
  /// Why, and what to do.
  public let reason: String
  /// Whether a `// shared-instances: allow` comment or an `allow` entry keeps it.
  public let isAllowed: Bool

  /// `Sources/App/Manager.swift:12`.
  public var location: String { "\(file):\(line)" }
}
