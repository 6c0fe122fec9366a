import Foundation

/// A type declaration (or an extension) the scanner found: where it is, what it is called and
/// what its header says.
struct TypeDeclaration: Equatable, Sendable {
  enum Kind: String, Sendable {
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`
  }

  let kind: Kind
  /// The type's path from the file's top level, such as `["Outer", "Manager"]` (for an
  /// extension, the extended type's path as written).
  let path: [String]
  /// The attributes before it, as written (`@MainActor`, `@available(iOS 16, *)`).
  let attributes: [String]
  /// Its modifiers (`public`, `final`…).
  let modifiers: [String]
  /// Its header after the name, up to the opening brace (`: Base, Sendable`).
  let inheritance: String
  /// The 1-based line of its keyword.
  let line: Int
  /// The token index of its opening brace, and of its closing brace.
  let openBrace: Int
  let closeBrace: Int

  var name: String { path.last ?? "" }
  var isMainActor: Bool { attributes.contains("@MainActor") }
}

/// A `let` or `var` declared at a file's top level or in a type's body (not a local one).
struct PropertyDeclaration: Equatable, Sendable {
  /// The enclosing types, outermost first; empty at the top level.
  let container: [TypeDeclaration]
  /// The attributes, as written, in order.
  let attributes: [String]
  /// The modifiers, as written (`public`, `static`, `nonisolated(unsafe)`, `private(set)`).
  let modifiers: [String]
  /// Whether it is a `let`.
  let isLet: Bool
  let name: String
  /// The type annotation, as written, without the colon.
  let type: String?
  /// The initializer expression, as written (after `=`).
  let initializer: String?
  /// Whether accessors or observers follow (`{ get }`, `{ didSet … }`): a computed property.
  let hasAccessors: Bool
  /// Whether the declaration binds more than one name (`let a = A(), b = B()`).
  let bindsSeveral: Bool
  /// The byte range from its first attribute or modifier to the end of the declaration.
  let start: Int
  let end: Int
  /// The 1-based lines of its first token and of its last.
  let line: Int
  let endLine: Int
  /// Whether its attributes stand on lines of their own, above the rest.
  var attributesOnOwnLines = false

  var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }
  var isGlobal: Bool { container.isEmpty }
}

/// A function, initializer, subscript or property declared in a type's body: what a protocol
/// extracted from the type can require.
struct MemberDeclaration: Equatable, Sendable {
  enum Kind: String, Sendable {
    case function, initializer, `subscript`, property
  }

  let kind: Kind
  /// The enclosing types, outermost first.
  let container: [TypeDeclaration]
  /// The name (`fetch`), without the parameters.
  let name: String
  /// The declaration up to its body, as written, attributes and modifiers included.
  let declaration: String
  let attributes: [String]
  let modifiers: [String]
  let line: Int
  /// For a property: whether it is a `let`, and whether it has a setter (a stored `var` or a
  /// `{ get set }`).
  let isLet: Bool
  let isSettable: Bool

  var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }
}

/// A Swift file, scanned: its tokens, types, properties and members.
struct ScannedFile: Sendable {
  /// The path the file is known by (relative to the package, as reported).
  let path: String
  let text: String
  let tokens: [Token]
  let comments: [(start: Int, end: Int, line: Int)]
  let types: [TypeDeclaration]
  let properties: [PropertyDeclaration]
  let members: [MemberDeclaration]
  /// The modules the file imports, and the 1-based line of its last `import`.
  let imports: [String]
  let lastImportLine: Int?
  /// The code of the file's string interpolations (`"\\(cart.total) cents"`), each as its own
  /// token sequence: uses of an instance there count too.
  let interpolations: [[Token]]
  /// What the lexer could not follow, each at its 1-based line: the declarations read from the
  /// file may be wrong, so the migrator leaves such a file out, with a diagnostic.
  let problems: [(line: Int, message: String)]
  /// The UTF-8 offset where each line starts (line 1 at index 0).
  let lineStarts: [Int]
  /// The text's UTF-8 bytes.
  let bytes: [UInt8]

  /// The file's tokens, then each interpolation's.
  var codeSequences: [[Token]] { [tokens] + interpolations }

  init(path: String, text: String) {
    self.path = path
    self.text = text
    var lexer = SourceLexer(text)
    tokens = lexer.tokens()
    comments = lexer.comments
    problems = lexer.problems
    bytes = lexer.bytes
    var starts = [0]
    for (offset, byte) in lexer.bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    lineStarts = starts
    var scanner = DeclarationScanner(tokens: tokens, bytes: lexer.bytes)
    scanner.scanItems(container: [])
    types = scanner.types
    properties = scanner.properties
    members = scanner.members
    imports = scanner.imports
    lastImportLine = scanner.lastImportLine
    interpolations = tokens.filter { $0.kind == .string && $0.text.contains("\\") }
      .flatMap(Self.interpolations)
  }

  /// The code inside a string literal's interpolations, lexed, with its lines in the file.
  static func interpolations(in token: Token) -> [[Token]] {
    var result: [[Token]] = []
    let bytes = Array(token.text.utf8)
    var index = 0
    while index + 1 < bytes.count {
      guard bytes[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      var open = index + 1
      while open < bytes.count, bytes[open] == UInt8(ascii: "#") { open += 1 }
      guard open < bytes.count, bytes[open] == UInt8(ascii: "(") else {
        index += 2
        continue
      }
      var depth = 0
      var close = open
      while close < bytes.count {
        if bytes[close] == UInt8(ascii: "(") { depth += 1 }
        if bytes[close] == UInt8(ascii: ")") {
          depth -= 1
          if depth == 0 { break }
        }
        close += 1
      }
      let inner = String(decoding: bytes[(open + 1)..<min(close, bytes.count)], as: UTF8.self)
      let lineOffset = bytes[0..<open].filter { $0 == UInt8(ascii: "\n") }.count
      var lexer = SourceLexer(inner)
      result.append(
        lexer.tokens().map {
          Token(
            kind: $0.kind,
            start: token.start + open + 1 + $0.start,
            end: token.start + open + 1 + $0.end,
            text: $0.text,
            line: token.line + lineOffset + $0.line - 1,
            startsLine: $0.startsLine
          )
        }
      )
      index = close + 1
    }
    return result
  }

  /// The text of a 1-based line, without its line break; empty past the end.
  func line(_ number: Int) -> String {
    guard number >= 1, number <= lineStarts.count else { return "" }
    let utf8 = bytes
    let start = lineStarts[number - 1]
    var end = number < lineStarts.count ? lineStarts[number] - 1 : utf8.count
    if end > start, utf8[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: utf8[start..<max(start, end)], as: UTF8.self)
  }

  /// The line of the file's header (the comments before its first token) that says a tool
  /// generated the file (`// DO NOT EDIT.`, `// Generated by …`, `// @generated`), without
  /// its comment markers; nil for a file written by hand.
  ///
  /// A line counts when it ends with "do not edit" or "do not modify" (then at most
  /// "directly", "manually", "by hand" or "this file"), starts with "generated
  /// by/using/from/with", or says that the file, code or source is (automatically) generated: a
  /// header that only speaks of generating something else ("Keys are generated by the server")
  /// is no such line.
  var generatorNote: String? {
    let headerEnd = tokens.first?.start ?? bytes.count
    for comment in comments where comment.start < headerEnd {
      let text = String(decoding: bytes[comment.start..<min(comment.end, headerEnd)], as: UTF8.self)
      for rawLine in text.split(whereSeparator: \.isNewline) {
        let line = rawLine.trimmingCharacters(in: Self.commentMarkers)
        if line.range(of: Self.generatorPattern, options: [.regularExpression, .caseInsensitive])
          != nil
        {
          return line
        }
      }
    }
    return nil
  }

