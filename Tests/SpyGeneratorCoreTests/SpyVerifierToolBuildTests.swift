import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// A package whose module SwiftPM also builds for the host's tools (a plugin or a macro uses
/// it, as ordo-one/benchmark's `Benchmark`): the manifest holds a second command for the module,
/// writing into `Modules-tool`, whose module maps (`CShim-tool.build/module.modulemap`) define
/// the C modules again. The verifier reads the flags of the build it verifies against only.
@Suite(TimeLimits.waiting) struct SpyVerifierToolBuildTests {
  @Test func theToolBuildsCommandsOfAModuleAreNotRead() throws {
    let fileManager = FileManager.default
    let root = fileManager.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)")
    defer { try? fileManager.removeItem(at: root) }
    let include = root.appendingPathComponent("Sources/CShim/include")
    let build = root.appendingPathComponent(".build/debug")
    let toolMap = build.appendingPathComponent("CShim-tool.build")
    for folder in [include, build.appendingPathComponent("Modules"), toolMap] {
      try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let header = include.appendingPathComponent("cshim.h")
    try write("static inline int cshim_count(void) { return 1; }\n", to: header)
    let map = include.appendingPathComponent("module.modulemap")
    try write("module CShim {\n  header \"cshim.h\"\n  export *\n}\n", to: map)
    try write(
      "module CShim {\n  header \"\(header.path)\"\n  export *\n}\n",
      to: toolMap.appendingPathComponent("module.modulemap")
    )
    let source = root.appendingPathComponent("Shimmed.swift")
    try write("import CShim\npublic protocol Counting { func count() -> Int32 }\n", to: source)
    func command(modules: String, map: URL) -> [String] {
      [
        "swiftc", "-module-name", "Shimmed", "-emit-module", "-parse-as-library",
        "-emit-module-path", build.appendingPathComponent("\(modules)/Shimmed.swiftmodule").path,
        "-Xcc", "-fmodule-map-file=\(map.path)", source.path,
      ]
    }
    let compile = command(modules: "Modules", map: map)
    try #require(try runTool(compile).status == 0)
    let tool = command(
      modules: "Modules-tool",
      map: toolMap.appendingPathComponent("module.modulemap")
    )
    func quoted(_ arguments: [String]) -> String {
      arguments.map { "\"\($0)\"" }.joined(separator: ",")
    }
    let manifest =
      "client:\n  name: basic\ncommands:\n"
      + "  \"C.Shimmed-debug.module\":\n    tool: shell\n    args: [\(quoted(compile))]\n"
      + "  \"C.Shimmed-debug-tool.module\":\n    tool: shell\n    args: [\(quoted(tool))]\n"
    try write(manifest, to: root.appendingPathComponent(".build/debug.yaml"))
    let spy = SpyGenerator.File(
      name: "ShimmedSpy.swift",
      contents: "import Shimmed\nfinal class ShimmedSpy: Counting { func count() -> Int32 { 0 } }\n"
    )
    #expect(try SpyVerifier(buildFolder: build).failures(in: [spy]) == [:])
  }

  private func write(_ text: String, to url: URL) throws {
    try text.write(to: url, atomically: true, encoding: .utf8)
  }
}
