import Foundation

/// Reads a requirement's declaration, as the symbol graph spells it, into a ``Member``.
enum DeclarationParser {
  /// Why a declaration cannot become part of a spy.
  struct Unsupported: Error {
    let reason: String
  }

  static func member(
    _ symbol: SymbolGraph.Symbol,
    owner: String,
    isClass: Bool
  ) throws(Unsupported) -> Member? {
    var declaration = symbol.declaration
    declaration = stripAttributes(declaration).replacingAll(" : ", with: ": ")
    var words = declaration.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    var isStatic = false
    let isNonisolated = words.prefix { $0 != "func" && $0 != "var" }.contains("nonisolated")
    // Modifiers a spy does not restate (`nonisolated` is kept apart). A refinement that restates its parent's requirement
    // declares it `override`.
    let dropped: Set = [
      "open", "public", "package", "internal", "mutating", "nonisolated", "dynamic", "override",
      // Met by a plain method of a class.
      "consuming", "borrowing", "__consuming",
    ]
    while let first = words.first, dropped.contains(first) || first == "static" || first == "class"
    {
      if first == "static" || first == "class" { isStatic = true }
      words.removeFirst()
    }
    if words.first == "final" { return nil }
    var fixity = ""
    if let first = words.first, ["prefix", "postfix", "infix"].contains(first) {
      fixity = first + " "
      words.removeFirst()
    }
    // `Self.Item` is the spy's generic parameter `Item` (or a typealias of the protocol).
    declaration = withoutSelfPrefix(words.joined(separator: " "))
    // A final spy spells `Self` with its own name; a subclass spy, not final, cannot.
    if isClass, declaration.contains("Self") {
      throw Unsupported(reason: "it mentions Self, which a spy class cannot spell")
    }
    let generics = (symbol.swiftGenerics?.parameters ?? []).filter { $0.depth > 0 || isClass }
      .map(\.name)
    var member: Member?
    switch symbol.kind.identifier {
    case "swift.method", "swift.type.method", "swift.func":
      member = try function(declaration, isStatic: isStatic, owner: owner, generics: generics)
    case "swift.func.op":
      member = try operatorFunction(
        declaration,
        fixity: fixity,
        isStatic: isStatic,
        owner: owner,
        generics: generics
      )
    case "swift.init":
      member = try initializer(declaration, owner: owner, isClass: isClass, generics: generics)
    case "swift.property", "swift.type.property":
      member = try property(declaration, isStatic: isStatic, owner: owner)
    case "swift.subscript", "swift.type.subscript":
      member = try subscriptMember(
        declaration,
        isStatic: isStatic,
        owner: owner,
        generics: generics
      )
    default:
      member = nil
    }
    member?.isNonisolated = isNonisolated
    member?.returnsExplicitly = hasCustomAttribute(symbol.declaration)
    member?.isDeprecated = symbol.isDeprecated
    return member
  }

  /// Attributes of the language a requirement may carry, which its implementation does not
  /// inherit as it inherits a result builder.
  static let languageAttributes: Set = [
    "MainActor", "discardableResult", "Sendable", "available", "objc", "nonobjc",
    "preconcurrency", "inlinable", "usableFromInline", "inline", "warn_unqualified_access",
    "backDeployed", "attached", "freestanding", "globalActor", "unchecked", "retroactive",
  ]

  /// Whether the declaration starts with an attribute that is not the language's: a result
  /// builder, most likely.
  static func hasCustomAttribute(_ declaration: String) -> Bool {
    var rest = Substring(declaration.trimmingSpaces)
    while rest.first == "@" {
      let name = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if !name.hasPrefix("_"), !languageAttributes.contains(String(name)) { return true }
      rest = rest.dropFirst(1 + name.count)
      if rest.first == "(" || rest.first == "<" {
        let characters = Array(rest)
        rest = rest.dropFirst(matching(characters, from: 0))
      }
      rest = rest.drop { $0 == " " }
    }
    return false
  }

