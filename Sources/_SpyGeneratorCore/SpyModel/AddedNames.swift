/// The names of the members a spy adds for its tests, beside the requirements: the accessor of
/// each kept closure (`loadCompletion`) and the write-back stub of each `inout` parameter
/// (`stubNextState`).
///
/// A name is its call's case name joined with the parameter's, so it can be a requirement's
/// name too (`var loadCompletion`), or another added member's (`save` + `fromCache` and
/// `saveFrom` + `cache`). Such a name goes to the first of them in order of case and parameter
/// names (never of declaration), and the others take a longer one, `keptLoadCompletion` and
/// `stubNextStateWriteBack`: a spy never declares a name twice.
struct AddedNames {
  enum Kind: Hashable {
    /// `<case><Parameter>`, else `kept<Case><Parameter>`.
    case kept
    /// `stub<Case><Parameter>`, else `stub<Case><Parameter>WriteBack`.
    case writeBack
  }

  private struct Key: Hashable {
    let kind: Kind
    let member: Int
    let parameter: String
  }

  private var names: [Key: String] = [:]

  init(_ members: [Member], caseNames: CaseNames) {
    // Names the spy has already: the requirements', and its own stored members'.
    var used = Set(members.map(\.baseName.trimmingBackticks))
    used.formUnion(["statics", "staticSpies", "spy", "Call"])
    var wanted: [(key: Key, caseName: String, parameter: String)] = []
    for (index, member) in members.enumerated() {
      let caseName = caseNames.names[index].get.trimmingBackticks
      for parameter in member.parameters {
        let name = parameter.name.trimmingBackticks
        if parameter.isClosure && parameter.isEscaping {
          wanted.append((Key(kind: .kept, member: index, parameter: name), caseName, name))
        }
        if parameter.isInout && !parameter.isClosure {
          wanted.append((Key(kind: .writeBack, member: index, parameter: name), caseName, name))
        }
      }
    }
    wanted.sort { ($0.caseName, $0.parameter) < ($1.caseName, $1.parameter) }
    var longer: [(key: Key, name: String)] = []
    for (key, caseName, parameter) in wanted {
      let joined = caseName.capitalizedFirst + parameter.capitalizedFirst
      let name =
        key.kind == .kept ? caseName + parameter.capitalizedFirst : "stub" + joined
      if used.insert(name).inserted {
        names[key] = name
      } else {
        longer.append((key, key.kind == .kept ? "kept" + joined : name + "WriteBack"))
      }
    }
    for (key, name) in longer {
      var candidate = name
      var number = 2
      while !used.insert(candidate).inserted {
        candidate = name + "\(number)"
        number += 1
      }
      names[key] = candidate
    }
  }

  /// The name of the member of `kind` added for `parameter` of the member at `index`.
  func name(of kind: Kind, member index: Int, parameter: Parameter) -> String {
    names[Key(kind: kind, member: index, parameter: parameter.name.trimmingBackticks)] ?? ""
  }
}
