import Foundation

extension SpyRenderer {
  /// What makes the spy the placeholder of its protocol (`ProtocolSpyPlaceholder`), which the
  /// library finds by the spy's name at run time: the conformance of the spy, or, for a generic
  /// spy, a companion class `<Spy>Placeholder` (the library looks for it after the spy's own
  /// name, which names no generic class without its arguments) that makes the spy specialized
  /// with `Int` for each associated type, where `Int` meets every constraint they have (see
  /// ``typesForPlaceholder``). None for a class's spy.
  ///
  /// A main-actor spy's conformance is `nonisolated`: the library makes the placeholder wherever
  /// a read needs it. It makes the spy with `Spy`'s initializer, which is not isolated (a spy
  /// that meets an `init` requirement overrides it, and its own `init` is main-actor isolated,
  /// so it is made with `init(name: nil)`); not for a main-actor spy that holds its `Spy` (its
  /// only initializer is isolated). Another spy whose `init()` meets a requirement that throws or
  /// is `async` is none either (no plain `init()` makes it; a failable one is met by an `init()`
  /// that always succeeds).
  func placeholderConformance() -> [String] {
    guard !target.isClass else { return [] }
    var spyType = spyName
    if !target.associatedTypes.isEmpty {
      guard let arguments = typesForPlaceholder() else { return [] }
      spyType += "<\(arguments.joined(separator: ", "))>"
    }
    var isolation = ""
    var making = "\(spyType)()"
    if target.isMainActor {
      guard !isComponent else { return [] }
      isolation = "nonisolated "
      if target.members.contains(where: { $0.kind == .initializer }) {
        making = "\(spyType)(name: nil)"
      }
    } else {
      let hasPlainInit = target.members.allSatisfy { member in
        guard member.kind == .initializer, !member.isStatic, member.parameters.isEmpty else {
          return true
        }
        return member.throwing == .no && !member.isAsync
      }
      guard hasPlainInit else { return [] }
    }
    let generic = !target.associatedTypes.isEmpty
    // The companion is no main-actor type: its members need no `nonisolated`.
    if generic { isolation = "" }
    let served = generic ? "a fresh `\(spyType)`" : "a fresh spy"
    let comment =
      "Serves \(served) where a test reads an `any \(target.typeName)` that nothing provided "
      + "(a `.required` box, an unstubbed call): the read fails the test and goes on."
      + (generic
        ? " The library finds the spy by this name, which it cannot find for a generic class."
        : "")
    return [""] + wrapComment(comment, indent: "").dropFirst()
      + (target.isDeprecated ? [Self.deprecated] : [])
      + [
        generic
          ? "final class \(spyName)Placeholder: ProtocolSpyPlaceholder {"
          : "extension \(spyName): ProtocolSpyPlaceholder {"
      ]
      + braced("  \(isolation)static var spiedProtocol: Any.Type", "(any \(spelledTypeName)).self")
      + braced("  \(isolation)static func makePlaceholderSpy() -> Any", making) + ["}"]
  }

  /// The spy's generic arguments for its placeholder: `Int` for every associated type, where
  /// each is constrained (in its declaration, or in a `where` clause naming it alone) only to
  /// protocols `Int` conforms to; nil where any is bound otherwise (`Item.Element == Key`,
  /// `Item: Identifiable`), since no one type is known to fit.
  func typesForPlaceholder() -> [String]? {
    let names = Set(target.associatedTypes.map(\.name))
    var constraints = target.associatedTypes.map(\.constraint)
    for requirement in target.whereRequirements + target.associatedTypes.flatMap(\.requirements) {
      let pieces = DeclarationParser.splitTopLevel(requirement, separator: ":")
      guard pieces.count == 2, names.contains(pieces[0].trimmingSpaces),
        !requirement.contains("==")
      else { return nil }
      constraints.append(pieces[1])
    }
    for constraint in constraints {
      let protocols = constraint.split(separator: "&").map { piece -> String in
        let name = String(piece).trimmingSpaces
        return name.hasPrefix("Swift.") ? String(name.dropFirst("Swift.".count)) : name
      }
      guard protocols.allSatisfy({ $0.isEmpty || Self.protocolsOfInt.contains($0) }) else {
        return nil
      }
    }
    return target.associatedTypes.map { _ in "Int" }
  }

  /// The protocols `Int` conforms to that an associated type may ask for.
  static let protocolsOfInt: Set = [
    "AdditiveArithmetic", "BinaryInteger", "BitwiseCopyable", "CVarArg", "Codable", "Comparable",
    "Copyable", "CustomReflectable", "CustomStringConvertible",
    "Decodable", "Encodable", "Equatable", "Escapable", "ExpressibleByIntegerLiteral",
    "FixedWidthInteger", "Hashable", "LosslessStringConvertible", "Numeric", "Sendable",
    "SendableMetatype", "SignedInteger", "SignedNumeric", "SpyPlaceholder", "Strideable",
  ]
}
