import Foundation
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
    #expect(spy.contains("  var name: String {\n    get {\n"))
    #expect(spy.contains("  func reset() {\n    record(.reset)\n  }\n"))
    #expect(spy.contains("  func resetCalls() {\n    record(.resetCalls)\n  }\n"))
    #expect(spy.contains("  func resetStubs() {\n    record(.resetStubs)\n  }\n"))
    #expect(!spy.contains("override"))
  }
}

/// A generated spy stands as the placeholder of its protocol: the conformance it declares lets
/// the testing library serve a fresh spy where a test reads a value of the protocol that
/// nothing provided.
@Suite struct SpyPlaceholderConformanceTests {
  @Test func aSpyRegistersItselfAsThePlaceholderOfItsProtocol() throws {
    let spy = try spyText([.method("func load() -> Int")])
    #expect(
      spy.hasSuffix(
        """
        }

        /// Serves a fresh spy where a test reads an `any Shapes` that nothing provided (a `.required` box,
        /// an unstubbed call): the read fails the test and goes on.
        extension ShapesSpy: ProtocolSpyPlaceholder {
          static var spiedProtocol: Any.Type { (any Shapes).self }
          static func makePlaceholderSpy() -> Any { ShapesSpy() }
        }

        """
      )
    )
  }

  @Test func aGenericOrMainActorSpyRegistersNothing() throws {
    let generic = try spyText([.associated("associatedtype Item"), .method("func load()")])
    #expect(!generic.contains("ProtocolSpyPlaceholder"))
    let mainActor = try spyText([.method("func load()")], declaration: "@MainActor protocol Shapes")
    #expect(!mainActor.contains("ProtocolSpyPlaceholder"))
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
