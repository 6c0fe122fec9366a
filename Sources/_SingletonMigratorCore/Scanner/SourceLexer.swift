/// A token of Swift source text, as the migrator's scanner needs it: identifiers and keywords,
/// punctuation, operators, literals and compiler directives. Comments are trivia: they are not
/// tokens, but a token records whether a line break (or a comment) precedes it.
struct Token: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    /// An identifier or a keyword (`static`, `let`, `Manager`), or `` `escaped` ``.
    case identifier
    /// `@MainActor`, `@available` (the `@` and the name; arguments are separate tokens).
    case attribute
    /// One of `{ } ( ) [ ] , : ; .` (a `.` starting a member access included).
    case punctuation
    /// An operator: `=`, `->`, `?`, `!`, `<`, `>`, `&`, `==`, `+=`…
    case `operator`
    /// A string literal, interpolations included (one token).
    case string
    /// A number literal.
    case number
    /// `#if`, `#elseif`, `#else`, `#endif`, with the rest of its line.
    case directive
    /// `#selector`, `#available`, `#file`…
    case poundKeyword
  }

  let kind: Kind
  /// The token's bytes in the file: `start..<end` (UTF-8 offsets).
  let start: Int
  let end: Int
  /// The token's text.
  let text: String
  /// The 1-based line the token starts on.
  let line: Int
  /// Whether a line break lies between the previous token and this one.
  let startsLine: Bool
}

