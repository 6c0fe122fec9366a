import Foundation

/// A type to write a spy for: a protocol, or an open class with `--class`.
struct SpyTarget {
  /// The protocol's or class's name, such as `ArticleManaging`, with the types it is nested in
  /// (`StatusEditor.A.Client`).
  let typeName: String
  /// Whether this is a class to subclass rather than a protocol to conform to.
  let isClass: Bool
  /// Whether the protocol is isolated to the main actor.
  let isMainActor: Bool
  /// Whether the type is internal, so the spy needs `@testable import`.
  let isInternal: Bool
  /// The requirements (or overridable members), parents' requirements included.
  var members: [Member]
  /// Whether the protocol refines `NSObjectProtocol`: the spy subclasses `NSObject`.
  var inheritsNSObject = false
  /// The class of the module the protocol is constrained to (`protocol P: BaseController`):
  /// the spy subclasses it.
  var superclass: String?
  /// The spy's generic parameters: the protocol's associated types, primary ones first, but
  /// those a `where` clause fixes to a type.
  var associatedTypes: [AssociatedType] = []
  /// The requirements of the spy's `where` clause, such as `Item.ID == Int`.
  var whereRequirements: [String] = []
  /// Whether the protocol refines `Actor`: the spy is an actor holding its `Spy`.
  var isActor = false
  /// Whether the protocol refines `Equatable` (or `Hashable`): spies are equal when they are
  /// the same spy.
  var isEquatableByIdentity = false
  /// Whether the protocol refines `Hashable`: a spy hashes its identity.
  var isHashableByIdentity = false
  /// Protocols of the standard library the protocol refines whose requirements the generator
  /// writes (by identity, or as a fresh spy), where the protocol does not restate them.
  var synthesized: Set<SynthesizedParent> = []
  /// The modules of the types the declarations mention, besides Foundation and the protocol's.
  var imports: Set<String> = []
  /// For a `RawRepresentable` protocol whose `where` clause fixes `RawValue`: that type, and
  /// the raw value of a spy created without one.
  var rawValue: (type: String, initial: String)?
  /// Whether the protocol is deprecated: its spy is too.
  var isDeprecated = false
  /// Whether the declarations mention the URL loading system (`FoundationNetworking` on Linux).
  var importsNetworking = false
  /// Whether a requirement clashes with a member of `Spy` (`description: String?`, a property
  /// `calls`): the spy holds its `Spy` in `spy` instead of inheriting it.
  var holdsItsSpy = false
  /// The `@_spi` groups the spy imports, by module (`["SwiftSyntax": ["RawSyntax"]]`).
  var spiGroups: [String: [String]] = [:]
  /// For a protocol refining `Sequence` or `Collection`: the type of the elements the spy
  /// serves from the array `elements` (`Element`, or the type a `where` clause fixes it to).
  var servedElement: String?
  /// Whether the spy writes the positions (or the iterator) of its elements, which the
  /// protocol's module does not implement.
  var writesPositions = true
}

extension SpyTarget {
  /// The spy's name: the type's path without its dots, and `Spy`, such as `ClockSpy` or
  /// `StatusEditorAClientSpy`.
  var spyName: String { Self.spyName(of: typeName) }

  /// The name of the spy of the type at `path` (dot-separated).
  static func spyName(of path: String) -> String {
    path.split(separator: ".").joined() + "Spy"
  }

  /// The class the spy subclasses, holding its `Spy` rather than inheriting from it.
  var superclassName: String? { inheritsNSObject ? "NSObject" : superclass }
}

/// A protocol of the standard library whose requirements a spy meets with code the generator
/// writes.
enum SynthesizedParent: Hashable {
  /// `init(from:)`: a fresh spy.
  case decodable
  /// `encode(to:)`: a single `nil`.
  case encodable
  /// `<` by identity.
  case comparable
  /// `allCases`: none.
  case caseIterable
  /// `debugDescription`: the spy's description.
  case debugDescription
  /// `makeIterator()`: an iterator over the array `elements` the test sets.
  case sequence
  /// `startIndex`, `endIndex`, `index(after:)`, `subscript(_:)`: the positions and elements of
  /// the array `elements` the test sets.
  case collection
  /// `withUnsafeBytes(_:)`: the bytes of `elements`, a sequence of `UInt8`.
  case contiguousBytes

