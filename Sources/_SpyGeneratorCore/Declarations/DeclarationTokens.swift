/// A declaration read from its symbol-graph fragments into tokens, the parser's input.
///
/// The graph hands each declaration over in fragments (`keyword`, `identifier`,
/// `typeIdentifier` with the type's precise identifier, `externalParam`, `internalParam`,
/// `genericParameter`, `attribute`, and `text` for the punctuation and spaces between them).
/// Each fragment becomes one or more tokens that remember the fragment's kind; a `text`
/// fragment (the punctuation, and whole declarations in hand-written graphs) is split into
/// words and marks. Spaces are not tokens: a token says whether one came before it, so a range
/// of tokens spells the source text back with single spaces.
///
/// ```swift
/// let tokens = DeclarationTokens(symbol.declarationFragments ?? [])
/// tokens.spelling(tokens.tokens.indices)  // "func open(id: Int) throws -> String"
/// ```
struct DeclarationTokens {
  struct Token {
    enum Kind: Equatable {
      /// A keyword, a name, a number, or a backticked name.
      case word
      /// `@` and its name, such as `@escaping` or `@MainActor`.
      case attribute
      /// `->`.
      case arrow
      /// `...`.
      case ellipsis
      /// A string literal, such as an `@available` message.
      case string
      /// Any other character: brackets, `,`, `:`, `.`, `?`, `&`, `=`, an operator's characters.
      case mark
    }

    var kind: Kind
    var spelling: String
    /// Whether the source has a space before the token.
    var spaceBefore: Bool
    /// The kind of the fragment the token comes from, such as `externalParam` or `text`.
    let fragmentKind: String
    /// The precise identifier of the type the token names (from a `typeIdentifier`).
    let preciseIdentifier: String?

    func isMark(_ character: String) -> Bool { kind == .mark && spelling == character }
    func isWord(_ word: String) -> Bool { kind == .word && spelling == word }
  }

  private(set) var tokens: [Token]

  /// The tokens of `fragments`, with a requirement's spellings normalized as a spy restates
  /// them: `Self.Item` is `Item` (the spy's generic parameter, or a typealias of the protocol),
  /// and `T : P` is `T: P`.
  init(_ fragments: [SymbolGraph.Fragment]) {
    var tokens: [Token] = []
    var space = false
    for fragment in fragments {
      Self.lex(fragment, into: &tokens, space: &space)
    }
    self.tokens = Self.normalized(tokens)
  }

  // MARK: - Reading

  var indices: Range<Int> { tokens.indices }

  subscript(index: Int) -> Token { tokens[index] }

  /// The text of `range`, with a single space wherever the source has spaces, and none before
  /// the first token.
  func spelling(_ indices: some Collection<Int>) -> String {
    var text = ""
    for index in indices {
      if !text.isEmpty, tokens[index].spaceBefore { text += " " }
      text += tokens[index].spelling
    }
    return text
  }

  /// The text of `indices` as it follows what comes before them: with its leading space, if
  /// any.
  func spellingAfter(_ indices: some Collection<Int>) -> String {
    guard let first = indices.first else { return "" }
    return (tokens[first].spaceBefore ? " " : "") + spelling(indices)
  }

  /// The index just after the bracket that closes the one at `open` (`(`, `[`, `<`, `{`).
  func closing(_ open: Int, in range: Range<Int>? = nil) -> Int {
    let end = range?.upperBound ?? tokens.count
    var depth = 0
    for index in open..<end where tokens[index].kind == .mark {
      switch tokens[index].spelling {
      case "(", "[", "<", "{": depth += 1
      case ")", "]", ">", "}":
        depth -= 1
        if depth == 0 { return index + 1 }
      default: break
      }
    }
    return end
  }

  /// The first index in `range`, outside brackets, whose token passes `test`.
  func firstTopLevel(in range: Range<Int>, where test: (Token) -> Bool) -> Int? {
    var index = range.lowerBound
    while index < range.upperBound {
      let token = tokens[index]
      if test(token) { return index }
      if token.kind == .mark, ["(", "[", "<", "{"].contains(token.spelling) {
        index = closing(index, in: range)
      } else {
        index += 1
      }
    }
    return nil
  }

  /// `range` split at its top-level commas, each piece without empty ones.
  func splitAtCommas(_ range: Range<Int>) -> [Range<Int>] {
    var pieces: [Range<Int>] = []
    var start = range.lowerBound
    while let comma = firstTopLevel(in: start..<range.upperBound, where: { $0.isMark(",") }) {
      if comma > start { pieces.append(start..<comma) }
      start = comma + 1
    }
    if range.upperBound > start { pieces.append(start..<range.upperBound) }
    return pieces
  }

  /// The index after the leading attributes from `start` on (`@MainActor`,
  /// `@available(*, deprecated)`, `@ReducerBuilder<State, Action>`), and their names.
  func attributes(from start: Int) -> (end: Int, names: [String]) {
    var index = start
    var names: [String] = []
    while index < tokens.count, tokens[index].kind == .attribute {
      names.append(String(tokens[index].spelling.dropFirst()))
      index += 1
      // Arguments, `(…)` or `<…>`, right after the name.
      while index < tokens.count, !tokens[index].spaceBefore,
        tokens[index].isMark("(") || tokens[index].isMark("<")
      {
        index = closing(index)
      }
    }
    return (index, names)
  }

