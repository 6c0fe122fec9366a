import Foundation
import TestSupport
import Testing
import _SpyGeneratorCore

/// The compiler check of generated spies: what it catches, and where it puts the blame.
@Suite(TimeLimits.waiting) struct SpyVerifierTests {
  /// `swiftc -typecheck` stops before the checks that run on SIL: a missing `return`, a stored
  /// property an initializer leaves uninitialized, a non-Sendable value sent across isolation.
  @Test func errorsFoundAfterTypeCheckingAreCaughtAndBlamedOnTheirFile() throws {
    let folder = try tinyModuleFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let good = SpyGenerator.File(
      name: "GoodSpy.swift",
      contents: "import Tiny\nfinal class GoodSpy: Greeting { func greet() -> String { \"\" } }\n"
    )
    let missingReturn = SpyGenerator.File(
      name: "ReturnSpy.swift",
      contents: """
        import Tiny
        final class ReturnSpy: Greeting {
          func greet() -> String { if Bool.random() { return "" } }
        }

        """
    )
    let uninitialized = SpyGenerator.File(
      name: "InitSpy.swift",
      contents: """
        import Tiny
        final class InitSpy: Greeting {
          let text: String
          init() {}
          func greet() -> String { text }
        }

        """
    )
    let failures = try SpyVerifier(buildFolder: folder).failures(
      in: [good, missingReturn, uninitialized]
    )
    #expect(failures.keys.sorted() == ["InitSpy.swift", "ReturnSpy.swift"])
    #expect(failures["ReturnSpy.swift"]?.contains("missing return") == true)
    #expect(failures["InitSpy.swift"]?.contains("without initializing") == true)
  }

  @Test func aTypeErrorAndALaterErrorInAnotherFileAreBothFound() throws {
    let folder = try tinyModuleFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let typeError = SpyGenerator.File(
      name: "TypeSpy.swift",
      contents: "import Tiny\nfinal class TypeSpy: Greeting { func greet() -> Int { 0 } }\n"
    )
    let missingReturn = SpyGenerator.File(
      name: "ReturnSpy.swift",
      contents: "import Tiny\nfinal class ReturnSpy: Greeting {\n"
        + "  func greet() -> String { if Bool.random() { return \"\" } }\n}\n"
    )
    let failures = try SpyVerifier(buildFolder: folder).failures(in: [typeError, missingReturn])
    #expect(failures.keys.sorted() == ["ReturnSpy.swift", "TypeSpy.swift"])
  }

  /// Many spies are shared between compilers, one per core: the failures of every share count.
  @Test func failuresInEveryShareOfManySpiesAreFound() throws {
    let folder = try tinyModuleFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = (0..<120).map { index in
      let result = index == 7 || index == 110 ? "Int { 0 }" : "String { \"\" }"
      return SpyGenerator.File(
        name: "S\(index)Spy.swift",
        contents: "import Tiny\nfinal class S\(index)Spy: Greeting { func greet() -> \(result) }\n"
      )
    }
    let failures = try SpyVerifier(buildFolder: folder).failures(in: files)
    #expect(failures.keys.sorted() == ["S110Spy.swift", "S7Spy.swift"])
  }
}

/// A build folder holding one tiny module, `Tiny`, with `protocol Greeting`.
func tinyModuleFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("verify-\(UUID().uuidString)")
  let modules = folder.appendingPathComponent("Modules")
  try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
  let source = folder.appendingPathComponent("Tiny.swift")
  try "public protocol Greeting { func greet() -> String }\n".write(
    to: source,
    atomically: true,
    encoding: .utf8
  )
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "swiftc", "-emit-module", "-parse-as-library", "-module-name", "Tiny",
    "-emit-module-path", modules.appendingPathComponent("Tiny.swiftmodule").path, source.path,
  ]
  try process.run()
  process.waitUntilExit()
  try #require(process.terminationStatus == 0)
  return folder
}

