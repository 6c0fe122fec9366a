import Foundation
import Testing
import _SpyGeneratorCore

/// The compiler check of generated spies: what it catches, and where it puts the blame.
@Suite struct SpyVerifierTests {
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