  /// The declaration without its attributes, access modifiers and accessors: what a
  /// requirement and the implementation its module gives it in an extension have in common.
  var signature: String {
    let dropped: Set = ["public", "open", "package", "internal", "final", "nonisolated"]
    let brace = tokens.firstIndex { $0.isMark("{") } ?? tokens.count
    var kept: [Int] = []
    var index = 0
    // Modifiers come before the keyword; a name such as `open(_:)` stays.
    var inModifiers = true
    while index < brace {
      if tokens[index].kind == .attribute {
        // The attribute with its arguments (`@available(*, deprecated)`).
        index += 1
        if index < brace, !tokens[index].spaceBefore, tokens[index].isMark("(") {
          index = closing(index, in: 0..<brace)
        }
        continue
      }
      let isWord = tokens[index].kind == .word
      if !(inModifiers && isWord && dropped.contains(tokens[index].spelling)) {
        kept.append(index)
        if !isWord || Self.keywords.contains(tokens[index].spelling) { inModifiers = false }
      }
      index += 1
    }
    return spelling(kept)
  }

  /// The keywords that end a declaration's modifiers.
  private static let keywords: Set = [
    "func", "var", "let", "init", "subscript", "associatedtype", "typealias",
  ]

  /// Whether the declaration's accessors (`{ get set }`) include a setter.
  var hasSetter: Bool {
    guard let brace = tokens.firstIndex(where: { $0.isMark("{") }) else { return false }
    return tokens[brace...].contains { $0.isWord("set") }
  }

  // MARK: - Lexing

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_" || character == "$"
  }

  /// Appends the tokens of one fragment; `space` carries a space at its end to the next one.
  private static func lex(
    _ fragment: SymbolGraph.Fragment,
    into tokens: inout [Token],
    space: inout Bool
  ) {
    let characters = Array(fragment.spelling)
    var index = 0
    func append(_ kind: Token.Kind, _ spelling: String) {
      // `@` in one fragment and its name in the next (`@` then `MainActor`) is one attribute.
      if kind == .word, !space, let last = tokens.last, last.kind == .mark, last.spelling == "@" {
        tokens[tokens.count - 1].kind = .attribute
        tokens[tokens.count - 1].spelling += spelling
        return
      }
      tokens.append(
        Token(
          kind: kind,
          spelling: spelling,
          spaceBefore: space,
          fragmentKind: fragment.kind,
          preciseIdentifier: fragment.preciseIdentifier
        )
      )
      space = false
    }
    while index < characters.count {
      let character = characters[index]
      let start = index
      if character.isWhitespace {
        space = true
        index += 1
      } else if isWordCharacter(character) {
        while index < characters.count, isWordCharacter(characters[index]) { index += 1 }
        append(.word, String(characters[start..<index]))
      } else if character == "`" {
        index += 1
        while index < characters.count, characters[index] != "`" { index += 1 }
        index = min(index + 1, characters.count)
        append(.word, String(characters[start..<index]))
      } else if character == "@", index + 1 < characters.count,
        isWordCharacter(characters[index + 1])
      {
        index += 1
        while index < characters.count,
          isWordCharacter(characters[index]) || characters[index] == "."
        {
          index += 1
        }
        append(.attribute, String(characters[start..<index]))
      } else if character == "\"" {
        index += 1
        while index < characters.count, characters[index] != "\"" {
          index += characters[index] == "\\" ? 2 : 1
        }
        index = min(index + 1, characters.count)
        append(.string, String(characters[start..<index]))
      } else if character == "-", index + 1 < characters.count, characters[index + 1] == ">" {
        index += 2
        append(.arrow, "->")
      } else if characters[index...].starts(with: "...") {
        index += 3
        append(.ellipsis, "...")
      } else {
        index += 1
        append(.mark, String(character))
      }
    }
  }

  /// `T : P` as `T: P`, `Self.` dropped before a member type (`Self.Item.ID` is `Item.ID`;
  /// `Self.Type` and `Self.Protocol` stay), and `-> ()` as `-> Void` (what a strict lint wants;
  /// `() -> ()` and `-> ()?` keep their `()`, parameters and an optional).
  private static func normalized(_ tokens: [Token]) -> [Token] {
    var result: [Token] = []
    var index = 0
    while index < tokens.count {
      var token = tokens[index]
      if token.isMark("("), result.last?.kind == .arrow, index + 1 < tokens.count,
        tokens[index + 1].isMark(")"), !tokens[index + 1].spaceBefore,
        !isFollowedByMore(tokens, after: index + 1)
      {
        result.append(
          Token(
            kind: .word,
            spelling: "Void",
            spaceBefore: token.spaceBefore,
            fragmentKind: "typeIdentifier",
            preciseIdentifier: "s:s4Voida"
          )
        )
        index += 2
        continue
      }
      if token.isMark(":"), index + 1 < tokens.count, tokens[index + 1].spaceBefore {
        token.spaceBefore = false
      }
      if token.isWord("Self"), result.last.map({ !$0.isMark(".") || $0.spaceBefore }) ?? true,
        index + 2 < tokens.count, tokens[index + 1].isMark("."), !tokens[index + 1].spaceBefore,
        tokens[index + 2].kind == .word, !tokens[index + 2].spaceBefore,
        let first = tokens[index + 2].spelling.first, isWordCharacter(first),
        !["Type", "Protocol"].contains(tokens[index + 2].spelling)
      {
        var member = tokens[index + 2]
        member.spaceBefore = token.spaceBefore
        result.append(member)
        index += 3
        continue
      }
      result.append(token)
      index += 1
    }
    return result
  }

  /// Whether the `)` at `index` closes parameters (an arrow, `async` or `throws` follows) or
  /// is wrapped (`?`, `!`, `.`): then `()` is no empty return.
  private static func isFollowedByMore(_ tokens: [Token], after index: Int) -> Bool {
    guard index + 1 < tokens.count else { return false }
    let next = tokens[index + 1]
    return next.kind == .arrow || next.isWord("async") || next.isWord("throws")
      || next.isWord("rethrows")
      || (next.isMark("?") || next.isMark("!") || next.isMark("."))
        && !next.spaceBefore
  }
}
