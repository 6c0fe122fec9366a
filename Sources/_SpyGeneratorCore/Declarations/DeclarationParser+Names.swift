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
      renamed.attributes = parameter.attributes
      renamed.restatesLabel = parameter.restatesLabel
      renamed.isAliasedClosure = parameter.isAliasedClosure
      renamed.isAutoclosure = parameter.isAutoclosure
      renamed.evaluated = parameter.evaluated
      return renamed
    }
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
