import Foundation
import _SingletonMigratorCore
import _SpyGeneratorCore

// migrate-singletons: finds a target's singletons and rewrites each into a Resettable box with
// a computed accessor of the old name and type. The `migrate-singletons` command plugin runs
// it; see `migrate-singletons --help`.

let usage = """
  USAGE: migrate-singletons --package <folder> --sources <folder> [options]

  OPTIONS:
    --package <folder>      The package's root: paths are reported relative to it, and
                            --apply builds a copy of it.
    --sources <folder>      The target's source folder (repeatable).
    --uses <folder>         A folder of code that uses the target but is not migrated, such as
                            its tests (repeatable): with --extract-protocol, the members it uses
                            join the protocols.
    --symbol-graph <file>   The target's <Module>.symbols.json: inferred types, classes of
                            other modules, inferred @MainActor.
    --module <name>         The target's module name (the spies' `@testable import`).
    --config <file>         A migrate-singletons.json; the entry of --target adds its allow,
                            classes, extractProtocol and spies.
    --target <name>         The entry of --config to use.
    --allow <name>          Keep this instance as it is (`Manager.shared`; repeatable); so does a
                            `// shared-instances: allow` comment on the declaration.
    --class <name>          Count static instances of this class of another module (repeatable).
    --extract-protocol      Also extract a protocol from the members the target uses through
                            each instance, type the box with it, and write its spy.
    --spies <folder>        Where the spies go (relative to --package), with --extract-protocol.
    --apply                 Write the migration, after the migrated package (tests included)
                            builds; instances whose rewrite does not compile are left as they
                            are, each with a warning.
    --no-verify             With --apply, write without building first.
    --stop-with-parent      End (stopping the verification build first) when the process that
                            started the tool ends; the plugin passes it.
    --check                 Write nothing; fail, naming file and line, if a shared instance is
                            not a box (and not allowed).
    --round-trip <folder>   A check of the tool itself (repeatable; nothing else is needed): lex
                            every Swift file under the folder, check that its tokens and trivia
                            rebuild it byte for byte, and plan its migration as a target of its
                            own; print each file that fails, then the totals. Exit 1 if one did.

  Without --apply or --check it prints the plan and a unified diff, and writes nothing.

  EXIT STATUS:
    0  planned, applied or checked; warnings may have been printed
    1  --check found shared instances that are not boxes; or the migrated package does not build
       for a reason no instance explains (nothing written); or the configuration is unusable
    64 the command line cannot be used
  """

func fail(_ message: String, status: Int32 = 64) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(status)
}

func standardError(_ line: String) {
  FileHandle.standardError.write(Data("\(line)\n".utf8))
}

var package: String?
var sources: [String] = []
var uses: [String] = []
var symbolGraph: String?
var moduleName: String?
var config: String?
var targetName: String?
var allowed: [String] = []
var classes: [String] = []
var extractProtocol = false
var spies: String?
var apply = false
var verify = true
var check = false
var roundTrip: [String] = []
var stopWithParent = false
var arguments = CommandLine.arguments.dropFirst()
@MainActor func value(of option: String) -> String {
  guard let value = arguments.popFirst() else { fail("\(option) needs a value\n\(usage)") }
  return value
}
while let argument = arguments.popFirst() {
  switch argument {
  case "--package": package = value(of: argument)
  case "--sources": sources.append(value(of: argument))
  case "--uses": uses.append(value(of: argument))
  case "--symbol-graph": symbolGraph = value(of: argument)
  case "--module": moduleName = value(of: argument)
  case "--config": config = value(of: argument)
  case "--target": targetName = value(of: argument)
  case "--allow": allowed.append(value(of: argument))
  case "--class": classes.append(value(of: argument))
  case "--extract-protocol": extractProtocol = true
  case "--spies": spies = value(of: argument)
  case "--apply": apply = true
  case "--no-verify": verify = false
  case "--check": check = true
  case "--round-trip": roundTrip.append(value(of: argument))
  case "--stop-with-parent": stopWithParent = true
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    fail("unknown argument \(argument)\n\(usage)")
  }
}
if !roundTrip.isEmpty {
  exit(runRoundTrip(roundTrip))
}
guard let package else { fail("--package is required\n\(usage)") }
guard !sources.isEmpty else { fail("--sources is required\n\(usage)") }
guard !(apply && check) else { fail("give --apply or --check, not both") }
let packageURL = URL(fileURLWithPath: package).standardizedFileURL
// `--apply`'s verification build runs in a process group of its own, and its compilers in
// theirs: a signal to the tool alone would leave them all running.
VerificationBuild.stopOnTermination()
if stopWithParent { VerificationBuild.stopWhenParentEnds() }

