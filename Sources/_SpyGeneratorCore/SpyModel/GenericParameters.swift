import Foundation

/// The generic parameters of the spy of a protocol with associated types: one per associated
/// type, primary ones first (`StoreSpy<Article>` reads as `any Store<Article>`), but those a
/// `where` clause fixes to a type (`protocol IntStore: Store where Item == Int`, or to a generic
/// type of another one, `Storage == ReferenceStorage<Base>`) or makes one with another
/// (`Output == Input`), which the spy's requirements spell as that type: Swift 6 rejects a
/// generic parameter a same-type requirement makes concrete or equal to another.
struct GenericParameters {
  /// The associated types the spy declares as generic parameters, in order.
  let parameters: [AssociatedType]
  /// The requirements of the spy's `where` clause, such as `Item.ID == Int`.
  let requirements: [String]
  /// The associated types a `where` clause fixes: `Item` to `Int`.
  let fixed: [String: String]

  /// - Parameters:
  ///   - associatedTypes: The associated types of the protocol and its parents, as declared.
  ///   - primary: The names of the protocol's primary associated types.
  ///   - protocolRequirements: The `where` clauses of the protocol and its parents.
  init(_ associatedTypes: [AssociatedType], primary: [String], protocolRequirements: [String]) {
    let names = Set(associatedTypes.map(\.name))
    // Of two associated types made one, the primary one stays, then the one declared first.
    func rank(_ name: String) -> (Int, Int) {
      (primary.contains(name) ? 0 : 1, associatedTypes.firstIndex { $0.name == name } ?? 0)
    }
    // Each value is kept fully substituted, so that no associated type is fixed to a type
    // naming itself.
    var fixed: [String: String] = [:]
    var others: [String] = []
    for requirement in protocolRequirements + associatedTypes.flatMap(\.requirements) {
      let sides = requirement.components(separatedBy: " == ").map(\.trimmingSpaces)
      var candidates: [(name: String, type: String)] = []
      if sides.count == 2 {
        for (name, type) in [(sides[0], sides[1]), (sides[1], sides[0])] {
          let type = type.substitutingWords(fixed)
          // `Element == Item.Element` is a requirement a generic parameter can have.
          if names.contains(name), fixed[name] == nil, !Self.mentions(type, [name]),
            !names.contains(where: { type.hasPrefix($0 + ".") })
          {
            candidates.append((name, type))
          }
        }
      }
      guard let (name, type) = candidates.max(by: { rank($0.name) < rank($1.name) }) else {
        others.append(requirement)
        continue
      }
      fixed = fixed.mapValues { $0.substitutingWords([name: type]) }
      fixed[name] = type
    }
    // A sequence whose elements a `where` clause makes a type that names `Self` (CasePaths'
    // `CasePathIterable`: `AllCasePaths: Sequence, AllCasePaths.Element ==
    // PartialCaseKeyPath<Self>`) is no generic parameter of a class, whose where clause cannot
    // name the class: an array of those elements is what the spy serves.
    for associated in associatedTypes where fixed[associated.name] == nil {
      let name = associated.name
      var conformances = associated.constraint.components(separatedBy: " & ")
        .map(\.trimmingSpaces).filter { !$0.isEmpty }
      var element: String?
      var others: [String] = []
      for requirement in protocolRequirements + associated.requirements {
        let sides = requirement.components(separatedBy: " == ").map(\.trimmingSpaces)
        let conformance = requirement.components(separatedBy: ":").map(\.trimmingSpaces)
        if sides.count == 2, sides[0] == name + ".Element", Self.mentions(sides[1], ["Self"]) {
          element = sides[1]
        } else if conformance.count == 2, conformance[0] == name {
          conformances += conformance[1].components(separatedBy: "&").map(\.trimmingSpaces)
        } else if Self.mentions(requirement, [name]) {
          others.append(requirement)
        }
      }
      let sequences = Set(
        Self.arrayProtocols.flatMap { [$0, "Swift." + $0] }
      )
      if let element, others.isEmpty, !conformances.isEmpty,
        conformances.allSatisfy(sequences.contains)
      {
        fixed = fixed.mapValues { $0.substitutingWords([name: "[\(element)]"]) }
        fixed[name] = "[\(element)]"
      }
    }
    let kept = associatedTypes.filter { fixed[$0.name] == nil }
    let keptNames = Set(kept.map(\.name))
    // What an associated type made equal to another is constrained to, that one must be.
    for associated in associatedTypes where !associated.constraint.isEmpty {
      if let other = fixed[associated.name], keptNames.contains(other) {
        others.append("\(other): \(associated.constraint)")
      }
    }
    let ordered =
      primary.compactMap { name in kept.first { $0.name == name } }
      + kept.filter { !primary.contains($0.name) }
    self.fixed = fixed
    self.parameters = ordered.map { associated in
      var associated = associated
      associated.constraint = Self.substituting(fixed, in: associated.constraint)
      associated.requirements = []
      return associated
    }
    // Requirements on the associated types of other modules' protocols (`ID == UUID` for
    // `Identifiable`) are not the spy's to state, nor are those between the types the fixed ones
    // became, which the protocol's own declarations keep.
    var requirements: [String] = []
    for requirement in others.map({ Self.substituting(fixed, in: $0) })
    where Self.constrains(requirement, keptNames) && !requirements.contains(requirement) {
      requirements.append(requirement)
    }
    self.requirements = requirements
  }

