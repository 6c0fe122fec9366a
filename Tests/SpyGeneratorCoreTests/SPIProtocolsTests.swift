import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Protocols declared `@_spi(Group)`: the symbol graph says `spi` and where the declaration is,
/// never the group, so the generator reads the group from the declaration's source; the spy
/// imports the module with every group its protocol and the types it mentions need.
@Suite(TimeLimits.waiting) struct SPIProtocolsTests {
  @Test func spiProtocolsGetSpiesThatImportTheirGroupsAndCompileAgainstTheRealModule() throws {
    let module = try CompiledModule(
      "Lib",
      sources: ["Lib.swift": spiLibrary, "Holder+Protocols.swift": spiExtensions]
    )
    defer { module.remove() }
    let output = try SpyGenerator(options: .init(publicOnly: true, command: "generate"))
      .generate(symbolGraph: module.symbolGraph)
    #expect(output.diagnostics.map(\.message) == [])
    #expect(
      output.files.map(\.name).sorted() == [
        "BothSpy.swift", "HolderListenerSpy.swift", "OuterInnerSpy.swift",
        "OuterWatcherSpy.swift", "PlainSpy.swift", "PluginSpy.swift",
      ]
    )
    func importLine(of spy: String) -> String? {
      let contents = output.files.first { $0.name == spy }?.contents ?? ""
      return contents.split(separator: "\n").first { $0.hasSuffix("import Lib") }.map(String.init)
    }
    #expect(importLine(of: "PluginSpy.swift") == "@_spi(Tools) import Lib")
    // Two groups of its own, its parent's, and the group of the type a requirement mentions.
    #expect(importLine(of: "BothSpy.swift") == "@_spi(Config) @_spi(Other) @_spi(Tools) import Lib")
    #expect(importLine(of: "OuterInnerSpy.swift") == "@_spi(Nested) import Lib")
    // Declared in an extension of an SPI type (in another file), or in an SPI extension.
    #expect(importLine(of: "HolderListenerSpy.swift") == "@_spi(Ext) import Lib")
    #expect(importLine(of: "OuterWatcherSpy.swift") == "@_spi(Ext2) import Lib")
    #expect(importLine(of: "PlainSpy.swift") == "import Lib")
    for file in output.files.sorted(by: { $0.name < $1.name }) {
      expectReference(file.contents, String(file.name.dropLast(".swift".count)))
    }
    #expect(try module.failures(of: output.files) == [:])
  }

  @Test func anSPIProtocolWhoseSourceCannotBeReadIsRefusedWithThatReason() throws {
    let missing = FileManager.default.temporaryDirectory
      .appendingPathComponent("missing-\(UUID().uuidString)/Raw.swift")
    let output = try generateSPIProtocol(location: missing)
    #expect(output.files.isEmpty)
    let message = try #require(output.diagnostics.first).message
    #expect(message.contains("Raw: it is declared `@_spi`"))
    #expect(message.contains("its source \(missing.path) cannot be read"))
  }

  @Test func anSPIProtocolWithoutALocationIsRefusedWithThatReason() throws {
    let output = try generateSPIProtocol(location: nil)
    #expect(output.files.isEmpty)
    let message = try #require(output.diagnostics.first).message
    #expect(message.contains("the symbol graph gives no source location"))
  }

  @Test func anSPIProtocolWhoseSourceHasNoSPIAttributeIsRefusedWithThatReason() throws {
    let source = FileManager.default.temporaryDirectory
      .appendingPathComponent("spi-\(UUID().uuidString).swift")
    try "// @_spi(Commented)\npublic protocol Raw {}\n".write(
      to: source,
      atomically: true,
      encoding: .utf8
    )
    defer { try? FileManager.default.removeItem(at: source) }
    let output = try generateSPIProtocol(location: source, line: 1, character: 16)
    #expect(output.files.isEmpty)
    let message = try #require(output.diagnostics.first).message
    #expect(message.contains("no `@_spi(…)` attribute at \(source.path):2"))
  }

  /// A graph of module `M` whose protocol `Raw` is `spi`, declared at `location`.
  private func generateSPIProtocol(
    location: URL?,
    line: Int = 0,
    character: Int = 0
  ) throws -> SpyGenerator.Output {
    var symbol = fixtureSymbol(
      "p",
      kind: "swift.protocol",
      path: ["Raw"],
      declaration: "protocol Raw"
    )
    symbol["spi"] = true
    if let location {
      symbol["location"] = [
        "uri": location.absoluteString, "position": ["line": line, "character": character],
      ]
    }
    let graph = try JSONSerialization.data(withJSONObject: [
      "module": ["name": "M"], "symbols": [symbol], "relationships": [],
    ])
    return try SpyGenerator(options: .init(command: "generate")).generate(symbolGraph: graph)
  }
}

/// A module with `@_spi` protocols of several groups, nested, refining one another, mentioning
/// an SPI type of another group, with attributes and comments around them.
private let spiLibrary = """
  /// Plugins the tools load.
  @_spi(Tools) public protocol Plugin {
    func run(_ input: Int) -> String
  }

  /// Braces and attributes in a string are not declarations.
  public let banner = "{ @_spi(Fake) public protocol \\("}") {"

  /// Doc comment. @_spi(InDocComment)
  @available(macOS 10.15, *)
  @_spi(Tools)
  // @_spi(Commented)
  /* @_spi(Block) */ @_spi(Other) public protocol Both: Plugin {
    func go(with options: Options) async throws
  }

  @_spi(Config) public struct Options: Sendable {
    public init() {}
  }

  public enum Outer {
    @_spi(Nested) public protocol Inner { func name() -> String }
  }

  @_spi(Ext) public struct Holder {}

  public protocol Plain { func touch() }

  """

private let spiExtensions = """
  extension Holder {
    public protocol Listener { func heard(_ text: String) }
  }

  @_spi(Ext2) extension Outer {
    public protocol Watcher { func saw(_ count: Int) }
  }

  """