  /// Slashes, stars and spaces around a comment line's words.
  private static let commentMarkers = CharacterSet(charactersIn: "/* \t")
  private static let generatorPattern =
    #"(\bdo not (edit|modify)(\s+(this file|directly|manually|by hand))?[\s.!]*$)"#
    + #"|(^generated\s+(by|using|from|with)\b)|(@generated\b)|(\bauto-?generated\b)"#
    + #"|(\b(file|code|source)\s+(is\s+|was\s+|has\s+been\s+)?(auto(matically)?-?\s*)?generated\b)"#
    + #"|(\bautomatically\s+generated\b)"#

  /// The comments that touch a declaration: on its lines, or on the lines right above it (a
  /// comment block with no blank line in between).
  func comments(around line: Int, through endLine: Int) -> [String] {
    var first = line
    while first > 1, first - 1 <= lineStarts.count {
      let previous = self.line(first - 1).trimmingCharacters(in: .whitespaces)
      guard
        previous.hasPrefix("//") || previous.hasPrefix("/*") || previous.hasPrefix("*")
          || previous.hasPrefix("@")
      else { break }
      first -= 1
    }
    return
      comments
      .filter { $0.line >= first && $0.line <= endLine }
      .map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) }
  }
}

/// Walks a file's tokens and records its declarations: types (with their bodies, recursively),
/// properties and members. Function bodies, closures and accessors are skipped whole, so that a
/// local `let` is never taken for a property.
struct DeclarationScanner {
  let tokens: [Token]
  let bytes: [UInt8]
  var index = 0
  var types: [TypeDeclaration] = []
  var properties: [PropertyDeclaration] = []
  var members: [MemberDeclaration] = []
  var imports: [String] = []
  /// The line after which a new import goes: the last import's, or, when that import is
  /// conditional, the line of the `#endif` that closes its block (an import inside it would be
  /// compiled out on the other platforms). Only the imports at the top of the file count once
  /// it has one: an import further down, after declarations, would put the new one there.
  var lastImportLine: Int?
  /// How many `#if` blocks the file-level scan is inside, and whether one holds an import.
  var conditionDepth = 0
  var importInCondition = false
  /// Whether the file-level scan has passed anything but imports and directives.
  var sawDeclaration = false
  /// The line of the last file-level directive: its condition (`canImport(Musl)`) is read as
  /// an item of its own, and is no declaration.
  var directiveLine = 0
  /// Whether an import seen now still moves `lastImportLine`.
  var importsStillCount: Bool { !sawDeclaration || lastImportLine == nil }