  /// The protocols of the standard library an `Array` conforms to whatever its elements.
  static let arrayProtocols = [
    "Sequence", "Collection", "BidirectionalCollection", "RandomAccessCollection",
    "MutableCollection", "RangeReplaceableCollection",
  ]

  /// Whether a side of `requirement` (`Item.ID == Int`, `Key : Comparable`) is one of `names`
  /// or a member of one: what a `where` clause of a generic type may constrain.
  private static func constrains(_ requirement: String, _ names: Set<String>) -> Bool {
    let sameType = requirement.components(separatedBy: " == ")
    let sides =
      sameType.count == 2
      ? sameType : [requirement.components(separatedBy: ":").first ?? requirement]
    return sides.map(\.trimmingSpaces).contains { side in
      names.contains { side == $0 || side.hasPrefix($0 + ".") }
    }
  }

  /// The member with the fixed associated types spelled as their types.
  func fixing(_ member: Member) -> Member {
    member.substituting(fixed)
  }

  /// Whether `text` names one of `names` (not as a member of another type, `Other.Item`).
  static func mentions(_ text: String, _ names: Set<String>) -> Bool {
    names.contains { text.replacingWord($0, with: "") != text }
  }

  private static func substituting(_ fixed: [String: String], in text: String) -> String {
    text.substitutingWords(fixed)
  }
}

extension AssociatedType {
  /// Adds what a refinement restating this associated type says about it.
  mutating func merge(_ other: AssociatedType) {
    var constraints = constraint.isEmpty ? [] : constraint.components(separatedBy: " & ")
    for added in other.constraint.components(separatedBy: " & ")
    where !added.isEmpty && !constraints.contains(added) {
      constraints.append(added)
    }
    constraint = constraints.joined(separator: " & ")
    requirements += other.requirements.filter { !requirements.contains($0) }
  }
}

extension String {
  /// The text with the identifier `word` replaced where it stands alone: not inside a longer
  /// name, and not as a member of another type (`Other.Item`).
  func replacingWord(_ word: String, with replacement: String) -> String {
    func isNamePart(_ character: Character) -> Bool {
      character.isLetter || character.isNumber || character == "_"
    }
    var result = ""
    var rest = Substring(self)
    while let range = rest.range(of: word) {
      let before = rest[..<range.lowerBound]
      let after = rest[range.upperBound...]
      let previous = before.last ?? result.last
      let standsAlone =
        !(previous.map { isNamePart($0) || $0 == "." } ?? false)
        && !(after.first.map(isNamePart) ?? false)
      result += before
      result += standsAlone ? replacement : word
      rest = after
    }
    return result + rest
  }
}
