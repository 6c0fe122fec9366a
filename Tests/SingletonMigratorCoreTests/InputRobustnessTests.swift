import Foundation
import TestSupport
import Testing
import _SingletonMigratorCore
import _SpyGeneratorCore

/// Any file a package may hold gives a per-file diagnostic, never a crash or a wrong report.
@Suite struct InputRobustnessTests {
  @Test func aCRLFFileIsMigratedAndKeepsItsLineBreaks() throws {
    // Shaped like a file checked out on Windows (`core.autocrlf`): a license header, a doc
    // comment right above the instance.
    let source = [
      "// Copyright (c) Example",
      "import Foundation",
      "",
      "final class KeychainStore: @unchecked Sendable {",
      "  /// The one store.",
      "  static let shared = KeychainStore()",
      "  func read() -> String? { nil }",
      "}",
      "",
    ].joined(separator: "\r\n")
    let migration = try migrate(source)
    #expect(migration.migrated.map(\.qualifiedName) == ["KeychainStore.shared"])
    let text = try #require(migration.files.first?.contents)
    expectReference(text)
    // Every line break is still `\r\n`; none is a bare `\n`.
    let bytes = Array(text.utf8)
    let bare = bytes.indices.filter { bytes[$0] == 10 && ($0 == 0 || bytes[$0 - 1] != 13) }
    #expect(bare.isEmpty)
    #expect(text.utf8.count > source.utf8.count)
    // --check names it at its line.
    let report = try SingletonMigrator(options: .init()).check(
      files: [.init(path: "Sources/App/File.swift", contents: source)],
      symbolGraph: nil
    )
    #expect(report.instances.map(\.location) == ["Sources/App/File.swift:6"])
  }

  @Test func aByteOrderMarkIsKeptAndIsNotPartOfTheFirstToken() throws {
    let source =
      "\u{FEFF}import Foundation\nfinal class Cache: @unchecked Sendable {\n"
      + "  static let shared = Cache()\n}\n"
    let migration = try migrate(source)
    #expect(migration.migrated.map(\.qualifiedName) == ["Cache.shared"])
    let text = try #require(migration.files.first?.contents)
    #expect(text.unicodeScalars.first == "\u{FEFF}")
    expectReference(text)
  }

  @Test func invalidUTF8IsAPerFileDiagnostic() throws {
    var bytes = Array("import Foundation\nlet name = \"caf".utf8)
    bytes += [0xE9]  // Latin-1 "é": not UTF-8.
    bytes += Array("\"\n".utf8)
    #expect(throws: SingletonMigrator.SourceFile.Unreadable.self) {
      try SingletonMigrator.SourceFile(path: "Sources/App/Latin1.swift", data: Data(bytes))
    }
    do {
      _ = try SingletonMigrator.SourceFile(path: "Sources/App/Latin1.swift", data: Data(bytes))
    } catch let error as SingletonMigrator.SourceFile.Unreadable {
      #expect(error.description.hasPrefix("Sources/App/Latin1.swift:2: warning: "))
    }
    let valid = try SingletonMigrator.SourceFile(
      path: "Sources/App/Fine.swift",
      data: Data("let café = 1\n".utf8)
    )
    #expect(valid.contents == "let café = 1\n")
  }

  @Test(arguments: [
    (
      "final class A {\n  static let shared = A()\n  /* never closed\n",
      "a `/*` comment is never closed"
    ),
    ("final class A {\n  static let shared = A()\n  let s = \"\"\"\n  text\n", "never closed"),
    ("final class A {\n  static let shared = A()\n", "`{` is never closed"),
    ("final class A {\n  static let shared = A()\n}\n}\n", "closes nothing"),
    ("let s = \"ends with a backslash \\", "a string literal is never closed"),
    ("let s = \"\\(value(\"", "never closed"),
    ("let r = #/never closed", "a regex literal `#/` is never closed"),
  ])
  func aFileTheLexerCannotFollowIsLeftOutWithItsLine(source: String, message: String) throws {
    let migration = try migrate(source)
    #expect(migration.instances.isEmpty)
    #expect(migration.files.isEmpty)
    let warning = try #require(migration.diagnostics.first)
    #expect(warning.severity == .warning)
    #expect(warning.message.hasPrefix("Sources/App/File.swift:"))
    #expect(warning.message.contains(message))
    // --check reports the file, not an instance.
    let report = try SingletonMigrator(options: .init()).check(
      files: [.init(path: "Sources/App/File.swift", contents: source)],
      symbolGraph: nil
    )
    #expect(report.instances.isEmpty)
    #expect(report.diagnostics.count == 1)
  }

  @Test func aTenThousandLineFileIsMigrated() throws {
    var lines = ["import Foundation", ""]
    for index in 0..<500 {
      lines += [
        "/// Service \(index).",
        "final class Service\(index): @unchecked Sendable {",
        "  static let shared = Service\(index)()",
      ]
      lines += (0..<16).map { "  func call\($0)() -> Int { \($0) }  // \(index)" }
      lines += ["}", ""]
    }
    #expect(lines.count >= 10_000)
    let migration = try migrate(lines.joined(separator: "\n"))
    #expect(migration.migrated.count == 500)
    #expect(migration.diagnostics.isEmpty)
  }

  @Test func extendedRegexLiteralsHideTheirQuotesAndBraces() throws {
    let migration = try migrate(
      #"""
      final class Parser: @unchecked Sendable {
        static let pattern = #/"{ (\d+)/#
        static let shared = Parser()
      }
      """#
    )
    #expect(migration.diagnostics.isEmpty)
    #expect(migration.instances.map(\.qualifiedName) == ["Parser.shared"])
  }
}

/// The shapes of the real files the lexer once could not follow (from swift-nio,
/// swift-openapi-runtime, swift-syntax, swift-prometheus, postgres-kit and sqlite-kit): each
/// is read, and rebuilt byte for byte from its tokens and trivia.
@Suite struct LexerRegressionTests {
  @Test(arguments: [
    // A raw string holding one quote is not a multi-line literal.
    ##"""
    func unquote(_ value: String) -> String {
      guard value.first == #"""#, value.last == #"""# else { return value }
      return value.replacingOccurrences(of: #"\""#, with: #"""#)
    }
    """##,
    ##"""
    buffer.append(UInt8(ascii: #"""#))
    buffer.append(contentsOf: #"} "#.utf8)
    let quoted = #""""foobar""#
    """##,
    // A bare regex literal (Swift 6) holding a bracket.
    ##"""
    struct Parser {
      static var allocations: Regex<(Substring, Substring)> {
        /^]: (\d+)$/
      }
      func half(_ total: Int, _ count: Int) -> Int { total / 2 / count }
    }
    """##,
    // A prefix `/` operator (swift-case-paths): not a regex, for the `)` it would hold.
    ##"""
    let values = results.lazy.prefix(while: { /Result.success ~= $0 }).compactMap(/Result.success)
    """##,
  ])
  func aFileOnceMisreadIsFollowedAndRoundTrips(source: String) throws {
    let report = LexerRoundTrip.check(Array(source.utf8))
    #expect(report.failure == nil)
    #expect(report.problems.isEmpty)
    #expect(try migrate(source).diagnostics.isEmpty)
  }
}
