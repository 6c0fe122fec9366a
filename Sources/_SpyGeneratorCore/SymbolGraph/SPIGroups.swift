import Foundation

/// The `@_spi(Group)` groups of symbols the symbol graph marks `spi`.
///
/// The graph says that a symbol is SPI, never of which group, and a spy must name the group to
/// see it (`@_spi(Group) import Module`). It does say where the declaration is (`location`: the
/// file and the 0-based line and column of its name), so the groups are read from the source:
/// the declaration's own `@_spi(…)` attributes; else those of the type or extension it is
/// declared in, outwards; else, for a member of a type declared elsewhere, that type's groups.
///
/// ```swift
/// let groups = SPIGroups(reader)
/// switch groups.groups(of: symbol) {
/// case .success(let names): print(names)  // ["RawSyntax"]
/// case .failure(let reason): print(reason.description)
/// }
/// ```
final class SPIGroups: @unchecked Sendable {  // `sources` is guarded by `lock`.
  struct NotFound: Error, CustomStringConvertible {
    let description: String
  }

  private let reader: SymbolGraphReader
  private let lock = NSLock()
  private var sources: [String: SourceTokens?] = [:]

  init(_ reader: SymbolGraphReader) {
    self.reader = reader
  }

  /// The groups of `symbol`, sorted, or why they could not be read.
  func groups(of symbol: SymbolGraph.Symbol) -> Result<[String], NotFound> {
    guard let location = symbol.location else {
      return .failure(NotFound(description: "the symbol graph gives no source location"))
    }
    let path = URL(string: location.uri)?.path ?? location.uri
    guard let tokens = tokens(ofFileAt: path) else {
      return .failure(NotFound(description: "its source \(path) cannot be read"))
    }
    let baseName = String(symbol.name.prefix { $0 != "(" && $0 != "<" })
    if let name = tokens.token(
      baseName,
      line: location.position.line,
      column: location.position.character
    ) {
      let groups = Self.groups(ofDeclarationNamedAt: name, in: tokens)
      if !groups.isEmpty { return .success(groups) }
    }
    // A member of an SPI type, declared in a plain extension of it in another file.
    if symbol.pathComponents.count > 1,
      let parent = reader.symbol(atPath: symbol.pathComponents.dropLast()), parent.spi == true,
      case .success(let groups) = groups(of: parent)
    {
      return .success(groups)
    }
    return .failure(
      NotFound(
        description: "there is no `@_spi(…)` attribute at \(path):\(location.position.line + 1)"
          + " on its declaration or those around it"
      )
    )
  }

  private func tokens(ofFileAt path: String) -> SourceTokens? {
    lock.lock()
    defer { lock.unlock() }
    if let known = sources[path] { return known }
    let read = (try? String(contentsOfFile: path, encoding: .utf8)).map(SourceTokens.init)
    sources[path] = read
    return read
  }

  // MARK: - Reading attributes

  /// Keywords that start a declaration with a body a protocol can be declared in.
  private static let typeKeywords: Set = ["struct", "class", "enum", "actor", "extension"]
  /// Keywords of other declarations and of statements: a brace after one is no type's.
  private static let otherKeywords: Set = [
    "func", "var", "let", "init", "deinit", "subscript", "case", "typealias", "associatedtype",
    "protocol", "macro", "import", "operator", "precedencegroup", "if", "else", "guard", "for",
    "while", "repeat", "switch", "do", "catch", "defer", "return", "in", "get", "set", "willSet",
    "didSet", "_read", "_modify",
  ]
  /// Declaration modifiers, which may stand between attributes and the keyword.
  private static let modifiers: Set = [
    "public", "open", "package", "internal", "fileprivate", "private", "final", "static", "class",
    "nonisolated", "indirect", "dynamic", "optional", "required", "convenience", "override",
    "mutating", "nonmutating", "lazy", "weak", "unowned", "prefix", "postfix", "infix",
    "consuming", "borrowing", "distributed", "isolated", "sending",
  ]

  /// The groups of the declaration whose name is the token at `name`, or of the types and
  /// extensions around it.
  private static func groups(ofDeclarationNamedAt name: Int, in source: SourceTokens) -> [String] {
    let tokens = source.tokens
    // `protocol Name`: the attributes stand before the keyword.
    var head = name
    if name > 0, tokens[name - 1].isIdentifier { head = name - 1 }
    var groups = attributeGroups(before: head, in: source)
    var brace = tokens[name].enclosingBrace
    while groups.isEmpty, let open = brace {
      guard let keyword = typeKeyword(opening: open, in: source) else { break }
      groups = attributeGroups(before: keyword, in: source)
      brace = tokens[open].enclosingBrace
    }
    return groups.sorted()
  }

  /// The `struct`/`class`/`enum`/`actor`/`extension` keyword of the declaration whose body the
  /// brace at `open` opens, or nil when it opens something else (a function, a closure).
  private static func typeKeyword(opening open: Int, in source: SourceTokens) -> Int? {
    let tokens = source.tokens
    var current = open - 1
    while current >= 0 {
      let token = tokens[current]
      if token.text == ")" {
        guard let opening = source.openingParenthesis(of: current) else { return nil }
        current = opening - 1
        continue
      }
      if ["{", "}", ";"].contains(token.text) { return nil }
      if token.isIdentifier {
        let isMember = current > 0 && tokens[current - 1].text == "."
        if !isMember, typeKeywords.contains(token.text) { return current }
        if !isMember, otherKeywords.contains(token.text) { return nil }
      }
      current -= 1
    }
    return nil
  }

  /// The groups of the `@_spi(…)` attributes among the attributes and modifiers that stand
  /// before the token at `keyword`.
  private static func attributeGroups(before keyword: Int, in source: SourceTokens) -> [String] {
    let tokens = source.tokens
    var groups: [String] = []
    var current = keyword - 1
    while current >= 0 {
      let token = tokens[current]
      if token.text == ")" {
        // `@name(arguments)`, or a modifier such as `private(set)`.
        guard let opening = source.openingParenthesis(of: current), opening > 0,
          tokens[opening - 1].isIdentifier
        else { break }
        let isAttribute = opening > 1 && tokens[opening - 2].text == "@"
        if isAttribute, tokens[opening - 1].text == "_spi", current - opening == 2,
          tokens[opening + 1].isIdentifier
        {
          groups.append(tokens[opening + 1].text)
        }
        current = opening - (isAttribute ? 3 : 2)
      } else if token.isIdentifier, current > 0, tokens[current - 1].text == "@" {
        current -= 2
      } else if token.isIdentifier, modifiers.contains(token.text) {
        current -= 1
      } else {
        break
      }
    }
    return groups
  }
}
