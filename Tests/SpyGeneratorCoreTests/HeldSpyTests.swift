import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Requirements Swift allows neither beside nor in place of the members a spy inherits from
/// `Spy` (a `description` of another type than `String`, any property `calls`): the spy holds
/// its `Spy` in `spy` instead of inheriting it, as an actor's spy does.
@Suite(TimeLimits.waiting) struct HeldSpyTests {
  @Test(arguments: [
    "var description: String? { get }",
    "var description: Int { get }",
    "var calls: Int { get }",
    "var calls: [String] { get set }",
  ])
  func aRequirementThatClashesWithSpysMembersMakesTheSpyHoldItsSpy(
    _ requirement: String
  ) throws {
    let output = try generateProtocol([requirement, "func refresh()"])
    #expect(output.diagnostics.map(\.message) == [])
    let spy = try #require(output.files.first).contents
    #expect(spy.contains("final class PSpy: P, @unchecked Sendable {"))
    #expect(spy.contains("  let spy: Spy<Call>\n"))
  }

  /// OpenAPIKit's `JSONSchemaContext`: `description: String?` beside other requirements, one
  /// that throws; compiled against the real module.
  @Test func aSpyWithADescriptionOfAnotherTypeHoldsItsSpyAndCompiles() throws {
    let module = try CompiledModule(
      "Schemas",
      sources: [
        "Schemas.swift": """
        public protocol SchemaContext {
          var description: String? { get }
          var calls: [String] { get }
          var title: String? { get }
          func validate(strict: Bool) throws
          static var defaultTitle: String { get }
        }

        """
      ]
    )
    defer { module.remove() }
    let output = try SpyGenerator(options: .init(command: "generate"))
      .generate(symbolGraph: module.symbolGraph)
    #expect(output.diagnostics.map(\.message) == [])
    let spy = try #require(output.files.first { $0.name == "SchemaContextSpy.swift" }).contents
    expectReference(spy)
    #expect(try module.failures(of: output.files) == [:])
  }

  @Test func aStaticRequirementNamedLikeTheSpysStaticsIsStillRefused() throws {
    let output = try generateProtocol([
      "var description: Int { get }", "static var statics: Int { get }",
    ])
    #expect(output.files.isEmpty)
    let message = try #require(output.diagnostics.first).message
    #expect(message.hasPrefix("No spy for protocol P: P.statics: "))
  }
}
