import Foundation
import Testing
import _SpyGeneratorCore

/// A real module compiled from `sources` in a temporary folder, and its symbol graph as the
/// plugin asks SwiftPM for it (internal and up, SPI included, no synthesized members), so that
/// a test generates spies from what the compiler says and compiles them against the module.
struct CompiledModule {
  let folder: URL
  let symbolGraph: Data

  /// Compiles `sources` (file name: contents) into the module `name`.
  init(_ name: String, sources: [String: String]) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("compiled-module-\(UUID().uuidString)")
    let modules = folder.appendingPathComponent("Modules")
    let graphs = folder.appendingPathComponent("graphs")
    for directory in [modules, graphs] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    var paths: [String] = []
    for (file, contents) in sources.sorted(by: { $0.key < $1.key }) {
      let url = folder.appendingPathComponent(file)
      try contents.write(to: url, atomically: true, encoding: .utf8)
      paths.append(url.path)
    }
    try Self.run(
      [
        "swiftc", "-emit-module", "-parse-as-library", "-module-name", name,
        "-emit-module-path", modules.appendingPathComponent("\(name).swiftmodule").path,
      ] + paths
    )
    let info = try Self.run(["swiftc", "-print-target-info"])
    let json = try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any]
    let triple = try #require((json?["target"] as? [String: Any])?["triple"] as? String)
    try Self.run([
      "swift-symbolgraph-extract", "-target", triple, "-module-name", name,
      "-I", modules.path, "-output-dir", graphs.path, "-minimum-access-level", "internal",
      "-skip-synthesized-members", "-include-spi-symbols",
    ])
    symbolGraph = try Data(contentsOf: graphs.appendingPathComponent("\(name).symbols.json"))
  }

  /// The spies among `files` that do not compile against the module and this package's
  /// `SharedInstancesTesting` (beside the running tests), each with its first error.
  func failures(of files: [SpyGenerator.File]) throws -> [String: String] {
    let tests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let testing = tests.appendingPathComponent("Modules/SharedInstancesTesting.swiftmodule")
    try #require(FileManager.default.fileExists(atPath: testing.path), "no \(testing.path)")
    return try SpyVerifier(buildFolders: [folder, tests]).failures(in: files)
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  @discardableResult
  private static func run(_ arguments: [String]) throws -> String {
    let (status, output) = try runTool(arguments)
    try #require(status == 0, "\(arguments[0]) failed: \(output)")
    return output
  }
}

/// Runs a program of the toolchain (`swiftc`, `swift format`) found on `PATH`, and returns its
/// exit status and what it printed, standard output and error together.
func runTool(_ arguments: [String]) throws -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
