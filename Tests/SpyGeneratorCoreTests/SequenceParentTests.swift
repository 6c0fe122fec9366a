import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Protocols refining `Sequence` alone among the standard library's collection protocols
/// (swift-crypto's `Digest`: `Sequence where Element == UInt8`, with `ContiguousBytes`; Mustache's
/// `MustacheSequence: Sequence`): the spy is an empty sequence, as a `CaseIterable` spy has no
/// cases, and has no bytes. A `Collection` still has indices and elements a spy has no type for.
@Suite(TimeLimits.waiting) struct SequenceParentTests {
  @Test func aSequenceProtocolsSpyIsAnEmptySequenceThatCompiles() throws {
    let module = try CompiledModule(
      "Digests",
      sources: [
        "Digests.swift": """
        import Foundation

        public protocol Digest: Hashable, Sendable, ContiguousBytes, Sequence
        where Element == UInt8 {
          static var byteCount: Int { get }
        }

        public protocol Listing: Sequence {
          func render() -> String
        }

        public protocol Indexed: Collection {
          func refresh()
        }

        """
      ]
    )
    defer { module.remove() }
    let output = try SpyGenerator(options: .init(command: "generate"))
      .generate(symbolGraph: module.symbolGraph)
    #expect(output.files.map(\.name).sorted() == ["DigestSpy.swift", "ListingSpy.swift"])
    let refusals = output.diagnostics.map(\.message)
    #expect(refusals.count == 1)
    #expect(refusals.contains { $0.contains("Indexed: it refines Swift.Collection") })
    for file in output.files.sorted(by: { $0.name < $1.name }) {
      expectReference(file.contents, String(file.name.dropLast(".swift".count)))
    }
    let digest = try #require(output.files.first { $0.name == "DigestSpy.swift" }).contents
    #expect(digest.contains("func makeIterator() -> EmptyCollection<UInt8>.Iterator"))
    #expect(digest.contains("func withUnsafeBytes<R>("))
    #expect(try module.failures(of: output.files) == [:])
  }
}