if let config {
  guard let targetName else { fail("--config needs --target: which of its entries to use") }
  let url = URL(fileURLWithPath: config)
  do {
    let configuration = try MigrationConfiguration.parse(
      Data(contentsOf: url),
      file: url.lastPathComponent
    )
    if let entry = configuration.target(named: targetName) {
      allowed += entry.allow
      classes += entry.classes
      extractProtocol = extractProtocol || entry.extractProtocol
      if spies == nil { spies = entry.spies }
    }
  } catch let error as MigrationConfiguration.Error {
    fail(error.description, status: 1)
  } catch {
    fail("cannot read \(config): \(error.localizedDescription)", status: 1)
  }
}
if extractProtocol && spies == nil && !check {
  fail("--extract-protocol needs --spies <folder> (or \"spies\" in migrate-singletons.json)")
}

// The Swift files of some folders, paths relative to the package; a file that is not UTF-8 is
// left out with a warning.
var unreadable: [String] = []
@MainActor func swiftFiles(in folders: [String]) -> [SingletonMigrator.SourceFile] {
  var files: [SingletonMigrator.SourceFile] = []
  for folder in folders {
    let root = URL(fileURLWithPath: folder).standardizedFileURL
    guard let enumerator = FileManager.default.enumerator(atPath: root.path) else {
      fail("cannot read \(folder)", status: 1)
    }
    for case let relative as String in enumerator where relative.hasSuffix(".swift") {
      let url = root.appendingPathComponent(relative)
      var path = url.path
      if path.hasPrefix(packageURL.path + "/") { path.removeFirst(packageURL.path.count + 1) }
      do {
        files.append(try .init(path: path, data: Data(contentsOf: url)))
      } catch let error as SingletonMigrator.SourceFile.Unreadable {
        unreadable.append(error.description)
      } catch {
        unreadable.append("\(path): warning: cannot read the file (\(error)): it is left out")
      }
    }
  }
  return files.sorted { $0.path < $1.path }
}
let files = swiftFiles(in: sources)
let usageFiles = swiftFiles(in: uses)
for message in unreadable { standardError(message) }

do {
  // Uptime rather than `ContinuousClock`, which needs macOS 13 (the package declares 10.15).
  let start = DispatchTime.now().uptimeNanoseconds
  let graph = try symbolGraph.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
  let migrator = SingletonMigrator(
    options: .init(
      allowed: allowed,
      classes: classes,
      extractProtocol: extractProtocol,
      moduleName: moduleName,
      indentation: swiftFormatIndentation(in: packageURL)
    )
  )
  if check {
    let report = try migrator.check(files: files, symbolGraph: graph)
    for diagnostic in report.diagnostics { standardError(diagnostic.description) }
    for instance in report.instances {
      print(
        SingletonMigrator.checkMessage(
          for: instance,
          refusal: report.refusals[instance.qualifiedName]
        )
      )
    }
    for candidate in report.refused { print(SingletonMigrator.checkMessage(for: candidate)) }
    if !report.failed {
      print("migrate-singletons --check: every shared instance is a box or allowed")
    }
    exit(report.failed ? 1 : 0)
  }
  let migration: SingletonMigrator.Migration
  if apply && verify {
    let verifier = MigrationVerifier(package: packageURL)
    migration = try migrator.migrateVerified(
      files: files,
      usageFiles: usageFiles,
      symbolGraph: graph
    ) { try verifier.rejected($0, spies: spies) }
  } else {
    migration = try migrator.migrate(files: files, usageFiles: usageFiles, symbolGraph: graph)
  }
  for diagnostic in migration.diagnostics { standardError(diagnostic.description) }
  for failure in migration.failures { standardError(failure.description) }
  print(migration.plan)
  if !apply {
    print("")
    print(migration.diff, terminator: "")
    print("(nothing written: run with --apply to write it)")
    exit(0)
  }
  for file in migration.files {
    try Data(file.contents.utf8).write(to: packageURL.appendingPathComponent(file.path))
  }
  if let spies {
    let folder = packageURL.appendingPathComponent(spies)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for file in migration.newFiles {
      try Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.path))
    }
  }
  print(
    "migrate-singletons: wrote \(migration.files.count) file(s) and \(migration.newFiles.count) "
      + "spy file(s), \(migration.linesChanged) lines changed, in "
      + "\(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) seconds"
  )
} catch {
  fail("\(error)", status: 1)
}

/// The indentation a package's `.swift-format` sets (`{"indentation": {"spaces": 4}}` or
/// `{"tabs": 1}`), or nil without one.
func swiftFormatIndentation(in package: URL) -> String? {
  guard
    let data = FileManager.default.contents(
      atPath: package.appendingPathComponent(".swift-format").path
    ),
    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let indentation = object["indentation"] as? [String: Int]
  else { return nil }
  if let spaces = indentation["spaces"], spaces > 0 {
    return String(repeating: " ", count: spaces)
  }
  if let tabs = indentation["tabs"], tabs > 0 { return String(repeating: "\t", count: tabs) }
  return nil
}
