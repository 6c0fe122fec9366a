import Foundation
import _SpyGeneratorCore

// generate-spies: reads a module's symbol graph, writes one spy per protocol into a folder.
// The `generate-spies` command plugin runs it; see `generate-spies --help`.

let usage = """
  USAGE: generate-spies --symbol-graph <file> --output <folder> [options]

  OPTIONS:
    --symbol-graph <file>   The module's <Module>.symbols.json.
    --output <folder>       Where the spies go, one <Protocol>Spy.swift each.
    --protocol <name>       Generate a spy for this protocol only (repeatable).
    --marker                Only protocols whose doc comment has a line `spy: generate`.
    --class <name>          Generate a subclass spy for this open class (repeatable).
    --check                 Write nothing; fail if a file in --output is missing or stale.
    --command <text>        The command the files' header shows to regenerate them.
  """

var symbolGraph: String?
var output: String?
var protocols: [String] = []
var classes: [String] = []
var marker = false
var check = false
var command = "swift package generate-spies"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--symbol-graph": symbolGraph = arguments.popFirst()
  case "--output": output = arguments.popFirst()
  case "--protocol": protocols += arguments.popFirst().map { [$0] } ?? []
  case "--class": classes += arguments.popFirst().map { [$0] } ?? []
  case "--marker": marker = true
  case "--check": check = true
  case "--command": command = arguments.popFirst() ?? command
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    FileHandle.standardError.write(Data("error: unknown argument \(argument)\n\(usage)\n".utf8))
    exit(64)
  }
}
guard let symbolGraph, let output else {
  FileHandle.standardError.write(Data("error: --symbol-graph and --output are required\n".utf8))
  exit(64)
}

do {
  let generator = SpyGenerator(
    options: SpyGenerator.Options(
      protocols: protocols,
      classes: classes,
      marker: marker ? SpyGenerator.defaultMarker : nil,
      command: command
    )
  )
  let result = try generator.generate(
    symbolGraph: Data(contentsOf: URL(fileURLWithPath: symbolGraph))
  )
  for diagnostic in result.diagnostics {
    FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
  }
  let folder = URL(fileURLWithPath: output, isDirectory: true)
  let outcome = try SpyFiles(folder: folder).apply(result.files, checkOnly: check)
  for line in outcome.messages { print(line) }
  let failed = !outcome.problems.isEmpty || result.diagnostics.contains { $0.severity == .error }
  for problem in outcome.problems {
    FileHandle.standardError.write(Data("error: \(problem)\n".utf8))
  }
  exit(failed ? 1 : 0)
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
