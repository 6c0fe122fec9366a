/// The tokens of a Swift source file, as far as finding a declaration's attributes needs them:
/// identifiers and keywords (backticks removed), and every other character as a token of its
/// own. Comments and string literals (raw, multi-line, interpolated) are skipped, so that a
/// brace or an `@_spi(…)` inside them is no token.
///
/// Each token knows its line and its column (0-based, in UTF-8 bytes, as the symbol graph's
/// `location` counts them) and the open brace it is inside, so that the declarations around a
/// token can be walked outwards.
struct SourceTokens {
  struct Token {
    let text: String
    let line: Int
    let column: Int
    /// The index of the innermost `{` token this token is inside, or nil at the top level.
    let enclosingBrace: Int?
    let isIdentifier: Bool
  }

  private(set) var tokens: [Token] = []

  init(_ text: String) {
    var lexer = Lexer(bytes: Array(text.utf8))
    tokens = lexer.tokens()
  }

  /// The token on `line` spelled `text` closest to `column`, or nil.
  func token(_ text: String, line: Int, column: Int) -> Int? {
    // Tokens are in order of lines: the first on `line` by bisection.
    var (low, high) = (0, tokens.count)
    while low < high {
      let middle = (low + high) / 2
      if tokens[middle].line < line { low = middle + 1 } else { high = middle }
    }
    var found: Int?
    var current = low
    while current < tokens.count, tokens[current].line == line {
      if tokens[current].text == text,
        found.map({ abs(tokens[current].column - column) < abs(tokens[$0].column - column) })
          ?? true
      {
        found = current
      }
      current += 1
    }
    return found
  }

  /// The index of the `(` that the `)` at `index` closes, or nil.
  func openingParenthesis(of index: Int) -> Int? {
    var depth = 0
    var current = index
    while current >= 0 {
      switch tokens[current].text {
      case ")": depth += 1
      case "(":
        depth -= 1
        if depth == 0 { return current }
      case "{", "}": return nil
      default: break
      }
      current -= 1
    }
    return nil
  }
}

private struct Lexer {
  let bytes: [UInt8]
  var index = 0
  var line = 0
  var lineStart = 0
  var braces: [Int] = []
  var result: [SourceTokens.Token] = []

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func tokens() -> [SourceTokens.Token] {
    while index < bytes.count {
      let byte = bytes[index]
      if byte == .newline {
        newLine(after: index)
        index += 1
      } else if byte == .space || byte == .tab || byte == .carriageReturn {
        index += 1
      } else if byte == .slash, next == .slash {
        while index < bytes.count, bytes[index] != .newline { index += 1 }
      } else if byte == .slash, next == .star {
        skipBlockComment()
      } else if byte == .quote || (byte == .hash && isRawStringStart) {
        skipString()
      } else if byte == .backtick {
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != .backtick, bytes[end] != .newline { end += 1 }
        append(start..<end, column: index - lineStart, isIdentifier: true)
        index = min(end + 1, bytes.count)
      } else if Self.isIdentifierByte(byte) {
        let start = index
        while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
        append(start..<index, column: start - lineStart, isIdentifier: true)
      } else {
        append(index..<index + 1, column: index - lineStart, isIdentifier: false)
        if byte == .openBrace {
          braces.append(result.count - 1)
        } else if byte == .closeBrace {
          _ = braces.popLast()
        }
        index += 1
      }
    }
    return result
  }

  private var next: UInt8? { index + 1 < bytes.count ? bytes[index + 1] : nil }

  /// Whether the `#`s at `index` open a raw string (`#"…"#`), not a directive (`#if`).
  private var isRawStringStart: Bool {
    var current = index
    while current < bytes.count, bytes[current] == .hash { current += 1 }
    return current < bytes.count && bytes[current] == .quote
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
      || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte == 0x24 || byte >= 0x80
  }

  private mutating func newLine(after position: Int) {
    line += 1
    lineStart = position + 1
  }

  private mutating func append(_ range: Range<Int>, column: Int, isIdentifier: Bool) {
    result.append(
      SourceTokens.Token(
        text: String(decoding: bytes[range], as: UTF8.self),
        line: line,
        column: column,
        enclosingBrace: braces.last,
        isIdentifier: isIdentifier
      )
    )
  }

  /// Skips `/* … */`, nested ones included.
  private mutating func skipBlockComment() {
    var depth = 0
    while index < bytes.count {
      if bytes[index] == .slash, next == .star {
        depth += 1
        index += 2
      } else if bytes[index] == .star, next == .slash {
        depth -= 1
        index += 2
        if depth == 0 { return }
      } else {
        if bytes[index] == .newline { newLine(after: index) }
        index += 1
      }
    }
  }

  /// Skips a string literal starting at `index`: `"…"`, `"""…"""`, `#"…"#`, with escapes and
  /// interpolations (which may hold strings of their own).
  private mutating func skipString() {
    var hashes = 0
    while index < bytes.count, bytes[index] == .hash {
      hashes += 1
      index += 1
    }
    let multiLine =
      index + 2 < bytes.count && bytes[index + 1] == .quote && bytes[index + 2] == .quote
    index += multiLine ? 3 : 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == .backslash, hasHashes(hashes, at: index + 1) {
        index += 1 + hashes
        if index < bytes.count, bytes[index] == .openParenthesis {
          index += 1
          skipInterpolation()
        } else if index < bytes.count {
          if bytes[index] == .newline { newLine(after: index) }
          index += 1
        }
      } else if byte == .quote, !multiLine || hasQuotes(at: index),
        hasHashes(
          hashes,
          at: index + (multiLine ? 3 : 1)
        )
      {
        index += (multiLine ? 3 : 1) + hashes
        return
      } else if byte == .newline {
        newLine(after: index)
        index += 1
        // A single-line string does not go on; stop at the end of its line.
        if !multiLine { return }
      } else {
        index += 1
      }
    }
  }

  private func hasHashes(_ count: Int, at position: Int) -> Bool {
    guard position + count <= bytes.count else { return false }
    return bytes[position..<position + count].allSatisfy { $0 == .hash }
  }

  private func hasQuotes(at position: Int) -> Bool {
    position + 2 < bytes.count && bytes[position + 1] == .quote && bytes[position + 2] == .quote
  }

  /// Skips an interpolation's expression up to its closing parenthesis.
  private mutating func skipInterpolation() {
    var depth = 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == .quote || (byte == .hash && isRawStringStart) {
        skipString()
        continue
      }
      if byte == .newline { newLine(after: index) }
      if byte == .openParenthesis { depth += 1 }
      if byte == .closeParenthesis {
        depth -= 1
        if depth == 0 {
          index += 1
          return
        }
      }
      index += 1
    }
  }
}

extension UInt8 {
  fileprivate static let newline = UInt8(ascii: "\n")
  fileprivate static let carriageReturn = UInt8(ascii: "\r")
  fileprivate static let space = UInt8(ascii: " ")
  fileprivate static let tab = UInt8(ascii: "\t")
  fileprivate static let slash = UInt8(ascii: "/")
  fileprivate static let star = UInt8(ascii: "*")
  fileprivate static let quote = UInt8(ascii: "\"")
  fileprivate static let hash = UInt8(ascii: "#")
  fileprivate static let backslash = UInt8(ascii: "\\")
  fileprivate static let backtick = UInt8(ascii: "`")
  fileprivate static let openParenthesis = UInt8(ascii: "(")
  fileprivate static let closeParenthesis = UInt8(ascii: ")")
  fileprivate static let openBrace = UInt8(ascii: "{")
  fileprivate static let closeBrace = UInt8(ascii: "}")
}
