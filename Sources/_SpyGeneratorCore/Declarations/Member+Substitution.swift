extension Member {
  /// The member with names replaced wherever its declaration spells a type: `Self` by the
  /// spy's own name (`func copy() -> CopyingSpy`, which a final class may declare for
  /// `-> Self`), or an associated type by the type a `where` clause fixes it to.
  func substituting(_ words: [String: String]) -> Member {
    guard !words.isEmpty else { return self }
    var member = self
    member.head = head.substitutingWords(words)
    member.tail = tail.substitutingWords(words)
    member.returnType = returnType.map { $0.substitutingWords(words) }
    for index in member.parameters.indices {
      member.parameters[index].type = parameters[index].type.substitutingWords(words)
    }
    return member
  }
}

extension Member {
  /// The member with each of its own generic parameters that has the name of one of the spy's
  /// (`func fetch<RowDecoder>` in `DecodersSpy<RowDecoder>`, which would shadow it) renamed
  /// `Other<Name>`: a witness may name its generic parameters as it likes.
  func renamingGenerics(shadowing names: Set<String>) -> Member {
    var renamed: [String: String] = [:]
    for generic in genericNames where names.contains(generic) {
      var candidate = "Other" + generic
      while names.contains(candidate) || genericNames.contains(candidate) {
        candidate = "Other" + candidate
      }
      renamed[generic] = candidate
    }
    guard !renamed.isEmpty else { return self }
    var member = substituting(renamed)
    member.genericNames = genericNames.map { renamed[$0] ?? $0 }
    return member
  }
}

extension Member {
  /// The declaration as the spy restates it, which two requirements that are one share.
  var signature: String {
    "\(isStatic) \(head)(\(parameters.map(\.declaration).joined(separator: ", ")))\(tail)"
  }
}

extension Member {
  /// What the declarations of one requirement share, wherever it is restated: the signature
  /// with the member's own generic parameters named by their position and without the
  /// arguments' inner names (`Numeric`'s `init?<T: BinaryInteger>(exactly source: T)` and
  /// `FloatingPoint`'s `init?<Source: BinaryInteger>(exactly value: Source)` are one).
  var requirementKey: String {
    var positions: [String: String] = [:]
    for (index, name) in genericNames.enumerated() { positions[name] = "τ_\(index)" }
    let member = substituting(positions)
    let parameters = member.parameters.map { parameter in
      // `label name: type`: the inner name is before the first colon.
      let type = parameter.declaration.split(separator: ":", maxSplits: 1).last ?? ""
      return "\(parameter.label ?? "_"):\(type)"
    }
    return "\(isStatic) \(member.head)(\(parameters.joined(separator: ", ")))\(member.tail)"
  }
}

extension String {
  /// The text with each identifier that is a key of `words` replaced by its value.
  func substitutingWords(_ words: [String: String]) -> String {
    words.reduce(self) { text, pair in text.replacingWord(pair.key, with: pair.value) }
  }
}
