import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Declarations the corpus does not have, read from small hand-made symbol graphs.
@Suite struct DeclarationTests {
  @Test func aClosureWithNestedTypesIsKeptWhole() throws {
    let spy = try generate(
      "func load(completion: @escaping @Sendable (Result<(Int, String), any Error>) -> Void)"
    )
    expectReference(spy)
  }

  @Test func aTupleParameterIsRecordedButNotCompared() throws {
    let spy = try generate("func move(to point: (x: Int, y: Int))")
    expectReference(spy)
  }

  @Test func aGenericResultWithoutPlaceholderMustBeStubbed() throws {
    let spy = try generate("func echo<T>(_ value: T) -> T where T: Codable", generics: ["T"])
    expectReference(spy)
  }

  @Test func aResultOfAnUnknownTypeMustBeStubbed() throws {
    let spy = try generate("func current() -> Document")
    expectReference(spy)
  }

  @Test func keywordsAreEscapedAndLabelsKept() throws {
    let spy = try generate("func `default`(for key: String) -> Bool")
    expectReference(spy)
  }

  @Test func anAttributeMessageWithABracketDoesNotEndTheAttribute() throws {
    let spy = try generate(
      #"@available(*, deprecated, message: "call open(), or not :)") func open() -> Int"#
    )
    expectReference(spy)
  }

  @Test func aLongSignatureIsWrappedOneParameterPerLine() throws {
    let spy = try generate(
      "func upload(_ data: Data, to destination: URL, retrying attempts: Int, timeout: Double) async throws -> Int"
    )
    expectReference(spy)
  }
}

// MARK: - Fixtures

/// The spy of a protocol `Shapes` with one method, `declaration` (see SymbolGraphFixture.swift).
private func generate(_ declaration: String, generics: [String] = []) throws -> String {
  try spyText([.method(declaration, generics: generics)])
}