  /// Reads `associatedtype Item: Identifiable, Sendable = Article where Self.Item.ID == Int`.
  /// A default is left out: the spy's generic parameter has none, and the test names the type.
  static func associatedType(_ symbol: SymbolGraph.Symbol) throws(Unsupported) -> AssociatedType {
    var text = withoutSelfPrefix(
      stripAttributes(symbol.declaration).replacingAll(" : ", with: ": ")
    )
    if text.hasPrefix("override ") { text = String(text.dropFirst("override ".count)) }
    text = String(text.dropFirst("associatedtype ".count))
    var requirements: [String] = []
    if let whereRange = text.range(of: " where ") {
      requirements = splitTopLevel(String(text[whereRange.upperBound...]), separator: ",")
        .map(\.trimmingSpaces)
      text = String(text[..<whereRange.lowerBound])
    }
    if let equals = text.range(of: " = ") { text = String(text[..<equals.lowerBound]) }
    let name = String(text.prefix { $0 != ":" && $0 != " " })
    var constraint = ""
    if let colon = text.firstIndex(of: ":") {
      constraint = splitTopLevel(String(text[text.index(after: colon)...]), separator: ",")
        .map(\.trimmingSpaces).joined(separator: " & ")
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
  static func primaryAssociatedTypes(_ declaration: String) -> [String] {
    var head = declaration.prefix { $0 != ":" }
    if let whereRange = head.range(of: " where ") { head = head[..<whereRange.lowerBound] }
    guard let open = head.firstIndex(of: "<"), let close = head.firstIndex(of: ">") else {
      return []
    }
    return head[head.index(after: open)..<close].split(separator: ",")
      .map { String($0).trimmingSpaces }
  }

  /// The requirements of a protocol's `where` clause, without `Self.`: `Item == Int` in
  /// `protocol IntStore: Store where Self.Item == Int`.
  static func whereRequirements(_ declaration: String) -> [String] {
    let text = withoutSelfPrefix(declaration.replacingAll(" : ", with: ": "))
    guard let whereRange = text.range(of: " where ") else { return [] }
    return splitTopLevel(String(text[whereRange.upperBound...]), separator: ",")
      .map(\.trimmingSpaces)
  }

  /// `text` with `Self.` dropped before a member type: `Self.Item.ID` is `Item.ID`;
  /// `Self.Type` stays.
  static func withoutSelfPrefix(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let range = rest.range(of: "Self.") {
      let before = rest[..<range.lowerBound]
      let after = rest[range.upperBound...]
      let next = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      let atWordStart = before.last.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
      result += before
      if atWordStart ?? true, !next.isEmpty, next != "Type", next != "Protocol" {
        // dropped
      } else {
        result += "Self."
      }
      rest = after
    }
    return result + rest
  }

  // MARK: - Kinds

  private static func function(
    _ declaration: String,
    isStatic: Bool,
    owner: String,
    generics: [String]
  ) throws(Unsupported) -> Member {
    // func name<T: P>(params) effects -> Result where …
    guard declaration.hasPrefix("func ") else { throw Unsupported(reason: "unknown declaration") }
    let afterFunc = declaration.dropFirst("func ".count)
    let nameEnd = afterFunc.firstIndex { $0 == "(" || $0 == "<" } ?? afterFunc.endIndex
    let name = String(afterFunc[..<nameEnd])
    let (head, parameters, rest) = try splitParameterList(String(afterFunc), isSubscript: false)
    let (isAsync, throwing, returnType) = try effectsAndResult(rest)
    if let returnType, returnType.hasPrefix("some ") {
      throw Unsupported(reason: "its opaque result type \(returnType) has no value a spy can make")
    }
    // `func make<T: ~Copyable>() -> T`: a stub hands back a copy of what the test gave it,
    // which a noncopyable value has not.
    if let returnType, declaration.contains("~Copyable"),
      let generic = generics.first(where: { returnType.replacingWord($0, with: "") != returnType })
    {
      throw Unsupported(
        reason: "its result \(returnType) may be noncopyable (\(generic): ~Copyable), and a stub "
          + "can only hand back a copy"
      )
    }
    let effects = rest.components(separatedBy: "->").first ?? ""
    let isRethrows = effects.split(separator: " ").contains("rethrows")
    var member = Member(
      kind: .method,
      isStatic: isStatic,
      baseName: name,
      displayName: "\(name)(\(parameters.map { "\($0.label ?? "_"):" }.joined()))",
      parameters: evaluatingAutoclosures(
        parameters,
        isAsync: isAsync,
        mayThrow: throwing != .no || isRethrows
      ),
      isAsync: isAsync,
      throwing: throwing,
      returnType: returnType,
      genericNames: generics,
      head: (isStatic ? "static " : "") + "func " + head,
      tail: rest,
      owner: owner
    )
    member.isRethrows = isRethrows
    return member
  }

  /// Reads `func == (lhs: Self, rhs: Self) -> Bool`: a static method whose `Call` case is
  /// named in words, `equal`.
  private static func operatorFunction(
    _ declaration: String,
    fixity: String,
    isStatic: Bool,
    owner: String,
    generics: [String]
  ) throws(Unsupported) -> Member {
    guard declaration.hasPrefix("func ") else { throw Unsupported(reason: "unknown declaration") }
    let afterFunc = declaration.dropFirst("func ".count)
    let name = String(afterFunc.prefix { $0 != " " && $0 != "(" })
    let rest = String(afterFunc.dropFirst(name.count)).trimmingSpaces
    let (head, parameters, tail) = try splitParameterList(rest, isSubscript: false)
    let (isAsync, throwing, returnType) = try effectsAndResult(tail)
    return Member(
      kind: .method,
      isStatic: isStatic,
      baseName: operatorName(name, fixity: fixity.trimmingSpaces),
      displayName: "\(name)(\(parameters.map { _ in "_:" }.joined()))",
      parameters: parameters,
      isAsync: isAsync,
      throwing: throwing,
      returnType: returnType,
      genericNames: generics,
      head: (isStatic ? "static " : "") + fixity + "func \(name) " + head,
      tail: tail,
      owner: owner
    )
  }

  private static func initializer(
    _ declaration: String,
    owner: String,
    isClass: Bool,
    generics: [String]
  ) throws(Unsupported) -> Member? {
    if isClass { return nil }  // a subclass inherits the initializers it needs
    guard declaration.hasPrefix("init") else { throw Unsupported(reason: "unknown declaration") }
    let (written, parameters, rest) = try splitParameterList(declaration, isSubscript: false)
    // `init?` and `init!` are met by an initializer that always succeeds.
    let isFailable = written.hasPrefix("init?") || written.hasPrefix("init!")
    let head = isFailable ? "init" + written.dropFirst("init?".count) : written
    let (isAsync, throwing, _) = try effectsAndResult(rest)
    return Member(
      kind: .initializer,
      isStatic: false,
      baseName: "init",
      displayName: "init(\(parameters.map { "\($0.label ?? "_"):" }.joined()))",
      parameters: evaluatingAutoclosures(parameters, isAsync: isAsync, mayThrow: throwing != .no),
      isAsync: isAsync,
      throwing: throwing,
      returnType: nil,
      genericNames: generics,
      head: head,
      tail: rest,
      owner: owner
    )
  }

  private static func property(
    _ declaration: String,
    isStatic: Bool,
    owner: String
  ) throws(Unsupported) -> Member {
    // var name: Type { get set }
    var text = Substring(declaration)
    if text.hasPrefix("var ") {
      text = text.dropFirst(4)
    } else if text.hasPrefix("let ") {
      text = text.dropFirst(4)
    }
    guard let colon = text.firstIndex(of: ":") else { throw Unsupported(reason: "no type") }
    let name = String(text[..<colon])
    var type = String(text[text.index(after: colon)...]).trimmingSpaces
    var accessors = "get"
    if let brace = type.firstIndex(of: "{") {
      accessors = String(type[type.index(after: brace)...]).replacingAll("}", with: "")
      type = String(type[..<brace]).trimmingSpaces
    }
    let accessorWords = Set(accessors.split(separator: " ").map(String.init))
    let effects = accessorEffects(accessors)
    return Member(
      kind: .property(hasSetter: accessorWords.contains("set")),
      isStatic: isStatic,
      baseName: name,
      displayName: name,
      parameters: [],
      isAsync: effects.isAsync,
      throwing: effects.throwing,
      returnType: type == "Void" || type == "()" ? nil : type,
      genericNames: [],
      head: (isStatic ? "static " : "") + "var \(name): \(type)",
      tail: "",
      owner: owner
    )
  }

  private static func subscriptMember(
    _ declaration: String,
    isStatic: Bool,
    owner: String,
    generics: [String]
  ) throws(Unsupported) -> Member {
    guard declaration.hasPrefix("subscript") else {
      throw Unsupported(reason: "unknown declaration")
    }
    // subscript<T: P>(key: T) -> Result where … { get async throws }
    var (genericClause, parameters, rest) = try splitParameterList(
      String(declaration.dropFirst("subscript".count)),
      isSubscript: true
    )
    var resultPart = rest
    var accessors = "get"
    if let brace = rest.firstIndex(of: "{") {
      accessors = String(rest[rest.index(after: brace)...]).replacingAll("}", with: "")
      resultPart = String(rest[..<brace])
    }
    let (_, _, returnType) = try effectsAndResult(resultPart)
    guard let returnType else { throw Unsupported(reason: "a subscript without a result") }
    let accessorWords = Set(accessors.split(separator: " ").map(String.init))
    // An effectful getter (`get async throws(E)`) is implemented like a property's.
    let effects = accessorEffects(accessors)
    // A subscript's parameter has a label only when the declaration says it twice.
    for index in parameters.indices where parameters[index].label != nil {
      parameters[index].restatesLabel = true
    }
    return Member(
      kind: .subscript(hasSetter: accessorWords.contains("set")),
      isStatic: isStatic,
      baseName: "subscript",
      displayName: "subscript(\(parameters.map { "\($0.label ?? "_"):" }.joined()))",
      parameters: parameters,
      isAsync: effects.isAsync,
      throwing: effects.throwing,
      returnType: returnType,
      genericNames: generics,
      head: (isStatic ? "static " : "") + "subscript" + genericClause.trimmingSpaces,
      tail: " " + resultPart.trimmingSpaces,
      owner: owner
    )
  }

  // MARK: - Pieces

  /// Reads `<…>(a b: T, c: U)` from `text`; returns what comes before the list (such as the
  /// generic parameters), the parameters, and the rest.
  static func splitParameterList(
    _ text: String,
    isSubscript: Bool
  ) throws(Unsupported) -> (head: String, parameters: [Parameter], rest: String) {
    let characters = Array(text)
    var index = 0
    while index < characters.count, characters[index] != "(", characters[index] != "<" {
      index += 1
    }
    if index < characters.count, characters[index] == "<" {
      index = matching(characters, from: index)
    }
    while index < characters.count, characters[index] != "(" { index += 1 }
    guard index < characters.count else { throw Unsupported(reason: "no parameter list") }
    let head = String(characters[..<index])
    let close = matching(characters, from: index)
    let inside = String(characters[(index + 1)..<(close - 1)])
    let rest = String(characters[close...])
    var parameters: [Parameter] = []
    for piece in splitTopLevel(inside, separator: ",") where !piece.trimmingSpaces.isEmpty {
      parameters.append(try parameter(piece.trimmingSpaces, isSubscript: isSubscript))
    }
    return (head, namingUnnamedParameters(parameters), rest)
  }

  private static func parameter(
    _ text: String,
    isSubscript: Bool
  ) throws(Unsupported) -> Parameter {
    guard let colon = text.firstIndex(of: ":") else {
      throw Unsupported(reason: "a parameter without a type")
    }
    let names = text[..<colon].split(separator: " ").map(String.init)
    var type = String(text[text.index(after: colon)...]).trimmingSpaces
    var isInout = false
    var isEscaping = false
    var isVariadic = false
    if type.hasPrefix("inout ") {
      isInout = true
      type = String(type.dropFirst("inout ".count))
    }
    let (modifiers, unmodified) = try ownershipModifiers(of: type)
    type = unmodified
    // `@escaping` of the parameter itself, among its leading attributes; one inside the type
    // (`((@escaping () -> Void) -> Void)?`) belongs to the type.
    if let escaping = leadingEscaping(in: type) {
      isEscaping = true
      type = escaping
    }
    if type.hasSuffix("...") {
      isVariadic = true
      type = String(type.dropLast(3))
    }
    var isAutoclosure = false
    if type.hasPrefix("@autoclosure ") {
      isAutoclosure = true
      type = String(type.dropFirst("@autoclosure ".count))
    }
    let label: String?
    let name: String
    switch names.count {
    case 1:
      label = isSubscript || names[0] == "_" ? nil : names[0]
      name = names[0]
    case 2:
      label = names[0] == "_" ? nil : names[0]
      name = names[1]
    default:
      throw Unsupported(reason: "a parameter it cannot read: \(text)")
    }
    var parameter = Parameter(
      label: label,
      name: name,
      type: type,
      isInout: isInout,
      isVariadic: isVariadic,
      isEscaping: isEscaping
    )
    parameter.modifiers = modifiers
    parameter.isAutoclosure = isAutoclosure
    return parameter
  }

  /// The type without its own `@escaping`, when it has one among its leading attributes
  /// (`@escaping @Sendable (Int) -> Void`, `@Sendable @escaping () -> Void`); else nil.
  private static func leadingEscaping(in type: String) -> String? {
    var words = type.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    var index = 0
    while index < words.count, words[index].hasPrefix("@") {
      if words[index] == "@escaping" {
        words.remove(at: index)
        return words.joined(separator: " ")
      }
      index += 1
    }
    return nil
  }

  /// The parameters with each `@autoclosure` the spy can evaluate marked so: one whose value is
  /// not a function, that throws only in a method that may throw, and is async only in an async
  /// method. Its value is what `Call` records.
  static func evaluatingAutoclosures(
    _ parameters: [Parameter],
    isAsync: Bool,
    mayThrow: Bool
  ) -> [Parameter] {
    parameters.map { parameter in
      var type = parameter.type
      // Attributes such as `@Sendable` do not change the call.
      while type.hasPrefix("@"), let space = type.firstIndex(of: " ") {
        type = String(type[type.index(after: space)...])
      }
      guard parameter.isAutoclosure, type.hasPrefix("()"), let arrow = type.range(of: "->") else {
        return parameter
      }
      var result = String(type[arrow.upperBound...]).trimmingSpaces
      if result == "()" { result = "Void" }
      let effects = type[type.index(type.startIndex, offsetBy: 2)..<arrow.lowerBound]
        .split(separator: " ")
      let throwsToo = effects.contains { $0.hasPrefix("throws") }
      let awaits = effects.contains("async")
      guard !result.contains("->"), !throwsToo || mayThrow, !awaits || isAsync else {
        return parameter
      }
      var evaluated = parameter
      evaluated.evaluated = (result, (throwsToo ? "try " : "") + (awaits ? "await " : ""))
      return evaluated
    }
  }

  /// Reads ` async throws(E) -> Result where …` after a parameter list.
  private static func effectsAndResult(
    _ text: String
  ) throws(Unsupported) -> (isAsync: Bool, throwing: Member.Throwing, returnType: String?) {
    var rest = text.trimmingSpaces
    if let whereRange = rest.range(of: " where ") { rest = String(rest[..<whereRange.lowerBound]) }
    var isAsync = false
    var throwing = Member.Throwing.no
    var returnType: String?
    if let arrow = rest.range(of: "->") {
      returnType = String(rest[arrow.upperBound...]).trimmingSpaces
      rest = String(rest[..<arrow.lowerBound]).trimmingSpaces
    }
    if rest.hasPrefix("async") {
      isAsync = true
      rest = String(rest.dropFirst("async".count)).trimmingSpaces
    }
    if rest.hasPrefix("throws(") {
      let type = rest.dropFirst("throws(".count).prefix { $0 != ")" }
      throwing = type == "any Error" ? .any : .typed(String(type))
    } else if rest.hasPrefix("throws") {
      throwing = .any
    }
    if returnType == "Void" || returnType == "()" { returnType = nil }
    return (isAsync, throwing, returnType)
  }

  /// Drops leading attributes such as `@MainActor`, `@discardableResult`, `@available(…)` and
  /// `@ReducerBuilder<State, Action>` (whose arguments may hold spaces and commas).
  static func stripAttributes(_ declaration: String) -> String {
    var characters = Array(declaration.trimmingSpaces)
    while characters.first == "@" {
      var index = 1
      while index < characters.count,
        characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
          || characters[index] == "."
      {
        index += 1
      }
      // Arguments, `<…>` or `(…)`, right after the name.
      while index < characters.count, characters[index] == "<" || characters[index] == "(" {
        index = matching(characters, from: index)
      }
      characters = Array(characters[index...])
      while characters.first == " " { characters.removeFirst() }
    }
    return String(characters).split(separator: " ").joined(separator: " ")
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
      return "\(label) \(name): \(type)"
    }
    if label == nil { return "_ \(name): \(type)" }
    return "\(name): \(type)"
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
