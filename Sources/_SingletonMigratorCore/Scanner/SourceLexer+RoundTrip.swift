/// What a grammar library guarantees of its tokens, checked on one file: the tokens and the
/// trivia between them (white space, comments, a byte-order mark) add up to the file, byte for
/// byte, and each token's line is the line it stands on.
package enum LexerRoundTrip {
  /// A file's tokens, checked.
  package struct Report: Sendable {
    /// How many tokens the file has.
    package let tokenCount: Int
    /// The first place where the tokens and the trivia do not add up to the file, or nil.
    package let failure: String?
    /// What the lexer could not follow (its per-file diagnostics), `line: message`.
    package let problems: [String]
  }

  /// Lexes `bytes` and rebuilds them from the tokens and the trivia.
  ///
  /// ```swift
  /// let report = LexerRoundTrip.check(Array(text.utf8))
  /// assert(report.failure == nil)
  /// ```
  ///
  /// - Parameter bytes: A Swift file's bytes, as they are on disk (any encoding).
  /// - Returns: The report.
  package static func check(_ bytes: [UInt8]) -> Report {
    var lexer = SourceLexer(bytes: bytes)
    let tokens = lexer.tokens()
    let problems = lexer.problems.map { "\($0.line): \($0.message)" }
    func report(_ failure: String?) -> Report {
      Report(tokenCount: tokens.count, failure: failure, problems: problems)
    }
    var comments = lexer.comments[...]
    var rebuilt: [UInt8] = []
    rebuilt.reserveCapacity(bytes.count)
    var position = 0
    var line = 1
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      rebuilt += bytes[0..<3]
      position = 3
    }
    // Trivia up to `end`: white space and the comments that start there.
    func trivia(upTo end: Int) -> String? {
      while position < end {
        if let comment = comments.first, comment.start == position {
          guard comment.end <= end, comment.end > comment.start else {
            return "the comment at byte \(comment.start) overlaps a token"
          }
          guard comment.line == line else {
            return "the comment at byte \(comment.start) says line \(comment.line), is on \(line)"
          }
          for byte in bytes[comment.start..<comment.end] where byte == UInt8(ascii: "\n") {
            line += 1
          }
          rebuilt += bytes[comment.start..<comment.end]
          position = comment.end
          comments.removeFirst()
          continue
        }
        let byte = bytes[position]
        guard [0x20, 0x09, 0x0A, 0x0D].contains(byte) else {
          return "byte \(position) (0x\(String(byte, radix: 16))) on line \(line) is in no token"
        }
        if byte == UInt8(ascii: "\n") { line += 1 }
        rebuilt.append(byte)
        position += 1
      }
      return nil
    }
    for (index, token) in tokens.enumerated() {
      guard token.start >= position, token.end > token.start, token.end <= bytes.count else {
        return report("token \(index) has the bytes \(token.start)..<\(token.end) out of order")
      }
      if let failure = trivia(upTo: token.start) { return report(failure) }
      guard token.line == line else {
        return report("token \(index) (`\(token.text)`) says line \(token.line), is on \(line)")
      }
      guard token.text == String(decoding: bytes[token.start..<token.end], as: UTF8.self) else {
        return report("token \(index)'s text is not its bytes")
      }
      for byte in bytes[token.start..<token.end] where byte == UInt8(ascii: "\n") { line += 1 }
      rebuilt += bytes[token.start..<token.end]
      position = token.end
    }
    if let failure = trivia(upTo: bytes.count) { return report(failure) }
    guard comments.isEmpty else { return report("a comment lies after the end of the file") }
    return report(rebuilt == bytes ? nil : "the tokens and trivia do not rebuild the file")
  }
}