/// Splits Swift source text into ``Token``s, skipping comments (nested block comments
/// included), and keeping string literals (multi-line, raw, interpolated) whole, so that a
/// brace or a keyword inside a string or a comment is never mistaken for code.
struct SourceLexer {
  let bytes: [UInt8]
  /// Every comment: its range and its 1-based starting line.
  private(set) var comments: [(start: Int, end: Int, line: Int)] = []
  /// What the lexer could not follow (an unterminated comment or string, an unbalanced
  /// bracket), each at its 1-based line: declarations read from such a file may be wrong.
  private(set) var problems: [(line: Int, message: String)] = []
  private var position = 0
  private var line = 1
  /// The token before the one being scanned: whether a `/` may open a regex literal.
  private var previous: Token?

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  /// Lexes bytes as they are on disk: invalid UTF-8 is kept as it is, in whatever token holds
  /// it, so that the tokens and the trivia between them still add up to the file.
  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The tokens of the whole text, in order.
  mutating func tokens() -> [Token] {
    var result: [Token] = []
    var sawBreak = true
    // A byte-order mark is trivia, as the compiler reads it.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    var brackets: [(byte: UInt8, line: Int)] = []
    while true {
      // Trivia: white space and comments.
      while position < bytes.count {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\n") {
          line += 1
          position += 1
          sawBreak = true
        } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
          || byte == UInt8(ascii: "\r")
        {
          position += 1
        } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
          let start = position
          while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
          comments.append((start, position, line))
        } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
          let (start, startLine) = (position, line)
          skipBlockComment()
          comments.append((start, position, startLine))
        } else {
          break
        }
      }
      guard position < bytes.count else {
        if let open = brackets.last {
          problems.append(
            (open.line, "`\(Character(UnicodeScalar(open.byte)))` is never closed")
          )
        }
        return result
      }
      let start = position
      let startLine = line
      previous = result.last
      let kind = scanToken()
      if kind == .punctuation, position == start + 1 {
        let byte = bytes[start]
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
          brackets.append((byte, startLine))
        } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ")")
          || byte == UInt8(ascii: "]")
        {
          let opening: UInt8 =
            byte == UInt8(ascii: "}")
            ? UInt8(ascii: "{") : byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "[")
          if brackets.last?.byte == opening {
            brackets.removeLast()
          } else if problems.isEmpty {
            problems.append(
              (startLine, "`\(Character(UnicodeScalar(byte)))` closes nothing that is open")
            )
          }
        }
      }
      result.append(
        Token(
          kind: kind,
          start: start,
          end: position,
          text: String(decoding: bytes[start..<position], as: UTF8.self),
          line: startLine,
          startsLine: sawBreak
        )
      )
      sawBreak = false
    }
  }

  private func peek(_ offset: Int) -> UInt8? {
    position + offset < bytes.count ? bytes[position + offset] : nil
  }

  private mutating func skipBlockComment() {
    var depth = 0
    let startLine = line
    defer {
      if depth > 0 { problems.append((startLine, "a `/*` comment is never closed")) }
    }
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        depth += 1
        position += 2
      } else if bytes[position] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        depth -= 1
        position += 2
        if depth == 0 { return }
      } else {
        if bytes[position] == UInt8(ascii: "\n") { line += 1 }
        position += 1
      }
    }
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
  }

  private static let operatorBytes = Set("=-+*/%<>!&|^~?".utf8)

  private mutating func scanToken() -> Token.Kind {
    let byte = bytes[position]
    if byte == UInt8(ascii: "#") {
      // A raw string: `#"…"#`, `##"…"##`.
      var hashes = 0
      while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
      if peek(hashes) == UInt8(ascii: "\"") {
        position += hashes
        scanString(hashes: hashes)
        return .string
      }
      if peek(hashes) == UInt8(ascii: "/") {
        scanExtendedRegex(hashes: hashes)
        return .string
      }
      position += 1
      let nameStart = position
      while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
      let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
      if ["if", "elseif", "else", "endif"].contains(name) {
        // The condition runs to the end of the line (a comment there is left to the trivia).
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
          if bytes[position] == UInt8(ascii: "/"),
            peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")
          {
            break
          }
          position += 1
        }
        return .directive
      }
      return .poundKeyword
    }
    if byte == UInt8(ascii: "\"") {
      scanString(hashes: 0)
      return .string
    }
    if byte == UInt8(ascii: "@") {
      position += 1
      while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
      return .attribute
    }
    if byte == UInt8(ascii: "`") {
      position += 1
      while position < bytes.count, bytes[position] != UInt8(ascii: "`"),
        bytes[position] != UInt8(ascii: "\n")
      {
        position += 1
      }
      if position < bytes.count, bytes[position] == UInt8(ascii: "`") { position += 1 }
      return .identifier
    }
    if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
      while position < bytes.count,
        Self.isIdentifierByte(bytes[position])
          || (bytes[position] == UInt8(ascii: ".")
            && (peek(1).map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false))
      {
        position += 1
      }
      return .number
    }
    if Self.isIdentifierByte(byte) {
      while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
      return .identifier
    }
    if "{}()[],:;".utf8.contains(byte) {
      position += 1
      return .punctuation
    }
    if byte == UInt8(ascii: ".") {
      // `...` and `..<` are operators; a single dot is member access.
      if peek(1) == UInt8(ascii: ".") {
        while position < bytes.count,
          bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: "<")
        {
          position += 1
        }
        return .operator
      }
      position += 1
      return .punctuation
    }
    if byte == UInt8(ascii: "/"), let length = bareRegexLength() {
      for offset in 0..<length where bytes[position + offset] == UInt8(ascii: "\n") { line += 1 }
      position += length
      return .string
    }
    if Self.operatorBytes.contains(byte) {
      // `?` and `!` stand alone (optional chaining, unwrapping), and so do `<` and `>`
      // (generic brackets; `>>` closes two), except in `<=`, `>=` and `!=`.
      if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        || byte == UInt8(ascii: "!")
      {
        position += peek(1) == UInt8(ascii: "=") && byte != UInt8(ascii: "?") ? 2 : 1
        return .operator
      }
      position += 1
      while position < bytes.count, Self.operatorBytes.contains(bytes[position]),
        bytes[position] != UInt8(ascii: "?"), bytes[position] != UInt8(ascii: "!")
      {
        position += 1
      }
      return .operator
    }
    position += 1
    return .operator
  }

  /// Keywords after which an expression starts, so that a `/` there opens a regex literal.
  private static let expressionKeywords: Set<String> = [
    "return", "case", "in", "where", "if", "guard", "while", "throw", "try", "await", "else",
    "repeat", "yield",
  ]

  /// The length of a bare regex literal (`/^]: (\d+)$/`) starting at `position`, or nil when
  /// the `/` is an operator: as the compiler decides, it opens a literal only where an
  /// expression starts, not before white space, and only when it closes on the same line.
  private func bareRegexLength() -> Int? {
    guard let next = peek(1),
      ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "="), UInt8(ascii: "/")].contains(next)
    else { return nil }
    if let previous {
      switch previous.kind {
      case .punctuation:
        guard ["(", "[", "{", ",", ":", ";"].contains(previous.text) else { return nil }
      case .operator:
        guard !["?", "!", ">"].contains(previous.text) || previous.end < position else {
          return nil
        }
      case .identifier:
        guard Self.expressionKeywords.contains(previous.text) else { return nil }
      default: return nil
      }
    }
    var offset = 1
    var classDepth = 0
    var groupDepth = 0
    while position + offset < bytes.count {
      let byte = bytes[position + offset]
      if byte == UInt8(ascii: "\n") { return nil }
      // An unbalanced `)` means the `/` was an operator (`{ /Case.a ~= $0 }).map(/Case.a)`).
      if classDepth == 0, byte == UInt8(ascii: "(") { groupDepth += 1 }
      if classDepth == 0, byte == UInt8(ascii: ")") {
        groupDepth -= 1
        if groupDepth < 0 { return nil }
      }
      if byte == UInt8(ascii: "\\") {
        offset += 2
        continue
      }
      if byte == UInt8(ascii: "[") { classDepth += 1 }
      if byte == UInt8(ascii: "]"), classDepth > 0 { classDepth -= 1 }
      if byte == UInt8(ascii: "/"), classDepth == 0 {
        // A literal does not end in white space (`a / b / c` is division).
        let before = bytes[position + offset - 1]
        return before == 0x20 || before == 0x09 ? nil : offset + 1
      }
      offset += 1
    }
    return nil
  }

  /// An extended regex literal, `#/…/#`, whose first `#` is at `position`: it runs to a `/`
  /// followed by as many `#`s (its text may hold quotes and braces, which are not code).
  private mutating func scanExtendedRegex(hashes: Int) {
    let startLine = line
    position += hashes + 1
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "/") {
        var count = 0
        while peek(1 + count) == UInt8(ascii: "#"), count < hashes { count += 1 }
        if count == hashes {
          position += 1 + hashes
          return
        }
      }
      if bytes[position] == UInt8(ascii: "\\"), position + 1 < bytes.count,
        bytes[position + 1] != UInt8(ascii: "\n")
      {
        position += 1
      }
      if bytes[position] == UInt8(ascii: "\n") { line += 1 }
      position += 1
    }
    problems.append((startLine, "a regex literal `#/` is never closed"))
  }

  /// A string literal whose opening quote is at `position`, with `hashes` `#`s before it.
  private mutating func scanString(hashes: Int) {
    // `"""` opens a multi-line literal only when nothing but white space follows it on its line:
    // `#"""#` is a raw string holding one quote.
    var multiLine = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
    if multiLine {
      var offset = 3
      while let byte = peek(offset), byte == 0x20 || byte == 0x09 || byte == 0x0D { offset += 1 }
      multiLine = peek(offset) == UInt8(ascii: "\n") || peek(offset) == nil
    }
    let startLine = line
    position += multiLine ? 3 : 1
    var closed = false
    defer {
      if !closed {
        problems.append(
          (
            startLine,
            multiLine
              ? "a multi-line string literal is never closed" : "a string literal is never closed"
          )
        )
      }
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") {
        if !multiLine { return }  // An unterminated literal ends at the line.
        line += 1
        position += 1
        continue
      }
      if byte == UInt8(ascii: "\\") {
        // An escape, or an interpolation `\(…)` (raw: `\#(…)`).
        var count = 0
        while peek(1 + count) == UInt8(ascii: "#") { count += 1 }
        if count == hashes {
          position += 1 + count
          if position < bytes.count, bytes[position] == UInt8(ascii: "(") {
            skipInterpolation()
          } else {
            // An escaped character; a line continuation (`\` at the end of a line) ends a line.
            // A backslash that ends the file escapes nothing.
            guard position < bytes.count else { return }
            if bytes[position] == UInt8(ascii: "\n") { line += 1 }
            position += 1
          }
          continue
        }
        position += 1
        continue
      }
      if byte == UInt8(ascii: "\"") {
        let closes =
          multiLine ? (peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")) : true
        if closes {
          let quotes = multiLine ? 3 : 1
          var count = 0
          while peek(quotes + count) == UInt8(ascii: "#") { count += 1 }
          if count >= hashes {
            position += quotes + hashes
            closed = true
            return
          }
        }
      }
      position += 1
    }
  }

  /// `(…)` of an interpolation, at `position`: code, with strings and parentheses nested.
  private mutating func skipInterpolation() {
    var depth = 0
    let startLine = line
    defer {
      if depth > 0 { problems.append((startLine, "an interpolation `\\(` is never closed")) }
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "(") {
        depth += 1
      } else if byte == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 {
          position += 1
          return
        }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") {
        // A string, raw or not, nested in the interpolation (a lone `#` is code).
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        if peek(hashes) == UInt8(ascii: "\"") {
          position += hashes
          scanString(hashes: hashes)
          continue
        }
      } else if byte == UInt8(ascii: "\n") {
        line += 1
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        skipBlockComment()
        continue
      }
      position += 1
    }
  }
}
