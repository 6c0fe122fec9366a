import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// A `RawRepresentable` protocol that fixes its `RawValue` by restating `rawValue` with a plain
/// type, rather than by a `where` clause (SwiftProtobuf's `Enum`: `var rawValue: Int { get }`,
/// `init?(rawValue: Int)`): its spy holds a raw value of that type, as with the `where` clause.
@Suite(TimeLimits.waiting) struct RestatedRawValueTests {
  @Test func aRawValueRestatedWithAPlainTypeFixesIt() throws {
    let module = try CompiledModule(
      "Protos",
      sources: [
        "Enum.swift": """
        public protocol Enum: RawRepresentable, Hashable, Sendable {
          init()
          init?(rawValue: Int)
          var rawValue: Int { get }
        }

        """
      ]
    )
    defer { module.remove() }
    let output = try SpyGenerator(options: .init(command: "generate"))
      .generate(symbolGraph: module.symbolGraph)
    #expect(output.diagnostics.map(\.message) == [])
    let spy = try #require(output.files.first { $0.name == "EnumSpy.swift" }).contents
    #expect(spy.components(separatedBy: "init?(rawValue: Int)").count == 2)
    #expect(spy.contains("  let rawValue: Int\n"))
    expectReference(spy)
    #expect(try module.failures(of: output.files) == [:])
  }

  @Test func aRawValueRestatedWithATypeWithoutAPlainValueIsStillRefused() throws {
    let module = try CompiledModule(
      "Protos",
      sources: [
        "Enum.swift": """
        public struct Code: Hashable, Sendable { let value: Int }
        public protocol Coded: RawRepresentable {
          var rawValue: Code { get }
        }

        """
      ]
    )
    defer { module.remove() }
    let output = try SpyGenerator(options: .init(command: "generate"))
      .generate(symbolGraph: module.symbolGraph)
    #expect(output.files.isEmpty)
    let message = try #require(output.diagnostics.first).message
    #expect(message.contains("it refines Swift.RawRepresentable"))
  }
}
