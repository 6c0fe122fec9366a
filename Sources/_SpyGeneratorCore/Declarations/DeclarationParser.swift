import Foundation

/// Reads a requirement's declaration, from the symbol graph's fragments (see
/// ``DeclarationTokens``), into a ``Member``.
enum DeclarationParser {
  /// Why a declaration cannot become part of a spy.
  struct Unsupported: Error {
    let reason: String
  }

  /// Reads a requirement of a protocol (or an overridable member of a class, `isClass`) of
  /// `owner`: its attributes and modifiers, then its kind's declaration (see ``Reader``). Nil
  /// for what a spy does not implement (a `final` member, a class's initializer, a kind without
  /// a spy shape).
  static func member(
    _ symbol: SymbolGraph.Symbol,
    owner: String,
    isClass: Bool
  ) throws(Unsupported) -> Member? {
    let tokens = DeclarationTokens(symbol.declarationFragments ?? [])
    let (afterAttributes, attributes) = tokens.attributes(from: 0)
    var start = afterAttributes
    // `nonisolated` among the modifiers, which the graph may spell as an attribute fragment.
    let isNonisolated = tokens.indices[start...]
      .prefix { !["func", "var", "init", "subscript", "let"].contains(tokens[$0].spelling) }
      .contains { tokens[$0].isWord("nonisolated") }
    // Modifiers a spy does not restate (`nonisolated` is kept apart). A refinement that
    // restates its parent's requirement declares it `override`.
    let dropped: Set = [
      "open", "public", "package", "internal", "mutating", "nonisolated", "dynamic", "override",
      // Met by a plain method of a class.
      "consuming", "borrowing", "__consuming",
    ]
    var isStatic = false
    while start < tokens.indices.upperBound, tokens[start].kind == .word,
      dropped.contains(tokens[start].spelling)
        || ["static", "class"].contains(tokens[start].spelling)
    {
      if ["static", "class"].contains(tokens[start].spelling) { isStatic = true }
      start += 1
    }
    if start < tokens.indices.upperBound, tokens[start].isWord("final") { return nil }
    var fixity = ""
    if start < tokens.indices.upperBound,
      ["prefix", "postfix", "infix"].contains(tokens[start].spelling)
    {
      fixity = tokens[start].spelling + " "
      start += 1
    }
    let declaration = start..<tokens.indices.upperBound
    // A final spy spells `Self` with its own name; a subclass spy, not final, cannot.
    if isClass, tokens.spelling(declaration).contains("Self") {
      throw Unsupported(reason: "it mentions Self, which a spy class cannot spell")
    }
    let generics = (symbol.swiftGenerics?.parameters ?? []).filter { $0.depth > 0 || isClass }
      .map(\.name)
    let reader = Reader(tokens: tokens, declaration: declaration, owner: owner, generics: generics)
    var member: Member?
    switch symbol.kind.identifier {
    case "swift.method", "swift.type.method", "swift.func":
      member = try reader.function(isStatic: isStatic)
    case "swift.func.op":
      member = try reader.operatorFunction(fixity: fixity, isStatic: isStatic)
    case "swift.init":
      member = isClass ? nil : try reader.initializer()  // a subclass inherits its initializers
    case "swift.property", "swift.type.property":
      member = try reader.property(isStatic: isStatic)
    case "swift.subscript", "swift.type.subscript":
      member = try reader.subscriptMember(isStatic: isStatic)
    default:
      member = nil
    }
    member?.isNonisolated = isNonisolated
    member?.returnsExplicitly = attributes.contains { name in
      let name = name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      return !name.hasPrefix("_") && !languageAttributes.contains(String(name))
    }
    member?.isDeprecated = symbol.isDeprecated
    return member
  }

  /// Attributes of the language a requirement may carry, which its implementation does not
  /// inherit as it inherits a result builder: any other (a result builder, most likely) makes
  /// the implementation say `return`.
  static let languageAttributes: Set = [
    "MainActor", "discardableResult", "Sendable", "available", "objc", "nonobjc",
    "preconcurrency", "inlinable", "usableFromInline", "inline", "warn_unqualified_access",
    "backDeployed", "attached", "freestanding", "globalActor", "unchecked", "retroactive",
  ]