  /// The parents, as the symbol graph names them, and what the spy writes for each.
  static let byName: [String: SynthesizedParent] = [
    "Swift.Decodable": .decodable, "Swift.Encodable": .encodable,
    "Swift.Comparable": .comparable, "Swift.CaseIterable": .caseIterable,
    "Swift.CustomDebugStringConvertible": .debugDescription, "Swift.Sequence": .sequence,
    "Swift.Collection": .collection, "Foundation.ContiguousBytes": .contiguousBytes,
    "FoundationEssentials.ContiguousBytes": .contiguousBytes,
  ]
}

/// An associated type of a protocol, which its spy declares as a generic parameter.
struct AssociatedType {
  let name: String
  /// What it conforms to, such as `Identifiable & Sendable`; empty when nothing.
  var constraint: String
  /// The requirements of its `where` clause, without `Self.`: `Item.ID == Int`.
  var requirements: [String]
}

/// One requirement of a protocol, or one overridable member of a class.
struct Member {
  enum Kind: Equatable {
    case method
    case property(hasSetter: Bool)
    case initializer
    case `subscript`(hasSetter: Bool)
  }

  enum Throwing: Equatable {
    case no
    case any
    case typed(String)
  }

  let kind: Kind
  let isStatic: Bool
  /// `open` for `open(id:)`, `volume` for a property, `init`, `subscript`.
  let baseName: String
  /// The symbol's name in messages, such as `open(id:)` or `volume`.
  let displayName: String
  var parameters: [Parameter]
  let isAsync: Bool
  let throwing: Throwing
  /// The result type as written; nil for `Void`.
  var returnType: String?
  /// Names of the member's own generic parameters.
  var genericNames: [String]
  /// The declaration before its parameter list, as the spy restates it: `func open`,
  /// `static func decode<T: Decodable>`, `init`, `subscript`, or a whole property declaration
  /// such as `var volume: Int`.
  var head: String
  /// The declaration after its parameter list: ` async throws -> String`, empty for a property.
  var tail: String
  /// The protocol (or class) that declares the member, for messages.
  let owner: String
  /// Whether the method `rethrows`: it records as one that cannot throw, and may call its body.
  var isRethrows = false
  /// Whether the requirement is `nonisolated`, which an actor's (or a main-actor class's)
  /// implementation restates.
  var isNonisolated = false
  /// Whether the requirement carries a custom attribute, such as a result builder
  /// (`@ReducerBuilder<State, Action>`), which the implementation inherits: its body says
  /// `return`, which turns the builder off.
  var returnsExplicitly = false
  /// Whether the requirement is deprecated: its implementation and its `Call` case are too.
  var isDeprecated = false
}

/// A parameter of a method, initializer or subscript.
struct Parameter {
  /// The argument label; nil for `_` (and for a subscript's unlabeled parameter).
  let label: String?
  /// The name inside the body.
  let name: String
  /// The type as written, without `inout`, `@escaping` or `...`.
  var type: String
  let isInout: Bool
  let isVariadic: Bool
  let isEscaping: Bool
  /// Whether the declaration gives it no name (`_: Int`): the spy names it `arg<position>`,
  /// and `Call` stores it without a label.
  var isUnnamed = false
  /// Ownership and isolation modifiers the declaration restates and `Call` leaves out, such as
  /// `consuming ` or `isolated `.
  var modifiers = ""
  /// Attributes written before the parameter's names and restated, such as a result builder's
  /// `@CodeBlockItemListBuilder `.
  var attributes = ""
  /// Whether the declaration says its label twice (`key key: String`), as a subscript's
  /// labeled parameter must.
  var restatesLabel = false
  /// Whether its type is a typealias of a function type, such as `Completion`.
  var isAliasedClosure = false
  /// Whether it is an `@autoclosure`, restated in the declaration.
  var isAutoclosure = false
  /// The type of an `@autoclosure` argument's value when the spy evaluates it (what it records,
  /// or `Void`), with the `try` and `await` its evaluation needs; nil for other parameters.
  var evaluated: (type: String, effects: String)?

  /// Whether the type is a function type: it cannot be compared, so it is kept out of `Call`.
  /// An `@autoclosure` the spy evaluates is not: its value is recorded.
  var isClosure: Bool {
    evaluated == nil && (type.contains("->") || isEscaping || isAliasedClosure)
  }

  /// The label of the argument's associated value in `Call`.
  /// Keywords are labels as they are, but for the three an argument list cannot take bare.
  var caseLabel: String? {
    if isUnnamed { return nil }
    let text = label ?? name.trimmingBackticks
    return ["inout", "var", "let"].contains(text) ? "`\(text)`" : text
  }
}
