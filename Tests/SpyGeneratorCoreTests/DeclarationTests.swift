import Foundation
import Testing
import _SpyGeneratorCore

/// Declarations the corpus does not have, read from small hand-made symbol graphs.
@Suite struct DeclarationTests {
  @Test func aClosureWithNestedTypesIsKeptWhole() throws {
    let spy = try generate(
      "func load(completion: @escaping @Sendable (Result<(Int, String), any Error>) -> Void)"
    )
    #expect(spy.contains("    case load\n"))
    #expect(
      spy.contains(
        "  var loadCompletion: (@Sendable (Result<(Int, String), any Error>) -> Void)? {"
      )
    )
  }

  @Test func aTupleParameterIsRecordedButNotCompared() throws {
    let spy = try generate("func move(to point: (x: Int, y: Int))")
    #expect(spy.contains("    case move(to: NotCompared<(x: Int, y: Int)>)\n"))
    #expect(spy.contains("record(.move(to: NotCompared(point)))"))
  }

  @Test func aGenericResultWithoutPlaceholderMustBeStubbed() throws {
    let spy = try generate("func echo<T>(_ value: T) -> T where T: Codable", generics: ["T"])
    #expect(spy.contains("    case echo(value: SpyArgument<Any>)\n"))
    #expect(spy.contains("recordStubbed(.echo(value: SpyArgument(value as Any)))"))
  }

  @Test func aResultOfAnUnknownTypeMustBeStubbed() throws {
    let spy = try generate("func current() -> Document")
    #expect(spy.contains("    recordStubbed(.current)\n"))
  }

  @Test func keywordsAreEscapedAndLabelsKept() throws {
    let spy = try generate("func `default`(for key: String) -> Bool")
    #expect(spy.contains("    case `default`(for: String)\n"))
    #expect(spy.contains("record(.`default`(for: key), placeholder: false)"))
  }

  @Test func aLongSignatureIsWrappedOneParameterPerLine() throws {
    let spy = try generate(
      "func upload(_ data: Data, to destination: URL, retrying attempts: Int, timeout: Double) async throws -> Int"
    )
    #expect(
      spy.contains(
        """
          func upload(
            _ data: Data,
            to destination: URL,
            retrying attempts: Int,
            timeout: Double
          ) async throws -> Int {
        """
      )
    )
  }
}

// MARK: - Fixtures

/// The spy of a protocol `Shapes` with one method, `declaration` (see SymbolGraphFixture.swift).
private func generate(_ declaration: String, generics: [String] = []) throws -> String {
  try spyText([.method(declaration, generics: generics)])
}