  init(tokens: [Token], bytes: [UInt8]) {
    self.tokens = tokens
    self.bytes = bytes
  }

  static let modifiers: Set<String> = [
    "public", "private", "fileprivate", "internal", "package", "open", "static", "final",
    "nonisolated", "lazy", "override", "weak", "unowned", "required", "convenience", "dynamic",
    "mutating", "nonmutating", "optional", "indirect", "isolated", "consuming", "borrowing",
    "distributed", "prefix", "postfix", "infix",
  ]
  static let typeKeywords: Set<String> = [
    "class", "struct", "enum", "actor", "extension", "protocol",
  ]
  static let declarationKeywords: Set<String> = typeKeywords.union([
    "let", "var", "func", "init", "deinit", "subscript", "typealias", "associatedtype", "case",
    "import", "operator", "precedencegroup", "macro",
  ])

  func text(_ from: Int, _ to: Int) -> String {
    guard from < to else { return "" }
    return String(decoding: bytes[from..<to], as: UTF8.self)
  }

  func isPunctuation(_ i: Int, _ text: String) -> Bool {
    i < tokens.count && tokens[i].kind == .punctuation && tokens[i].text == text
  }

  /// Whether the token at `i` may begin a declaration (on a new line, it ends the previous one).
  func beginsDeclaration(_ i: Int) -> Bool {
    let token = tokens[i]
    if token.kind == .attribute || token.kind == .directive { return true }
    guard token.kind == .identifier else { return false }
    return Self.modifiers.contains(token.text) || Self.declarationKeywords.contains(token.text)
  }

