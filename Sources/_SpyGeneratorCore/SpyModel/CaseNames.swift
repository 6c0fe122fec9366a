/// Names of `Call` cases, derived from the requirements' signatures alone: the order the
/// requirements are declared in never changes them.
///
/// - A requirement whose base name no other one has is named after it: `refresh`, `volume`.
/// - Overloads of one base name add their argument labels, capitalized: `find(id:)` is
///   `findId`, `find(name:in:)` is `findNameIn`. Where overloads still share a name, they add,
///   one step at a time and only while they still do:
///   1. their parameters' types, spelled as ``TypeSpelling`` says: `convertValueInt`,
///      `convertValueString`;
///   2. their effects and their result: `loadAsync`, `saveThrows`, `makeReturningInt`;
///   3. `Static` for a static requirement, `Property` for a property: `resetStatic`.
/// - A name that one requirement reaches by adding to its base name yields to a requirement
///   that reaches it with fewer additions: with `findId()`, `find(id: Int)` and
///   `find(name: String)`, the first keeps `findId` and the second becomes `findIdInt`.
/// - A setter records `set` and its getter's case name (`setVolume`). When a requirement has
///   that name, the setter adds `NewValue`, then the new value's type.
/// - Names still shared after all that (signatures that spell alike, such as `[Int]` and
///   `Array<Int>`) are numbered, from 2, in the order of their declarations' text.
struct CaseNames {
  struct Name {
    let get: String
    let set: String?
  }

  let names: [Name]

  init(_ members: [Member]) {
    var counts: [String: Int] = [:]
    for member in members { counts[member.baseName, default: 0] += 1 }
    let getters = Self.resolve(
      members.map { member in
        Candidate(
          pieces: Self.pieces(of: member),
          level: counts[member.baseName, default: 0] > 1 ? 1 : 0,
          signature: member.signature
        )
      },
      taken: []
    )
    var setters: [Int: Candidate] = [:]
    for (index, member) in members.enumerated() where member.hasSetter {
      let newValue = TypeSpelling.spell(member.returnType ?? "Void")
      setters[index] = Candidate(
        pieces: ["set" + getters[index].capitalizedFirst, "NewValue", newValue],
        level: 0,
        signature: member.signature
      )
    }
    let indexes = setters.keys.sorted()
    let setterNames = Self.resolve(indexes.map { setters[$0]! }, taken: Set(getters))
    var setterByIndex: [Int: String] = [:]
    for (position, index) in indexes.enumerated() { setterByIndex[index] = setterNames[position] }
    names = getters.indices.map { Name(get: getters[$0], set: setterByIndex[$0]) }
  }

  /// A name being decided: what each step adds, the step reached, and the declaration's text
  /// for the last tie-break.
  private struct Candidate {
    let pieces: [String]
    var level: Int
    let signature: String

    var name: String { pieces[...level].joined() }
    var canGrow: Bool { level < pieces.count - 1 }
  }

  /// What each step adds to a member's name: its base name, its labels, its parameter types,
  /// its effects and result, whether it is static or a property.
  private static func pieces(of member: Member) -> [String] {
    let labels = member.parameters.compactMap(\.label).map { $0.trimmingBackticks.capitalizedFirst }
    let types = member.parameters.map(TypeSpelling.spell)
    var effects = member.isAsync ? "Async" : ""
    switch member.throwing {
    case .no: break
    case .any: effects += "Throws"
    case .typed(let failure): effects += "Throws" + TypeSpelling.spell(failure)
    }
    if let result = member.returnType { effects += "Returning" + TypeSpelling.spell(result) }
    var kind = member.isStatic ? "Static" : ""
    if case .property = member.kind { kind += "Property" }
    return [member.baseName, labels.joined(), types.joined(), effects, kind]
  }

  /// Grows the candidates' names until none is shared with another candidate or with `taken`:
  /// where candidates share a name, the one that reached it in the fewest steps keeps it and
  /// the others grow; where several reached it in as few steps, they all grow.
  private static func resolve(_ initial: [Candidate], taken: Set<String>) -> [String] {
    var candidates = initial
    while true {
      var byName: [String: [Int]] = [:]
      for index in candidates.indices { byName[candidates[index].name, default: []].append(index) }
      var growing: Set<Int> = []
      for index in candidates.indices where taken.contains(candidates[index].name) {
        growing.insert(index)
      }
      for group in byName.values where group.count > 1 {
        let fewest = group.map { candidates[$0].level }.min() ?? 0
        let keepers = group.filter { candidates[$0].level == fewest }
        growing.formUnion(group.filter { keepers.count > 1 || candidates[$0].level > fewest })
      }
      let grown = growing.filter { candidates[$0].canGrow }
      if grown.isEmpty { break }
      for index in grown { candidates[index].level += 1 }
    }
    // Ties left: the fewest steps first, then the declaration's text; the first keeps the name
    // unless another requirement has it, and the others are numbered.
    var counts: [String: Int] = [:]
    for candidate in candidates { counts[candidate.name, default: 0] += 1 }
    var names = candidates.map(\.name)
    let isTied = { (name: String) in counts[name, default: 0] > 1 || taken.contains(name) }
    var used = taken.union(names.filter { !isTied($0) })
    let tied = candidates.indices.filter { isTied(candidates[$0].name) }
      .sorted { left, right in
        let (a, b) = (candidates[left], candidates[right])
        return (a.name, a.level, a.signature) < (b.name, b.level, b.signature)
      }
    for index in tied {
      let name = candidates[index].name
      var candidate = name
      var number = 2
      while used.contains(candidate) {
        candidate = "\(name)\(number)"
        number += 1
      }
      used.insert(candidate)
      names[index] = candidate
    }
    return names
  }
}

extension Member {
  var hasSetter: Bool {
    switch kind {
    case .property(let hasSetter), .subscript(let hasSetter): hasSetter
    default: false
    }
  }
}

extension String {
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
