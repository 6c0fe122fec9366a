import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Requirements named like the members of `Spy` a test uses (`name`, `reset()`): since `Spy`
/// declares those in a protocol extension, a requirement of any type stands beside them and
/// records its calls; `spyName` and `resetSpy()` keep names no requirement is expected to have.
@Suite struct SpySurfaceTests {
  @Test(arguments: [
    "var name: Int { get }", "var name: String? { get }", "var name: String { get async }",
    "func reset() throws", "func resetCalls() async throws", "func resetStubs() -> Int",
  ])
  func aRequirementNamedLikeSpysNameOrResetGetsASpy(_ requirement: String) throws {
    let output = try generateProtocol([requirement, "func refresh()"])
    #expect(output.diagnostics.isEmpty)
    let spy = try #require(output.files.first).contents
    #expect(spy.contains("final class PSpy: Spy<PSpy.Call>, P, @unchecked Sendable {\n"))
    #expect(!spy.contains("override"))
  }

  @Test func aRequirementResetIsDeclaredAndRecordedNotAnOverride() throws {
    let spy = try protocolSpy([
      "var name: String { get set }",
      "func reset()",
      "func resetCalls()",
      "func resetStubs()",
    ])
    expectReference(spy)
  }
}

/// A generated spy stands as the placeholder of its protocol: the conformance it declares lets
/// the testing library serve a fresh spy where a test reads a value of the protocol that
/// nothing provided.
@Suite struct SpyPlaceholderConformanceTests {
  @Test func aSpyRegistersItselfAsThePlaceholderOfItsProtocol() throws {
    let spy = try spyText([.method("func load() -> Int")])
    expectReference(spy)
  }

  /// The library finds a placeholder spy by its name at run time, which names no generic class
  /// without its arguments: a generic spy's placeholder is a companion class, `<Spy>Placeholder`,
  /// that makes the spy specialized with `Int`, which meets every constraint the associated
  /// types have.
  @Test func aGenericSpyIsItsProtocolsPlaceholderThroughACompanion() throws {
    let generic = try spyText([
      .associated("associatedtype Item"),
      .associated("associatedtype Key : Hashable, Swift.Sendable where Self.Key : Comparable"),
      .method("func load() -> Self.Item"),
    ])
    expectReference(generic)
  }

  /// No placeholder where `Int` may not fit: an associated type constrained to a protocol `Int`
  /// does not conform to, or bound to another by a `where` clause.
  @Test func aGenericSpyWhoseTypesIntMayNotFitRegistersNothing() throws {
    for associated in [
      "associatedtype Item : Identifiable",
      "associatedtype Item : Sequence where Self.Item.Element : Hashable",
    ] {
      let spy = try spyText([.associated(associated), .method("func load() -> Self.Item")])
      #expect(!spy.contains("ProtocolSpyPlaceholder"), "\(associated)")
    }
  }

  /// A main-actor spy is its protocol's placeholder too: the library makes it wherever a read
  /// needs it, so its conformance is `nonisolated` and makes the spy with `Spy`'s initializer,
  /// which is not isolated (swiftc 6.3.1 rejects the conformance otherwise: "crosses into main
  /// actor-isolated code").
  @Test func aMainActorSpyIsItsProtocolsPlaceholderMadeOffTheMainActor() throws {
    let mainActor = try spyText([.method("func load()")], declaration: "@MainActor protocol Shapes")
    expectReference(mainActor)
  }

  /// The spy's own `init()` meets the protocol's, and is isolated to the main actor like the
  /// protocol: the placeholder is made with the initializer the spy overrides from `Spy`.
  @Test func aMainActorSpyWithAnInitRequirementIsMadeWithSpysInitializer() throws {
    for initializer in ["init()", "init() async throws"] {
      let spy = try spyText(
        [.initializer(initializer), .method("func load()")],
        declaration: "@MainActor protocol Shapes"
      )
      #expect(
        spy.contains(
          "  nonisolated static func makePlaceholderSpy() -> Any { ShapesSpy(name: nil) }"
        ),
        "\(initializer)"
      )
    }
  }

  /// Before: `makePlaceholderSpy()` called `TypedThrowableSpy()`, which meets a throwing
  /// `init()`, so the spy did not compile (SpyCorpus/RealWorld's TypedThrowable).
  @Test func aSpyWhoseInitThrowsOrIsAsyncRegistersNothing() throws {
    for initializer in ["init() throws", "init() throws(CustomError)", "init() async"] {
      let spy = try spyText([.initializer(initializer), .method("func load()")])
      #expect(!spy.contains("ProtocolSpyPlaceholder"), "\(initializer)")
    }
    for initializer in ["init()", "init?()"] {  // a failable one is met by a plain init()
      let spy = try spyText([.initializer(initializer), .method("func load()")])
      #expect(spy.contains("extension ShapesSpy: ProtocolSpyPlaceholder"), "\(initializer)")
    }
  }
}
