import Foundation

/// How a requirement stands to the members a protocol spy inherits from `Spy`.
///
/// A requirement is compared with `Spy`'s members by its whole signature, not its name: one
/// that merely shares a name (`func record(event: Event)`, `static func reset()`,
/// `var stub: Bool`) is declared beside them. `name`, `reset()`, `resetCalls()` and
/// `resetStubs()` are declared in a protocol extension (`SpyResetting`), so a requirement of
/// those names, of any type, is declared beside them too. One with the name and type of a
/// member the spy can override (`var description: String`, `keep(_:as:)`, `lastKept(_:as:)`,
/// all `open` in `Spy`) overrides it, and records the call like any other requirement. What
/// Swift allows neither beside nor in place of them (any property `calls`, a `description` of
/// another type) makes the spy hold its `Spy` instead of inheriting it; a static property
/// `statics` or `staticSpies`, which a spy declares either way, gets no spy, and a diagnostic
/// that says why.
enum SpyMembers {
  enum Relation: Equatable {
    /// Declared beside `Spy`'s members.
    case beside
    /// Overrides the member of `Spy` with its name and type.
    case overrides
    /// Cannot be declared in a subclass of `Spy`, for this reason.
    case conflicts(String)
  }

  /// How `member`, a requirement of a spy that inherits from `Spy`, stands to `Spy`'s members.
  static func relation(of member: Member) -> Relation {
    if member.isStatic {
      guard case .property = member.kind, ["statics", "staticSpies"].contains(member.baseName)
      else { return .beside }
      return .conflicts(
        "a spy declares its own `statics` and `staticSpies` (the spy of its static "
          + "requirements), and Swift allows no other static property of those names"
      )
    }
    switch member.kind {
    case .property:
      return propertyRelation(member)
    case .method:
      guard let spyMember = overridableMethod(matching: member) else { return .beside }
      // An `async` method overloads Spy's; a throwing one can neither override nor overload it.
      if member.isAsync { return .beside }
      if member.throwing != .no {
        return .conflicts(
          "a spy inherits Spy's `\(spyMember)`, and Swift can neither override it with a "
            + "throwing method nor declare one beside it" + byHand
        )
      }
      return .overrides
    case .initializer, .subscript:
      return .beside
    }
  }

  /// Whether `member` has the name and type of a member a spy inherits from a protocol
  /// extension (`SpyResetting`'s `name: String`, `reset()`, `resetCalls()`, `resetStubs()`):
  /// left to its protocol's default, it would have two witnesses Swift cannot choose between
  /// (FluentKit's `Migration.name`), so the spy implements it.
  static func isAmbiguousWithAnInheritedExtension(_ member: Member) -> Bool {
    guard !member.isStatic, !member.isAsync, member.throwing == .no,
      member.genericNames.isEmpty, member.parameters.isEmpty
    else { return false }
    switch member.kind {
    case .property:
      return member.baseName == "name" && member.returnType == "String"
    case .method:
      return ["reset", "resetCalls", "resetStubs"].contains(member.baseName)
        && (member.returnType == nil || member.returnType == "Void")
    case .initializer, .subscript:
      return false
    }
  }

  private static let byHand = " (a spy written by hand can hold its Spy instead of inheriting it)"

  private static func propertyRelation(_ member: Member) -> Relation {
    switch member.baseName {
    case "calls":
      return .conflicts(
        "a spy inherits Spy's `calls` (the calls it recorded), and Swift allows no other "
          + "property `calls` beside it" + byHand
      )
    case "description":
      if member.returnType != "String" {
        return .conflicts(
          "a spy inherits Spy's `\(member.baseName): String`, and Swift allows no "
            + "`\(member.baseName)` of another type beside it" + byHand
        )
      }
      if member.isAsync || member.throwing != .no {
        return .conflicts(
          "a spy inherits Spy's `\(member.baseName): String`, and Swift cannot override it with "
            + "an async or throwing getter" + byHand
        )
      }
      return .overrides
    default:
      return .beside
    }
  }

  /// The overridable method of `Spy` whose name and parameter and result types `member` has,
  /// such as `reset()`; nil when there is none.
  private static func overridableMethod(matching member: Member) -> String? {
    let parameters = member.parameters
    guard !parameters.contains(where: { $0.isInout || $0.isVariadic }) else { return nil }
    switch member.displayName {
    case "keep(_:as:)":
      guard let generic = soleUnconstrainedGeneric(of: member),
        parameters.map(\.type) == [generic, "String"], member.returnType == nil
      else { return nil }
      return member.displayName
    case "lastKept(_:as:)":
      guard let generic = soleUnconstrainedGeneric(of: member),
        parameters.map(\.type) == ["String", "\(generic).Type"],
        member.returnType == "\(generic)?" || member.returnType == "Optional<\(generic)>"
      else { return nil }
      return member.displayName
    default:
      return nil
    }
  }

  /// The method's one generic parameter, when it has exactly one and no constraint on it, as
  /// `keep<Value>` has.
  private static func soleUnconstrainedGeneric(of member: Member) -> String? {
    guard member.genericNames.count == 1, let generic = member.genericNames.first,
      member.head.hasSuffix("<\(generic)>"), !member.tail.contains(" where ")
    else { return nil }
    return generic
  }
}
