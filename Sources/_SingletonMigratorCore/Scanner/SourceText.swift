import Foundation
import _SpyGeneratorCore

/// A file's text as the scanner reads it: line breaks as `\n`, no byte-order mark. What it had
/// on disk is remembered, so that a rewritten file keeps its line breaks (`\r\n` stays `\r\n`)
/// and its mark.
struct SourceText: Sendable {
  /// The text the scanner reads and the edits apply to.
  let text: String
  /// Whether the file breaks its lines with `\r\n` (most of its line breaks do).
  let usesCRLF: Bool
  /// Whether the file starts with a byte-order mark.
  let hasByteOrderMark: Bool

  init(_ contents: String) {
    var text = contents
    hasByteOrderMark = text.unicodeScalars.first == "\u{FEFF}"
    if hasByteOrderMark { text.unicodeScalars.removeFirst() }
    // `\r\n` is one Character in Swift: count and replace it by scalars, not by characters.
    let scalars = text.unicodeScalars
    var crlf = 0
    var lf = 0
    var previous: Unicode.Scalar?
    for scalar in scalars {
      if scalar == "\n" {
        if previous == "\r" { crlf += 1 } else { lf += 1 }
      }
      previous = scalar
    }
    usesCRLF = crlf > lf
    if crlf > 0 || scalars.contains("\r") {
      var normalized = String.UnicodeScalarView()
      var iterator = scalars.makeIterator()
      var pending = iterator.next()
      while let scalar = pending {
        pending = iterator.next()
        if scalar == "\r" {
          // `\r\n`, or a lone `\r` (a classic Mac line break): one `\n`.
          normalized.append("\n")
          if pending == "\n" { pending = iterator.next() }
        } else {
          normalized.append(scalar)
        }
      }
      text = String(normalized)
    }
    self.text = text
  }

  /// `text` (edited) with the file's line breaks and byte-order mark put back.
  func restored(_ edited: String) -> String {
    var result = usesCRLF ? edited.replacingOccurrences(of: "\n", with: "\r\n") : edited
    if hasByteOrderMark { result = "\u{FEFF}" + result }
    return result
  }
}

extension SingletonMigrator.SourceFile {
  /// A file that cannot be read as Swift source text: it is left out, with this message.
  public struct Unreadable: Error, CustomStringConvertible {
    /// `path: warning: …`, saying why and that the file is left out.
    public let description: String
  }

  /// Reads a file's bytes as UTF-8 (with or without a byte-order mark), as the compiler does.
  ///
  /// ```swift
  /// let file = try SingletonMigrator.SourceFile(path: "Sources/App/Manager.swift", data: data)
  /// ```
  ///
  /// - Parameters:
  ///   - path: The path, relative to the package.
  ///   - data: The file's bytes.
  /// - Throws: ``Unreadable`` when the bytes are not UTF-8 (the message names the first bad
  ///   byte's line).
  public init(path: String, data: Data) throws {
    // Decoding repairs what is not UTF-8 (each bad byte becomes U+FFFD): a repaired text is no
    // longer the file's bytes.
    let text = String(decoding: data, as: UTF8.self)
    guard text.utf8.elementsEqual(data) else {
      var line = 1
      var decoder = UTF8()
      var iterator = data.makeIterator()
      loop: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
        case .emptyInput, .error: break loop
        }
      }
      throw Unreadable(
        description: "\(path):\(line): warning: the file is not valid UTF-8 (the compiler "
          + "rejects it too): it is left out, and nothing in it is migrated or checked"
      )
    }
    self.init(path: path, contents: text)
  }
}