  /// Moves past the balanced group opening at `index` (`(`, `[` or `{`).
  mutating func skipGroup() {
    var depth = 0
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .punctuation {
        switch token.text {
        case "(", "[", "{": depth += 1
        case ")", "]", "}":
          depth -= 1
          if depth <= 0 {
            index += 1
            return
          }
        default: break
        }
      }
      index += 1
    }
  }

  /// Whether the token at `i`, on a new line, continues the expression before it.
  func continuesExpression(_ i: Int) -> Bool {
    let token = tokens[i]
    if token.kind == .punctuation && token.text == "." { return true }
    if token.kind == .operator && token.text != "@" { return true }
    if i > 0 {
      let previous = tokens[i - 1]
      if previous.kind == .operator && !["?", "!", ">"].contains(previous.text) { return true }
      if previous.kind == .punctuation && [",", ":", "(", "["].contains(previous.text) {
        return true
      }
    }
    return false
  }

  /// Moves to the end of the statement starting at `index`: past balanced groups, up to a `;`,
  /// a `}` that closes the enclosing scope, or a new line that does not continue it.
  mutating func skipStatement() {
    let start = index
    while index < tokens.count {
      let token = tokens[index]
      if index > start && token.startsLine && !continuesExpression(index) { return }
      if token.kind == .punctuation {
        switch token.text {
        case "(", "[", "{":
          skipGroup()
          continue
        case "}", ")", "]": return
        case ";":
          index += 1
          return
        default: break
        }
      }
      index += 1
    }
  }

  /// Follows the file-level `#if` blocks, so that a new import lands after a conditional one's
  /// block rather than inside it.
  mutating func trackCondition(_ directive: Token) {
    if directive.text.hasPrefix("#if") {
      conditionDepth += 1
    } else if directive.text.hasPrefix("#endif"), conditionDepth > 0 {
      conditionDepth -= 1
      if conditionDepth == 0 && importInCondition {
        if importsStillCount { lastImportLine = directive.line }
        importInCondition = false
      }
    }
  }

  /// Scans declarations up to the `}` that closes the current scope (or the end of the file),
  /// leaving `index` on that brace.
  mutating func scanItems(container: [TypeDeclaration]) {
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .punctuation && token.text == "}" { return }
      if token.kind == .directive || (token.kind == .punctuation && token.text == ";") {
        if token.kind == .directive && container.isEmpty {
          trackCondition(token)
          directiveLine = token.line
        }
        index += 1
        continue
      }
      let itemStart = index
      var attributes: [String] = []
      var modifiers: [String] = []
      var afterAttributes = index
      // Attributes and modifiers.
      while index < tokens.count {
        let current = tokens[index]
        if current.kind == .attribute {
          let start = current.start
          index += 1
          if isPunctuation(index, "("), tokens[index].start == current.end { skipGroup() }
          attributes.append(text(start, tokens[index - 1].end))
          afterAttributes = index
          continue
        }
        if current.kind == .identifier,
          Self.modifiers.contains(current.text)
            || (current.text == "class" && index + 1 < tokens.count
              && (Self.modifiers.contains(tokens[index + 1].text)
                || ["func", "var", "let", "subscript"].contains(tokens[index + 1].text)))
            || ["private", "fileprivate", "internal", "package", "public", "open"].contains(
              current.text
            )
        {
          // `set`-access or `unsafe` arguments: `private(set)`, `nonisolated(unsafe)`.
          let start = current.start
          index += 1
          if isPunctuation(index, "("), index + 2 < tokens.count, isPunctuation(index + 2, ")") {
            index += 3
          }
          modifiers.append(text(start, tokens[index - 1].end))
          continue
        }
        break
      }
      guard index < tokens.count else { return }
      let keyword = tokens[index]
      if container.isEmpty && keyword.text != "import" && tokens[itemStart].line != directiveLine {
        sawDeclaration = true
      }
      guard keyword.kind == .identifier else {
        if index == itemStart { skipStatement() }
        if index == itemStart { index += 1 }
        continue
      }
      switch keyword.text {
      case "let", "var":
        scanProperty(
          container: container,
          attributes: attributes,
          modifiers: modifiers,
          firstToken: itemStart,
          afterAttributes: afterAttributes
        )
      case "class", "struct", "enum", "actor", "extension", "protocol":
        scanType(
          kind: TypeDeclaration.Kind(rawValue: keyword.text)!,
          container: container,
          attributes: attributes,
          modifiers: modifiers
        )
      case "func", "init", "subscript", "deinit":
        scanFunction(
          container: container,
          attributes: attributes,
          modifiers: modifiers,
          firstToken: itemStart
        )
      case "import":
        index += 1
        var name = ""
        // `import var _float.DBL_DECIMAL_DIG`: the kind of a single-declaration import is no
        // part of the module's name.
        let importKinds: Set<String> = [
          "var", "let", "func", "class", "struct", "enum", "protocol", "typealias",
        ]
        if index < tokens.count, !tokens[index].startsLine,
          importKinds.contains(tokens[index].text)
        {
          index += 1
        }
        while index < tokens.count, !tokens[index].startsLine {
          if tokens[index].kind == .identifier { name = tokens[index].text }
          if tokens[index].kind == .punctuation && tokens[index].text == "." {
            index += 1
            continue
          }
          index += 1
          if !name.isEmpty && index < tokens.count && !isPunctuation(index, ".") { break }
        }
        imports.append(name)
        if importsStillCount {
          if conditionDepth == 0 { lastImportLine = keyword.line } else { importInCondition = true }
        }
      default:
        skipStatement()
        if index == itemStart { index += 1 }
      }
    }
  }

  mutating func scanType(
    kind: TypeDeclaration.Kind,
    container: [TypeDeclaration],
    attributes: [String],
    modifiers: [String]
  ) {
    let line = tokens[index].line
    index += 1
    var path: [String] = []
    while index < tokens.count, tokens[index].kind == .identifier {
      path.append(tokens[index].text)
      index += 1
      if isPunctuation(index, ".") { index += 1 } else { break }
    }
    // Up to the opening brace: generic parameters, inheritance, a `where` clause.
    let headerStart = index < tokens.count ? tokens[index].start : bytes.count
    while index < tokens.count, !isPunctuation(index, "{") {
      if isPunctuation(index, "(") || isPunctuation(index, "[") {
        skipGroup()
        continue
      }
      if isPunctuation(index, "}") { return }
      index += 1
    }
    guard index < tokens.count else { return }
    let open = index
    let inheritance = text(headerStart, tokens[open].start)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let fullPath = (kind == .extension ? [] : container.last.map { $0.path } ?? []) + path
    // A placeholder closing brace until the body is scanned.
    var declaration = TypeDeclaration(
      kind: kind,
      path: fullPath,
      attributes: attributes,
      modifiers: modifiers,
      inheritance: inheritance,
      line: line,
      openBrace: open,
      closeBrace: open
    )
    let slot = types.count
    types.append(declaration)
    index += 1
    scanItems(container: container + [declaration])
    declaration = TypeDeclaration(
      kind: kind,
      path: fullPath,
      attributes: attributes,
      modifiers: modifiers,
      inheritance: inheritance,
      line: line,
      openBrace: open,
      closeBrace: min(index, tokens.count - 1)
    )
    types[slot] = declaration
    // Declarations recorded inside refer to the placeholder: give them the finished one.
    for i in properties.indices where properties[i].container.last?.openBrace == open {
      let property = properties[i]
      properties[i] = PropertyDeclaration(
        container: Array(property.container.dropLast()) + [declaration],
        attributes: property.attributes,
        modifiers: property.modifiers,
        isLet: property.isLet,
        name: property.name,
        type: property.type,
        initializer: property.initializer,
        hasAccessors: property.hasAccessors,
        bindsSeveral: property.bindsSeveral,
        start: property.start,
        end: property.end,
        line: property.line,
        endLine: property.endLine,
        attributesOnOwnLines: property.attributesOnOwnLines
      )
    }
    if index < tokens.count { index += 1 }  // The closing brace.
  }

  mutating func scanProperty(
    container: [TypeDeclaration],
    attributes: [String],
    modifiers: [String],
    firstToken: Int,
    afterAttributes: Int
  ) {
    let isLet = tokens[index].text == "let"
    index += 1
    guard index < tokens.count, tokens[index].kind == .identifier else {
      skipStatement()
      return
    }
    let name = tokens[index].text
    index += 1
    var type: String?
    var initializer: String?
    var hasAccessors = false
    var bindsSeveral = false
    var lastEnd = tokens[index - 1].end
    var lastLine = tokens[index - 1].line
    if isPunctuation(index, ":") {
      index += 1
      let typeStart = index < tokens.count ? tokens[index].start : bytes.count
      var angle = 0
      while index < tokens.count {
        let token = tokens[index]
        if angle == 0 {
          if token.kind == .operator && token.text == "=" { break }
          if token.kind == .punctuation && ["{", ",", ";", "}"].contains(token.text) { break }
          if token.startsLine && index > 0 && !continuesExpression(index) { break }
        }
        if token.kind == .punctuation && (token.text == "(" || token.text == "[") {
          skipGroup()
          continue
        }
        if token.kind == .operator {
          for character in token.text {
            if character == "<" { angle += 1 }
            if character == ">" && angle > 0 && !token.text.hasPrefix("-") { angle -= 1 }
          }
        }
        index += 1
      }
      if index > 0 {
        lastEnd = tokens[index - 1].end
        lastLine = tokens[index - 1].line
      }
      type = text(typeStart, lastEnd).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    if index < tokens.count, tokens[index].kind == .operator, tokens[index].text == "=" {
      index += 1
      let expressionStart = index < tokens.count ? tokens[index].start : bytes.count
      let first = index
      while index < tokens.count {
        let token = tokens[index]
        if index > first && token.startsLine && !continuesExpression(index) { break }
        if token.kind == .directive { break }
        if token.kind == .punctuation {
          if token.text == "{" {
            // Observers after an initializer: `var x = 1 { didSet { … } }`.
            if index > first, index + 1 < tokens.count,
              ["didSet", "willSet"].contains(tokens[index + 1].text)
            {
              break
            }
            skipGroup()
            continue
          }
          if token.text == "(" || token.text == "[" {
            skipGroup()
            continue
          }
          if [",", ";", "}", ")", "]"].contains(token.text) { break }
        }
        index += 1
      }
      if index > first {
        lastEnd = tokens[index - 1].end
        lastLine = tokens[index - 1].line
        initializer = text(expressionStart, lastEnd)
      }
    }
    if isPunctuation(index, "{"), !tokens[index].startsLine || type != nil {
      hasAccessors = true
      skipGroup()
      lastEnd = tokens[index - 1].end
      lastLine = tokens[index - 1].line
    }
    if isPunctuation(index, ",") {
      bindsSeveral = true
      skipStatement()
    }
    properties.append(
      PropertyDeclaration(
        container: container,
        attributes: attributes,
        modifiers: modifiers,
        isLet: isLet,
        name: name,
        type: type,
        initializer: initializer,
        hasAccessors: hasAccessors,
        bindsSeveral: bindsSeveral,
        start: tokens[firstToken].start,
        end: lastEnd,
        line: tokens[firstToken].line,
        endLine: lastLine,
        attributesOnOwnLines: !attributes.isEmpty
          && tokens[afterAttributes].line > tokens[firstToken].line
      )
    )
    if !container.isEmpty {
      let declaration = text(tokens[firstToken].start, type == nil ? lastEnd : lastEnd)
      members.append(
        MemberDeclaration(
          kind: .property,
          container: container,
          name: name,
          declaration: declaration,
          attributes: attributes,
          modifiers: modifiers,
          line: tokens[firstToken].line,
          isLet: isLet,
          isSettable: !isLet && (!hasAccessors || declaration.contains("set"))
        )
      )
    }
  }

  mutating func scanFunction(
    container: [TypeDeclaration],
    attributes: [String],
    modifiers: [String],
    firstToken: Int
  ) {
    let keyword = tokens[index].text
    index += 1
    var name = keyword
    if keyword == "func", index < tokens.count {
      name = tokens[index].text
    }
    // Up to the body, or, without one (a protocol requirement), the end of the declaration.
    var headerEnd = tokens[index - 1].end
    while index < tokens.count {
      let token = tokens[index]
      if token.kind == .punctuation && token.text == "{" { break }
      if token.kind == .punctuation && token.text == "}" { break }
      if token.startsLine && beginsDeclaration(index) { break }
      if token.kind == .punctuation && (token.text == "(" || token.text == "[") {
        skipGroup()
        headerEnd = tokens[index - 1].end
        continue
      }
      headerEnd = token.end
      index += 1
    }
    if !container.isEmpty {
      let kind: MemberDeclaration.Kind =
        switch keyword {
        case "init": .initializer
        case "subscript": .subscript
        default: .function
        }
      if keyword != "deinit" {
        members.append(
          MemberDeclaration(
            kind: kind,
            container: container,
            name: name,
            declaration: text(tokens[firstToken].start, headerEnd),
            attributes: attributes,
            modifiers: modifiers,
            line: tokens[firstToken].line,
            isLet: false,
            isSettable: false
          )
        )
      }
    }
    if isPunctuation(index, "{") { skipGroup() }
  }
}