  /// Reads `associatedtype Item: Identifiable, Sendable = Article where Self.Item.ID == Int`.
  /// A default is left out: the spy's generic parameter has none, and the test names the type.
  static func associatedType(_ symbol: SymbolGraph.Symbol) throws(Unsupported) -> AssociatedType {
    let tokens = DeclarationTokens(symbol.declarationFragments ?? [])
    var index = tokens.attributes(from: 0).end
    let end = tokens.indices.upperBound
    while index < end, tokens[index].isWord("override") || tokens[index].isWord("associatedtype") {
      index += 1
    }
    let name = index < end ? tokens[index].spelling : ""
    index += 1
    let whereIndex =
      tokens.firstTopLevel(in: min(index, end)..<end) { $0.isWord("where") } ?? end
    let requirements = tokens.splitAtCommas(min(whereIndex + 1, end)..<end).map {
      tokens.spelling($0)
    }
    var constraint = ""
    if index < whereIndex, tokens[index].isMark(":") {
      let defaultIndex =
        tokens.firstTopLevel(in: (index + 1)..<whereIndex) { $0.isMark("=") } ?? whereIndex
      constraint = tokens.splitAtCommas((index + 1)..<defaultIndex).map { tokens.spelling($0) }
        .joined(separator: " & ")
    }
    if (requirements + [constraint]).contains(where: { $0.contains("Self") }) {
      throw Unsupported(
        reason: "associated type \(name) is constrained by Self, which a generic parameter of "
          + "the spy cannot name"
      )
    }
    return AssociatedType(name: name, constraint: constraint, requirements: requirements)
  }

  /// The names of a protocol's primary associated types, `Item` in `protocol Store<Item>`.
  static func primaryAssociatedTypes(_ symbol: SymbolGraph.Symbol) -> [String] {
    let tokens = DeclarationTokens(symbol.declarationFragments ?? [])
    guard let keyword = tokens.indices.first(where: { tokens[$0].isWord("protocol") }),
      keyword + 2 < tokens.indices.upperBound, tokens[keyword + 2].isMark("<")
    else { return [] }
    let close = tokens.closing(keyword + 2)
    return tokens.splitAtCommas((keyword + 3)..<(close - 1)).map { tokens.spelling($0) }
  }

  /// The requirements of a protocol's `where` clause, without `Self.`: `Item == Int` in
  /// `protocol IntStore: Store where Self.Item == Int`.
  static func whereRequirements(_ symbol: SymbolGraph.Symbol) -> [String] {
    let tokens = DeclarationTokens(symbol.declarationFragments ?? [])
    guard let whereIndex = tokens.indices.first(where: { tokens[$0].isWord("where") }) else {
      return []
    }
    return tokens.splitAtCommas((whereIndex + 1)..<tokens.indices.upperBound)
      .map { tokens.spelling($0) }
  }

  /// The index just after the bracket that closes the one at `start`.
  static func matching(_ characters: [Character], from start: Int) -> Int {
    var depth = 0
    var index = start
    while index < characters.count {
      switch characters[index] {
      case "(", "[", "<": depth += 1
      case ")", "]", ">":
        // `->` is not a closing bracket.
        if characters[index] == ">", index > 0, characters[index - 1] == "-" { break }
        depth -= 1
        if depth == 0 { return index + 1 }
      default: break
      }
      index += 1
    }
    return characters.count
  }

  /// Splits at `separator` outside brackets.
  static func splitTopLevel(_ text: String, separator: Character) -> [String] {
    var pieces: [String] = []
    var current = ""
    var depth = 0
    var previous: Character = " "
    for character in text {
      switch character {
      case "(", "[", "<": depth += 1
      case ")", "]": depth -= 1
      case ">" where previous != "-": depth -= 1
      case separator where depth == 0:
        pieces.append(current)
        current = ""
        previous = character
        continue
      default: break
      }
      current.append(character)
      previous = character
    }
    pieces.append(current)
    return pieces
  }
}

extension Parameter {
  /// The parameter as a declaration restates it: `_ text: String`, `values: inout [Int]`.
  var declaration: String {
    var type = self.type
    if isVariadic { type += "..." }
    if isEscaping { type = "@escaping " + type }
    if isAutoclosure { type = "@autoclosure " + type }
    if isInout { type = "inout " + type }
    type = modifiers + type
    if let label, label != name.trimmingBackticks || restatesLabel {
      return "\(attributes)\(label) \(name): \(type)"
    }
    if label == nil { return "\(attributes)_ \(name): \(type)" }
    return "\(attributes)\(name): \(type)"
  }
}

extension String {
  var trimmingSpaces: String {
    var text = Substring(self)
    while text.first == " " { text = text.dropFirst() }
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }

  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = Substring(self)
    while let range = rest.range(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
