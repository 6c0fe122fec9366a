extension DeclarationParser {
  /// Names the parameters a spy cannot refer to as declared: `_: Int` becomes `_ arg1: Int`
  /// (stored in `Call` without a label), and a keyword such as `for` or `in` is escaped,
  /// `` `for` ``, wherever the spy's body uses it.
  static func namingUnnamedParameters(_ parameters: [Parameter]) -> [Parameter] {
    parameters.enumerated().map { index, parameter in
      var name = parameter.name
      var isUnnamed = parameter.isUnnamed
      if name == "_" {
        name = "arg\(index + 1)"
        isUnnamed = true
      } else if SwiftKeywords.all.contains(name) {
        name = "`\(name)`"
      }
      var renamed = Parameter(
        label: parameter.label,
        name: name,
        type: parameter.type,
        isInout: parameter.isInout,
        isVariadic: parameter.isVariadic,
        isEscaping: parameter.isEscaping
      )
      renamed.isUnnamed = isUnnamed
      renamed.modifiers = parameter.modifiers
      renamed.restatesLabel = parameter.restatesLabel
      renamed.isAliasedClosure = parameter.isAliasedClosure
      renamed.isAutoclosure = parameter.isAutoclosure
      renamed.evaluated = parameter.evaluated
      return renamed
    }
  }

  /// Splits `consuming String` into the modifiers a declaration restates (`consuming `) and the
  /// type `Call` records (`String`); refuses a parameter pack, which no spy can record.
  static func ownershipModifiers(
    of type: String
  ) throws(Unsupported) -> (modifiers: String, type: String) {
    if type.hasPrefix("repeat ") || type.hasPrefix("each ") {
      throw Unsupported(reason: "a parameter pack (`repeat each T`), which no Call case can hold")
    }
    let modifiers = ["borrowing ", "consuming ", "sending ", "isolated ", "__owned ", "__shared "]
    var type = type
    var found = ""
    while let modifier = modifiers.first(where: { type.hasPrefix($0) }) {
      found += modifier
      type = String(type.dropFirst(modifier.count))
    }
    return (found, type)
  }

  /// Reads a property's accessors, such as `get async throws(E)`: its effects.
  static func accessorEffects(_ accessors: String) -> (isAsync: Bool, throwing: Member.Throwing) {
    let words = accessors.split(separator: " ").map(String.init)
    var throwing = Member.Throwing.no
    for word in words where word.hasPrefix("throws") {
      if word.hasPrefix("throws("), word.hasSuffix(")") {
        let type = String(word.dropFirst("throws(".count).dropLast())
        throwing = type == "any Error" || type == "Error" ? .any : .typed(type)
      } else {
        throwing = .any
      }
    }
    return (words.contains("async"), throwing)
  }

  /// The name of an operator's `Call` case: a word for the standard library's operators
  /// (`==` is `equal`, `<` is `less`), else its characters named one by one, after `prefix` or
  /// `postfix` for those (`prefix -` is `prefixMinus`).
  static func operatorName(_ symbol: String, fixity: String) -> String {
    let infix = [
      "==": "equal", "!=": "notEqual", "<": "less", "<=": "lessOrEqual", ">": "greater",
      ">=": "greaterOrEqual", "+": "add", "-": "subtract", "*": "multiply", "/": "divide",
      "%": "remainder", "+=": "addAssign", "-=": "subtractAssign", "*=": "multiplyAssign",
      "/=": "divideAssign", "~=": "matches", "&&": "and", "||": "or", "...": "closedRange",
      "..<": "halfOpenRange",
    ]
    if fixity != "prefix" && fixity != "postfix", let word = infix[symbol] { return word }
    let characters: [Character: String] = [
      "=": "equal", "!": "bang", "<": "less", ">": "greater", "+": "plus", "-": "minus",
      "*": "star", "/": "slash", "%": "percent", "&": "ampersand", "|": "bar", "^": "caret",
      "~": "tilde", "?": "question", ".": "dot",
    ]
    let words = symbol.map { characters[$0] ?? "operator" }
    let joined = words.enumerated().map { $0 == 0 ? $1 : $1.capitalizedFirst }.joined()
    return fixity == "prefix" || fixity == "postfix" ? fixity + joined.capitalizedFirst : joined
  }
}
