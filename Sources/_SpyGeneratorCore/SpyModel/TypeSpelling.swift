import Foundation

/// How a type is spelled inside a `Call` case name, when overloads are told apart by their
/// parameter types: one identifier, the same for the same type as written.
///
/// | type | spelled |
/// |---|---|
/// | `Int`, `url`, `` `Type` `` | `Int`, `Url`, `Type` (the first letter capitalized) |
/// | a generic parameter `T` | `T` (its name) |
/// | `Article.ID`, `T.Type`, `(any P).Type` | `ArticleID`, `TType`, `AnyPType` (parts joined) |
/// | `[Int]`, `[String: Any]` | `IntArray`, `StringAnyDictionary` |
/// | `Int?`, `Int!` | `IntOptional` |
/// | `Set<URL>`, `Result<Int, any Error>` | `URLSet`, `IntAnyErrorResult` (arguments, then the type) |
/// | `some P`, `any P`, `P & Q` | `SomeP`, `AnyP`, `PAndQ` |
/// | `(Int, String)`, `(width: Int, height: Int)`, `()` | `IntStringTuple`, `IntIntTuple`, `Void` |
/// | `(Int) -> Void`, `() async throws -> Data` | `IntToVoid`, `VoidAsyncThrowsToData` |
/// | an `inout` or variadic parameter of `Int` | `InoutInt`, `IntVariadic` |
///
/// Attributes (`@Sendable`, `@escaping`) and ownership modifiers (`consuming`, `sending`) are
/// left out; so are the labels of tuples and function parameters.
enum TypeSpelling {
  /// The spelling of a parameter's type, with `Inout` or `Variadic` where it is one.
  static func spell(_ parameter: Parameter) -> String {
    (parameter.isInout ? "Inout" : "") + spell(parameter.type)
      + (parameter.isVariadic ? "Variadic" : "")
  }

  /// The spelling of a type as written.
  static func spell(_ written: String) -> String {
    let type = withoutAttributes(written)
    if let arrow = topLevelArrow(in: type) {
      let arguments = type[..<arrow]
      let result = String(type[type.index(arrow, offsetBy: 2)...])
      var parameters = "Void"
      var effects = ""
      if arguments.hasPrefix("(") {
        let characters = Array(arguments)
        let close = DeclarationParser.matching(characters, from: 0)
        let inside = String(characters[1..<(close - 1)])
        let spelled = elements(of: inside).map(spell).joined()
        if !spelled.isEmpty { parameters = spelled }
        let rest = String(characters[close...])
        if rest.contains("async") { effects += "Async" }
        if rest.contains("throws") { effects += "Throws" }
      }
      return parameters + effects + "To" + spell(result)
    }
    let composition = DeclarationParser.splitTopLevel(type, separator: "&")
    if composition.count > 1 { return composition.map(spell).joined(separator: "And") }
    for (keyword, word) in [("some ", "Some"), ("any ", "Any")] where type.hasPrefix(keyword) {
      return word + spell(String(type.dropFirst(keyword.count)))
    }
    if type.hasSuffix("?") || type.hasSuffix("!") {
      return spell(String(type.dropLast())) + "Optional"
    }
    let characters = Array(type)
    if let first = characters.first, first == "[" || first == "(",
      DeclarationParser.matching(characters, from: 0) == characters.count
    {
      let inside = String(characters[1..<(characters.count - 1)])
      if first == "[" {
        let pair = DeclarationParser.splitTopLevel(inside, separator: ":")
        if pair.count == 2 { return spell(pair[0]) + spell(pair[1]) + "Dictionary" }
        return spell(inside) + "Array"
      }
      let parts = elements(of: inside)
      if parts.isEmpty { return "Void" }
      let isLabeled = DeclarationParser.splitTopLevel(inside, separator: ":").count > 1
      if parts.count == 1 && !isLabeled { return spell(parts[0]) }
      return parts.map(spell).joined() + "Tuple"
    }
    let members = DeclarationParser.splitTopLevel(type, separator: ".")
    if members.count > 1 { return members.map(spell).joined() }
    if type.hasSuffix(">"), let open = type.firstIndex(of: "<") {
      let arguments = DeclarationParser.splitTopLevel(
        String(type[type.index(after: open)..<type.index(before: type.endIndex)]),
        separator: ","
      )
      return arguments.map(spell).joined() + spell(String(type[..<open]))
    }
    return identifier(type)
  }

  /// The types of a tuple's elements or a function's parameters, without their labels.
  private static func elements(of list: String) -> [String] {
    DeclarationParser.splitTopLevel(list, separator: ",").compactMap { element in
      let pieces = DeclarationParser.splitTopLevel(element, separator: ":")
      let type = (pieces.last ?? element).trimmingSpaces
      return type.isEmpty ? nil : type
    }
  }

  /// The type without leading attributes (`@Sendable`, `@MainActor`, `@convention(c)`) and
  /// ownership or parameter modifiers.
  private static func withoutAttributes(_ type: String) -> String {
    var text = type.trimmingSpaces
    let modifiers = [
      "inout ", "borrowing ", "consuming ", "sending ", "isolated ", "__owned ", "__shared ",
    ]
    while true {
      if text.hasPrefix("@") {
        var end = text.firstIndex { $0 == " " || $0 == "(" } ?? text.endIndex
        if end < text.endIndex, text[end] == "(" {
          let characters = Array(text)
          let offset = text.distance(from: text.startIndex, to: end)
          let close = DeclarationParser.matching(characters, from: offset)
          // `@convention(c)` is an attribute; `@Sendable (Int) -> Void` is not followed by one.
          if offset > 0, characters[offset - 1] != " " {
            end = text.index(text.startIndex, offsetBy: close)
          }
        }
        text = String(text[end...]).trimmingSpaces
      } else if let modifier = modifiers.first(where: text.hasPrefix) {
        text = String(text.dropFirst(modifier.count)).trimmingSpaces
      } else {
        return text
      }
    }
  }

  /// Where a function type's `->` is, outside every bracket.
  private static func topLevelArrow(in type: String) -> String.Index? {
    var depth = 0
    var index = type.startIndex
    while index < type.endIndex {
      switch type[index] {
      case "(", "[", "<": depth += 1
      case ")", "]": depth -= 1
      case ">": depth -= 1
      case "-":
        let next = type.index(after: index)
        if depth == 0, next < type.endIndex, type[next] == ">" { return index }
        if next < type.endIndex, type[next] == ">" { index = next }
      default: break
      }
      index = type.index(after: index)
    }
    return nil
  }

  /// An identifier with its first letter capitalized and anything but letters, digits and `_`
  /// left out.
  private static func identifier(_ text: String) -> String {
    String(text.filter { $0.isLetter || $0.isNumber || $0 == "_" }).capitalizedFirst
  }
}
