import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// Protocols declared `@_spi(Group)`: the symbol graph says `spi` and where the declaration is,
/// never the group, so the generator reads the group from the declaration's source; the spy
/// imports the module with every group its protocol and the types it mentions need.
@Suite(TimeLimits.waiting) struct SPIProtocolsTests {
  @Test func spiProtocolsGetSpiesThatImportTheirGroupsAndCompileAgainstTheRealModule() throws {
    let module = try SPIModule()
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
    // Compiled against `Lib` and this package's `SharedInstancesTesting`, beside the tests.
    let tests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let testing = tests.appendingPathComponent("Modules/SharedInstancesTesting.swiftmodule")
    try #require(FileManager.default.fileExists(atPath: testing.path), "no \(testing.path)")
    let failures = try SpyVerifier(buildFolders: [module.folder, tests]).failures(in: output.files)
    #expect(failures == [:])
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

/// A real module `Lib`, compiled from two files with `@_spi` protocols of several groups, and
/// its symbol graph as the plugin asks SwiftPM for it (internal and up, SPI included).
private struct SPIModule {
  let folder: URL
  let symbolGraph: Data

  static let library = """
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

  static let extensions = """
    extension Holder {
      public protocol Listener { func heard(_ text: String) }
    }

    @_spi(Ext2) extension Outer {
      public protocol Watcher { func saw(_ count: Int) }
    }

    """

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("spi-module-\(UUID().uuidString)")
    let modules = folder.appendingPathComponent("Modules")
    let graphs = folder.appendingPathComponent("graphs")
    for directory in [modules, graphs] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    let library = folder.appendingPathComponent("Lib.swift")
    let extensions = folder.appendingPathComponent("Holder+Protocols.swift")
    try Self.library.write(to: library, atomically: true, encoding: .utf8)
    try Self.extensions.write(to: extensions, atomically: true, encoding: .utf8)
    try Self.run([
      "swiftc", "-emit-module", "-parse-as-library", "-module-name", "Lib",
      "-emit-module-path", modules.appendingPathComponent("Lib.swiftmodule").path,
      library.path, extensions.path,
    ])
    let info = try Self.run(["swiftc", "-print-target-info"])
    let json = try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any]
    let triple = try #require((json?["target"] as? [String: Any])?["triple"] as? String)
    try Self.run([
      "swift-symbolgraph-extract", "-target", triple, "-module-name", "Lib",
      "-I", modules.path, "-output-dir", graphs.path, "-minimum-access-level", "internal",
      "-skip-synthesized-members", "-include-spi-symbols",
    ])
    symbolGraph = try Data(contentsOf: graphs.appendingPathComponent("Lib.symbols.json"))
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  @discardableResult
  private static func run(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: output, as: UTF8.self)
    try #require(process.terminationStatus == 0, "\(arguments[0]) failed: \(text)")
    return text
  }
}
