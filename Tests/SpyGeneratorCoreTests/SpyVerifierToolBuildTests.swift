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
    try "static inline int cshim_count(void) { return 1; }\n".write(
      to: header,
      atomically: true,
      encoding: .utf8
    )
    let map = include.appendingPathComponent("module.modulemap")
    try "module CShim {\n  header \"cshim.h\"\n  export *\n}\n".write(
      to: map,
      atomically: true,
      encoding: .utf8
    )
    try "module CShim {\n  header \"\(header.path)\"\n  export *\n}\n".write(
      to: toolMap.appendingPathComponent("module.modulemap"),
      atomically: true,
      encoding: .utf8
    )
    let source = root.appendingPathComponent("Shimmed.swift")
    try "import CShim\npublic protocol Counting { func count() -> Int32 }\n".write(
      to: source,
      atomically: true,
      encoding: .utf8
    )
    func command(modules: String, map: URL) -> [String] {
      [
        "swiftc", "-module-name", "Shimmed", "-emit-module", "-parse-as-library",
        "-emit-module-path", build.appendingPathComponent("\(modules)/Shimmed.swiftmodule").path,
        "-Xcc", "-fmodule-map-file=\(map.path)", source.path,
      ]
    }
    let compile = command(modules: "Modules", map: map)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = compile
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
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
    try manifest.write(
      to: root.appendingPathComponent(".build/debug.yaml"),
      atomically: true,
      encoding: .utf8
    )
    let spy = SpyGenerator.File(
      name: "ShimmedSpy.swift",
      contents: "import Shimmed\nfinal class ShimmedSpy: Counting { func count() -> Int32 { 0 } }\n"
    )
    #expect(try SpyVerifier(buildFolder: build).failures(in: [spy]) == [:])
  }
}
