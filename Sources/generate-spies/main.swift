import Foundation
import _SpyGeneratorCore

// generate-spies: reads a module's symbol graph, writes one spy per protocol into a folder.
// The `generate-spies` command plugin runs it; see `generate-spies --help`.

let usage = """
  USAGE: generate-spies --symbol-graph <file> --output <folder> [options]
         generate-spies --symbol-graph <file> --config <generate-spies.json> --target <name> [options]

  OPTIONS:
    --symbol-graph <file>   The module's <Module>.symbols.json.
    --dependency-graph <file>
                            The <Module>.symbols.json of a module it depends on (repeatable):
                            a protocol refining one of its protocols gets a spy that
                            implements the parent's requirements; its protocols get none.
    --output <folder>       Where the spies go, one <Protocol>Spy.swift each.
    --config <file>         A generate-spies.json: the entry of --target gives the output folder
                            (relative to the file's folder), protocols, skip, classes, marker;
                            options given here add to it.
    --target <name>         The entry of --config to use.
    --protocol <name>       Generate a spy for this protocol only (repeatable).
    --skip <name>           Leave this protocol out (repeatable); so does a doc-comment line
                            `spy: skip`.
    --marker                Only protocols whose doc comment has a line `spy: generate`.
    --class <name>          Generate a subclass spy for this open class (repeatable).
    --spy-defaults <name>   Implement and record the requirements of this protocol that its
                            module implements in an extension (repeatable; or one requirement,
                            Protocol.name(label:)). Without it, the spy leaves them to that
                            implementation, which the real library's code then runs.
    --public-only           Only public and open protocols (a dependency's module).
    --verify-with <folder>  Compile every spy (to SIL: type checks, definite initialization,
                            missing returns, isolation) against the modules of a build folder,
                            such as .build/debug after `swift build --build-tests` (repeatable:
                            module search paths, in order); a spy that does not compile is not
                            written, and a diagnostic names its protocol and the error.
    --check                 Write nothing; fail if a file in --output is missing or stale.
    --command <text>        The command the files' header shows to regenerate them.

  A protocol that cannot be spied (or whose spy does not compile, with --verify-with) gets no
  file and a warning naming the protocol, the requirement, the reason and the way out: write
  its spy by hand, or leave it out (a doc-comment line `spy: skip`, --skip, or "skip" in
  generate-spies.json). Every other spy is still written.

  EXIT STATUS:
    0  every spy written (or, with --check, up to date); warnings may have been printed
    1  a protocol or class named with --protocol or --class got no spy (the others were
       written); with --check, a spy is missing, stale or no longer generated; a file in the
       output folder that generate-spies did not write has the name of a spy; or
       generate-spies.json cannot be used
    64 the command line cannot be used
  """

func fail(_ message: String, status: Int32 = 64) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(status)
}

var symbolGraph: String?
var output: String?
var config: String?
var targetName: String?
var protocols: [String] = []
var skip: [String] = []
var classes: [String] = []
var marker = false
var spyDefaults: [String] = []
var publicOnly = false
var check = false
var verifyWith: [String] = []
var dependencyGraphs: [String] = []
var command = "swift package generate-spies"
var arguments = CommandLine.arguments.dropFirst()
@MainActor func value(of option: String) -> String {
  guard let value = arguments.popFirst() else { fail("\(option) needs a value\n\(usage)") }
  return value
}
while let argument = arguments.popFirst() {
  switch argument {
  case "--symbol-graph": symbolGraph = value(of: argument)
  case "--dependency-graph": dependencyGraphs.append(value(of: argument))
  case "--output": output = value(of: argument)
  case "--config": config = value(of: argument)
  case "--target": targetName = value(of: argument)
  case "--protocol": protocols.append(value(of: argument))
  case "--skip": skip.append(value(of: argument))
  case "--class": classes.append(value(of: argument))
  case "--marker": marker = true
  case "--spy-defaults": spyDefaults.append(value(of: argument))
  case "--public-only": publicOnly = true
  case "--check": check = true
  case "--verify-with": verifyWith.append(value(of: argument))
  case "--command": command = value(of: argument)
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    fail("unknown argument \(argument)\n\(usage)")
  }
}
guard let symbolGraph else { fail("--symbol-graph is required\n\(usage)") }

