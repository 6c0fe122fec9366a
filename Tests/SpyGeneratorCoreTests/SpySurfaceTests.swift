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
