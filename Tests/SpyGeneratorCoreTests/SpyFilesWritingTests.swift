import Foundation
import Testing
import _SpyGeneratorCore

/// How the output folder's files are written: whole, replaced, and never over a file that is
/// not the generator's.
@Suite struct SpyFilesWritingTests {
  @Test func aFileThatIsNotUTF8TextIsLeftAloneAndReported() throws {
    let folder = try writingFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("ASpy.swift")
    let bytes = Data([0xFF, 0xFE, 0x00, 0x41])  // not UTF-8: somebody's file
    try bytes.write(to: url)
    let file = SpyGenerator.File(name: "ASpy.swift", contents: SpyFiles.generatedMarker + "\n")
    let outcome = try SpyFiles(folder: folder).apply([file], checkOnly: false)
    #expect(try Data(contentsOf: url) == bytes)
    #expect(outcome.problems.count == 1)
    #expect(outcome.problems.first?.contains("ASpy.swift cannot be read as UTF-8") == true)
  }

  @Test func aLongerFileIsReplacedWholeByAShorterOne() throws {
    let folder = try writingFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = SpyGenerator.File(
      name: "ASpy.swift",
      contents: SpyFiles.generatedMarker + "\n" + String(repeating: "x", count: 100_000) + "\n"
    )
    let short = SpyGenerator.File(name: "ASpy.swift", contents: SpyFiles.generatedMarker + "\n")
    _ = try SpyFiles(folder: folder).apply([long], checkOnly: false)
    let outcome = try SpyFiles(folder: folder).apply([short], checkOnly: false)
    #expect(outcome.messages == ["updated ASpy.swift"])
    let url = folder.appendingPathComponent("ASpy.swift")
    #expect(try String(contentsOf: url, encoding: .utf8) == short.contents)
  }
}

private func writingFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("SpyFilesWritingTests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}