if let config {
  guard let targetName else { fail("--config needs --target: which of its entries to use") }
  let url = URL(fileURLWithPath: config)
  let configuration: SpyConfiguration
  do {
    configuration = try SpyConfiguration.parse(
      Data(contentsOf: url),
      file: url.lastPathComponent
    )
  } catch let error as SpyConfiguration.Error {
    fail(error.description, status: 1)
  } catch {
    fail("cannot read \(config): \(error.localizedDescription)", status: 1)
  }
  guard let entry = configuration.target(named: targetName) else {
    fail(
      "\(url.lastPathComponent) has no entry for target \(targetName): add "
        + "{ \"target\": \"\(targetName)\", \"output\": \"…\" } to its \"targets\".",
      status: 1
    )
  }
  if output == nil {
    output = url.deletingLastPathComponent().appendingPathComponent(entry.output).path
  }
  protocols += entry.protocols
  skip += entry.skip
  classes += entry.classes
  spyDefaults += entry.spyDefaults
  marker = marker || entry.marker
}
guard let output else { fail("--output (or --config with --target) is required\n\(usage)") }

do {
  let generator = SpyGenerator(
    options: SpyGenerator.Options(
      protocols: protocols,
      classes: classes,
      marker: marker ? SpyGenerator.defaultMarker : nil,
      skip: skip,
      spyDefaults: spyDefaults,
      publicOnly: publicOnly,
      command: command
    )
  )
  // GENERATE_SPIES_TIMING=1 prints where the time goes (read, generate, verify, write).
  let timing = ProcessInfo.processInfo.environment["GENERATE_SPIES_TIMING"] == "1"
  // Uptime rather than `ContinuousClock`, which needs macOS 13 (the package declares 10.15).
  var phaseStart = DispatchTime.now().uptimeNanoseconds
  func phase(_ name: String) {
    guard timing else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    let seconds = Double(now - phaseStart) / 1e9
    FileHandle.standardError.write(Data("timing: \(name) \(seconds) seconds\n".utf8))
    phaseStart = now
  }
  let data = try Data(contentsOf: URL(fileURLWithPath: symbolGraph))
  phase("read")
  let dependencies = try dependencyGraphs.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
  var result = try generator.generate(symbolGraph: data, dependencies: dependencies)
  // A protocol refining a standard-library protocol the generator has no rule for needs that
  // module's graph, which SwiftPM never hands a plugin: read it from the toolchain, and generate
  // again. When the toolchain cannot give it, the refusal stands, with its reason.
  let toolchainModules = result.modulesToRead.filter(ToolchainSymbolGraphs.modules.contains)
  if !toolchainModules.isEmpty,
    let graphs = try? toolchainModules.map({ module throws(ToolchainSymbolGraphs.Error) in
      try ToolchainSymbolGraphs().graph(of: module)
    })
  {
    result = try generator.generate(symbolGraph: data, dependencies: dependencies + graphs)
  }
  phase("decode and generate")
  if !verifyWith.isEmpty {
    let verifier = SpyVerifier(buildFolders: verifyWith.map { URL(fileURLWithPath: $0) })
    let failures = try verifier.failures(in: result.files)
    result.dropSpies(failing: failures, named: protocols + classes)
  }
  phase("verify")
  for diagnostic in result.diagnostics {
    FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
  }
  let folder = URL(fileURLWithPath: output, isDirectory: true)
  let outcome = try SpyFiles(folder: folder).apply(result.files, checkOnly: check)
  phase(check ? "check" : "write")
  for line in outcome.messages { print(line) }
  let failed = !outcome.problems.isEmpty || result.failsTheRun
  for problem in outcome.problems {
    FileHandle.standardError.write(Data("error: \(problem)\n".utf8))
  }
  exit(failed ? 1 : 0)
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