/// The modules of real packages: C modules with the package's own module map, found through the
/// flags SwiftPM compiled them with; a failure that is not a spy's is an error, never a drop.
@Suite(TimeLimits.waiting) struct SpyVerifierModuleTests {
  @Test func aModuleBuiltOnACModuleWithItsOwnModuleMapIsVerified() throws {
    let folder = try shimmedModuleFolder(withBuildManifest: true)
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let failures = try SpyVerifier(buildFolder: folder.build).failures(in: [shimmedSpy])
    #expect(failures.isEmpty)
  }

  @Test func aCompilerFailureThatNoSpyCausedIsAnErrorNotADroppedSpy() throws {
    let folder = try shimmedModuleFolder(withBuildManifest: false)
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let other = SpyGenerator.File(
      name: "OtherSpy.swift",
      contents: shimmedSpy.contents.replacingOccurrences(of: "Shimmed", with: "Other")
    )
    #expect(throws: SpyVerifier.Error.self) {
      try SpyVerifier(buildFolder: folder.build).failures(in: [shimmedSpy, other])
    }
  }

  @Test func aSpyIsCompiledWithTheStrictSettingsOfTheCorpus() throws {
    let folder = try tinyModuleFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // `Greeting` as a plain existential: an error under `ExistentialAny`.
    let plain = SpyGenerator.File(
      name: "PlainSpy.swift",
      contents: "import Tiny\nfinal class PlainSpy: Greeting { func greet() -> String { \"\" } "
        + "func other(_ g: Greeting) {} }\n"
    )
    let failures = try SpyVerifier(buildFolder: folder).failures(in: [plain])
    #expect(failures.keys.sorted() == ["PlainSpy.swift"])
  }

  private var shimmedSpy: SpyGenerator.File {
    SpyGenerator.File(
      name: "ShimmedSpy.swift",
      contents: "import Shimmed\nfinal class ShimmedSpy: Counting { func count() -> Int32 { 0 } }\n"
    )
  }

  /// A build folder `<root>/.build/debug` holding `Shimmed`, a Swift module that imports the C
  /// module `CShim` whose module map lies in the package's sources (`Sources/CShim/include`), as
  /// swift-atomics' `_AtomicsShims` does; with `withBuildManifest`, the `debug.yaml` SwiftPM
  /// writes beside it, whose compiler commands name that folder.
  private func shimmedModuleFolder(
    withBuildManifest: Bool
  ) throws -> (root: URL, build: URL) {
    let fileManager = FileManager.default
    let root = fileManager.temporaryDirectory.appendingPathComponent("shim-\(UUID().uuidString)")
    let include = root.appendingPathComponent("Sources/CShim/include")
    let build = root.appendingPathComponent(".build/debug")
    let modules = build.appendingPathComponent("Modules")
    try fileManager.createDirectory(at: include, withIntermediateDirectories: true)
    try fileManager.createDirectory(at: modules, withIntermediateDirectories: true)
    try "static inline int cshim_count(void) { return 1; }\n".write(
      to: include.appendingPathComponent("cshim.h"),
      atomically: true,
      encoding: .utf8
    )
    try "module CShim {\n  header \"cshim.h\"\n  export *\n}\n".write(
      to: include.appendingPathComponent("module.modulemap"),
      atomically: true,
      encoding: .utf8
    )
    let source = root.appendingPathComponent("Shimmed.swift")
    try "import CShim\npublic protocol Counting { func count() -> Int32 }\n".write(
      to: source,
      atomically: true,
      encoding: .utf8
    )
    let arguments = [
      "swiftc", "-emit-module", "-parse-as-library", "-module-name", "Shimmed",
      "-emit-module-path", modules.appendingPathComponent("Shimmed.swiftmodule").path,
      "-Xcc", "-I", "-Xcc", include.path, source.path,
    ]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    if withBuildManifest {
      let quoted = arguments.map { "\"\($0)\"" }.joined(separator: ",")
      let manifest =
        "client:\n  name: basic\ncommands:\n  \"C.Shimmed-debug.module\":\n"
        + "    tool: shell\n    args: [\(quoted)]\n"
      try manifest.write(
        to: root.appendingPathComponent(".build/debug.yaml"),
        atomically: true,
        encoding: .utf8
      )
    }
    return (root, build)
  }
}
