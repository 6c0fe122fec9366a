import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// How `Call` cases are named: after the requirement, with what tells overloads apart taken from
/// their signatures, never from the order they are declared in.
@Suite struct CaseNamesTests {
  @Test func overloadsWithTheSameLabelsAreNamedByTheirParameterTypes() throws {
    let spy = try protocolSpy([
      "func convert(value: Int) -> String",
      "func convert(value: String) -> String",
    ])
    #expect(
      callCases(of: spy) == [
        "case convertValueInt(value: Int)",
        "case convertValueString(value: String)",
      ]
    )
  }

  @Test func typesAreSpelledTheDocumentedWay() throws {
    let spy = try protocolSpy([
      "func put(_ value: [String: Any])",
      "func put(_ value: Int?)",
      "func put(_ value: some Shape)",
      "func put<T>(_ value: T) | T",
      "func put(_ value: [Article.ID])",
      "func put(_ value: Set<URL>)",
      "func put(_ value: any Shape & Sendable)",
      "func put(_ value: (Int, String))",
      "func put(_ value: @Sendable (Int) async throws -> Void)",
      "func put(_ value: inout Int)",
      "func put(_ value: Int...)",
      "func put(_ value: Int.Type)",
    ])
    let names = callCases(of: spy).map { $0.dropFirst("case ".count).prefix { $0 != "(" } }
    #expect(
      names == [
        "putStringAnyDictionary", "putIntOptional", "putSomeShape", "putT",
        "putArticleIDArray", "putURLSet", "putAnyShapeAndSendable", "putIntStringTuple",
        "putIntAsyncThrowsToVoid", "putInoutInt", "putIntVariadic", "putIntType",
      ]
    )
  }

  @Test func overloadsThatDifferOnlyInResultOrEffectsAreNamedByThem() throws {
    let spy = try protocolSpy([
      "func make() -> Int",
      "func make() -> String",
      "func load() async -> Int",
      "func load() -> Int",
      "func save() throws",
      "func save()",
    ])
    #expect(
      callCases(of: spy) == [
        "case makeReturningInt", "case makeReturningString", "case loadAsyncReturningInt",
        "case loadReturningInt", "case saveThrows", "case save",
      ]
    )
  }

  @Test func aStaticOverloadOfAnInstanceRequirementIsNamedStatic() throws {
    let spy = try protocolSpy(["func reset()", "static func reset()"])
    #expect(callCases(of: spy) == ["case reset", "case resetStatic"])
  }

  @Test func reorderingTheRequirementsKeepsEveryName() throws {
    let requirements = [
      "func find(id: Int) -> String?",
      "func find(id: String) -> String?",
      "func find(name: String) -> String?",
      "func findId()",
      "func make() -> Int",
      "func make() -> String",
      "var volume: Int { get set }",
      "func setVolume(_ value: Int)",
      "func reset()",
      "static func reset()",
    ]
    let forward = try callCases(of: protocolSpy(requirements))
    let backward = try callCases(of: protocolSpy(requirements.reversed()))
    let rotated = try callCases(of: protocolSpy(Array(requirements[4...] + requirements[..<4])))
    #expect(forward.sorted() == backward.sorted())
    #expect(forward.sorted() == rotated.sorted())
    #expect(forward.contains("case findIdInt(id: Int)"))
    #expect(forward.contains("case findIdString(id: String)"))
  }

  @Test func aMemberWhoseOwnNameIsTakenByAnOverloadKeepsIt() throws {
    let spy = try protocolSpy([
      "func find(id: Int)",
      "func find(name: String)",
      "func findId()",
    ])
    #expect(
      callCases(of: spy) == [
        "case findIdInt(id: Int)", "case findName(name: String)", "case findId",
      ]
    )
  }

  @Test func aSetterYieldsItsNameToAMethodNamedLikeIt() throws {
    let spy = try protocolSpy([
      "var volume: Int { get set }",
      "func setVolume(_ level: Int)",
    ])
    #expect(
      callCases(of: spy) == [
        "case volume", "case setVolumeNewValue(newValue: Int)", "case setVolume(level: Int)",
      ]
    )
    expectReference(spy)
  }

  @Test func membersThatDoNotCollideKeepTheirNames() throws {
    let spy = try protocolSpy([
      "func refresh()",
      "func find(id: Int) -> String?",
      "func find(name: String, in folder: String) -> [String]",
      "var volume: Int { get set }",
    ])
    #expect(
      callCases(of: spy) == [
        "case refresh", "case findId(id: Int)", "case findNameIn(name: String, in: String)",
        "case volume", "case setVolume(newValue: Int)",
      ]
    )
  }

  @Test func signaturesThatSpellAlikeAreNumberedInTheOrderOfTheirText() throws {
    let requirements = ["func put(_ values: [Int])", "func put(_ values: Array<Int>)"]
    let forward = try callCases(of: protocolSpy(requirements))
    let backward = try callCases(of: protocolSpy(requirements.reversed()))
    #expect(
      forward == ["case putIntArray2(values: [Int])", "case putIntArray(values: Array<Int>)"]
    )
    #expect(backward == forward.reversed())
  }

  @Test func everyKeptClosureHasItsOwnKeyAndAccessor() throws {
    let spy = try protocolSpy([
      "func tell(_ message: String, with handler: @escaping @Sendable (Int) -> Void)",
      "func tell(_ message: Int, with handler: @escaping @Sendable (Int) -> Void)",
    ])
    expectReference(spy)
  }
}
