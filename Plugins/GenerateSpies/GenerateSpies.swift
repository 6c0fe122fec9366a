import Foundation
import PackagePlugin

/// `swift package generate-spies`: asks SwiftPM for each configured target's symbol graph and
/// runs the `generate-spies` tool on it.
///
/// With a `generate-spies.json` at the package's root, no option is needed: every target it
/// lists is generated (or, with `--check`, checked). Without one, name the target and the output
/// folder: `--target App --output Tests/AppTests/Spies`. A dependency's module is named with
/// `--module` (or all modules of one of its products with `--product`): its public protocols
/// get spies, `--module GRDB --output Tests/AppTests/GRDBSpies`. With several targets or
/// modules, each one's spies go into a folder of its name inside `--output`.
@main
struct GenerateSpies: CommandPlugin {
  static let configurationFile = "generate-spies.json"
  static let usage =
    "usage: swift package --allow-writing-to-package-directory generate-spies "
    + "[--target <Target>… | --module <dependency's module>… | --product <dependency's product>…] "
    + "[--output <folder>] [--protocol <P>]… [--skip <P>]… [--class <C>]… [--spy-defaults <P>]… "
    + "[--marker] [--no-verify | --verify-with <build folder>…] [--check]; without --target, "
    + "--module or --product, every target of \(configurationFile)"

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    if arguments.contains("--help") || arguments.contains("-h") {
      print(Self.help)
      return
    }
    let options = try Options(arguments)
    // Only a run that writes spies needs the permission; --check writes nothing.
    if !options.check {
      try requireWriteAccess(
        to: context.package.directoryURL,
        rerun: "swift package --allow-writing-to-package-directory generate-spies"
          + arguments.map { " " + $0 }.joined()
      )
    }
    if !options.moduleNames.isEmpty || !options.productNames.isEmpty {
      try generateForDependencies(options, context: context)
    } else {
      try generateForTargets(options, context: context)
    }
  }

  /// What `--help` prints: the options the plugin takes (it finds the symbol graphs and passes
  /// them to the tool itself).
  static let help = """
    OVERVIEW: Generates Spy-based test doubles from the protocols of a target, or of a
    dependency's modules, and checks that they compile before writing them.

    \(usage)

    OPTIONS:
      --target <Target>        A target of this package: its protocols, internal ones too.
      --module <Module>        A module of a dependency (GRDB, Logging): its public protocols.
      --product <Product>      Every module of a dependency's product.
      --output <folder>        Where the spies go, relative to the package; with several
                               targets or modules, a folder of each one's name inside it.
      --protocol <P>           Only this protocol (repeatable).
      --skip <P>               Leave this protocol out (repeatable).
      --class <C>              An open class of the target to spy on by subclassing it.
      --spy-defaults <P>       Record the requirements of P its module implements in an
                               extension too, rather than leave them to that implementation.
      --marker                 Only protocols whose doc comment has a line `spy: generate`.
      --no-verify              Write without compiling each spy first (no build).
      --verify-with <folder>   Compile against an existing build folder instead of building.
      --check                  Write nothing; fail when a spy on disk is not up to date.
      -h, --help               Show this help.

    Writing into the package needs --allow-writing-to-package-directory before the verb;
    --check and --help do not.
    """

  /// The command line, read.
  struct Options {
    let targetNames: [String]
    let moduleNames: [String]
    let productNames: [String]
    let spyDefaults: [String]
    let outputs: [String]
    let protocols: [String]
    let skip: [String]
    let classes: [String]
    let verifyWith: [String]
    let check: Bool
    let verify: Bool
    let marker: Bool

    init(_ arguments: [String]) throws {
      var extractor = ArgumentExtractor(arguments)
      targetNames = extractor.extractOption(named: "target")
      moduleNames = extractor.extractOption(named: "module")
      productNames = extractor.extractOption(named: "product")
      spyDefaults = extractor.extractOption(named: "spy-defaults")
      outputs = extractor.extractOption(named: "output")
      protocols = extractor.extractOption(named: "protocol")
      skip = extractor.extractOption(named: "skip")
      classes = extractor.extractOption(named: "class")
      verifyWith = extractor.extractOption(named: "verify-with")
      check = extractor.extractFlag(named: "check") > 0
      // Every spy is compiled against the real modules before it is written (the package is
      // built first), so that none that does not compile is ever written; --no-verify skips it.
      let noVerify = extractor.extractFlag(named: "no-verify") > 0
      verify = (extractor.extractFlag(named: "verify") > 0 || !noVerify) && verifyWith.isEmpty
      marker = extractor.extractFlag(named: "marker") > 0
      try extractor.rejectRemaining(usage: GenerateSpies.usage)
      guard outputs.count <= 1 else {
        throw PluginError("give --output at most once\n\(GenerateSpies.usage)")
      }
    }

    /// The build folders given with `--verify-with`, relative to the package unless absolute.
    func verifyFolders(in package: Package) -> [URL] {
      verifyWith.map { folder in
        folder.hasPrefix("/")
          ? URL(fileURLWithPath: folder) : package.directoryURL.appending(path: folder)
      }
    }
  }

  /// A dependency's modules (`--module`, `--product`): their public protocols, into `--output`.
  func generateForDependencies(_ options: Options, context: PluginContext) throws {
    var verifyFolders = options.verifyFolders(in: context.package)
    guard let output = options.outputs.first else {
      throw PluginError(
        "where do the spies of a dependency's module go? Pass --output\n\(Self.usage)"
      )
    }
    let modules = try Self.dependencyModules(
      named: options.moduleNames,
      products: options.productNames,
      in: context.package
    )
    var extra =
      options.protocols.flatMap { ["--protocol", $0] } + options.skip.flatMap { ["--skip", $0] }
    extra += options.spyDefaults.flatMap { ["--spy-defaults", $0] }
    if options.marker { extra.append("--marker") }
    if options.check { extra.append("--check") }
    if options.verify { verifyFolders.append(try buildForVerification(context: context)) }
    let tool = try context.tool(named: "generate-spies")
    var failed: [String] = []
    for module in modules {
      let folder = modules.count == 1 ? output : output + "/" + module.moduleName
      var command = "swift package --allow-writing-to-package-directory generate-spies"
      command +=
        options.moduleNames.isEmpty
        ? options.productNames.map { " --product \($0)" }.joined()
        : options.moduleNames.map { " --module \($0)" }.joined()
      command += " --output \(output)"
      var arguments = try symbolGraphArguments(for: module)
      arguments += ["--public-only", "--command", command]
      arguments += ["--output", context.package.directoryURL.appending(path: folder).path()]
      arguments += extra
      for folder in verifyFolders { arguments += ["--verify-with", folder.path()] }
      if try runTool(tool.url, arguments) != 0 { failed.append(module.moduleName) }
    }
    guard failed.isEmpty else {
      throw PluginError("generate-spies failed for \(failed.joined(separator: ", ")) (see above)")
    }
  }

  /// The package's targets (`--target`, or those of the configuration file): their protocols,
  /// internal ones included, into their configured folders or `--output`.
  func generateForTargets(_ options: Options, context: PluginContext) throws {
    var verifyFolders = options.verifyFolders(in: context.package)
    let configuration = try ConfiguredTargets(
      fileName: Self.configurationFile,
      in: context.package,
      shape: "{ \"targets\": [ { \"target\": …, \"output\": … } ] }"
    )
    if options.targetNames.isEmpty, !options.outputs.isEmpty, configuration.names?.isEmpty == false
    {
      throw PluginError("--output needs --target: which target's spies go there\n\(Self.usage)")
    }
    let names = try configuration.selected(given: options.targetNames, usage: Self.usage)
    // Options given on the command line, beyond the target and the output.
    var extra: [String] = []
    extra += options.protocols.flatMap { ["--protocol", $0] }
    extra += options.skip.flatMap { ["--skip", $0] }
    extra += options.classes.flatMap { ["--class", $0] }
    extra += options.spyDefaults.flatMap { ["--spy-defaults", $0] }
    if options.marker { extra.append("--marker") }

    if options.verify { verifyFolders.append(try buildForVerification(context: context)) }

    // Every name checked before any work: a typo fails the run before a file is written.
    var sources: [String: SourceModuleTarget] = [:]
    for targetName in names {
      sources[targetName] = try context.package.sourceTarget(
        named: targetName,
        hint: options.targetNames.isEmpty
          ? ": correct or remove its entry in \(Self.configurationFile)" : ": correct --target"
      )
    }

    let tool = try context.tool(named: "generate-spies")
    var failed: [String] = []
    for targetName in names {
      let inConfiguration = configuration.lists(targetName)
      guard inConfiguration || !options.outputs.isEmpty else {
        throw PluginError(
          "where do the spies of \(targetName) go? Pass --output, or list the target in "
            + "\(Self.configurationFile)\n\(Self.usage)"
        )
      }
      guard let target = sources[targetName] else { continue }
      // The header shows the command that regenerates the file, the same in write and check
      // mode (or --check would always find the files stale). With the configuration file it
      // is the plain command; without it, the command line, with its options counted rather
      // than listed when there are many.
      var command = "swift package --allow-writing-to-package-directory generate-spies"
      if !(inConfiguration && options.outputs.isEmpty && extra.isEmpty) {
        command += " --target \(targetName)"
        if let output = options.outputs.first { command += " --output \(output)" }
        let optionCount = extra.filter { $0.hasPrefix("--") }.count
        if optionCount <= 4 {
          if !extra.isEmpty { command += " " + extra.joined(separator: " ") }
        } else {
          command += " (and \(optionCount) more options: list them in \(Self.configurationFile))"
        }
      }
      var toolArguments = try symbolGraphArguments(for: target) + ["--command", command]
      if inConfiguration {
        toolArguments += ["--config", configuration.url.path(), "--target", targetName]
      }
      if let output = options.outputs.first {
        let folder = names.count == 1 ? output : output + "/" + targetName
        toolArguments += ["--output", context.package.directoryURL.appending(path: folder).path()]
      }
      toolArguments += extra
      for folder in verifyFolders { toolArguments += ["--verify-with", folder.path()] }
      if options.check { toolArguments.append("--check") }

      if try runTool(tool.url, toolArguments) != 0 { failed.append(targetName) }
    }
    guard failed.isEmpty else {
      throw PluginError(
        options.check
          ? "spies of \(failed.joined(separator: ", ")) are not up to date (see above)"
          : "generate-spies failed for \(failed.joined(separator: ", ")) (see above)"
      )
    }
  }

  /// The Swift modules of the package's dependencies (and theirs) named with `--module`, and
  /// those of the products named with `--product`, in the order named.
  static func dependencyModules(
    named modules: [String],
    products: [String],
    in package: Package
  ) throws -> [SourceModuleTarget] {
    var packages: [Package] = []
    var seen: Set<String> = []
    func visit(_ package: Package) {
      for dependency in package.dependencies where seen.insert(dependency.package.id).inserted {
        packages.append(dependency.package)
        visit(dependency.package)
      }
    }
    visit(package)
    var found: [SourceModuleTarget] = []
    for name in modules {
      let target = packages.lazy.flatMap(\.targets).first { $0.name == name }
      guard let source = target as? SourceModuleTarget else {
        throw PluginError(
          "no dependency of \(package.displayName) has a Swift module \(name): correct --module "
            + "(a module its code imports, such as Logging of swift-log)"
        )
      }
      if !found.contains(where: { $0.id == source.id }) { found.append(source) }
    }
    for name in products {
      guard let product = packages.lazy.flatMap(\.products).first(where: { $0.name == name })
      else {
        throw PluginError(
          "no dependency of \(package.displayName) has a product \(name): correct --product"
        )
      }
      for case let source as SourceModuleTarget in product.targets
      where source.kind == .generic && !found.contains(where: { $0.id == source.id }) {
        found.append(source)
      }
    }
    return found
  }

  /// `--symbol-graph` with the module's graph and `--dependency-graph` with each of its
  /// dependencies', the graphs of the protocols the module's protocols refine (a dependency
  /// whose graph cannot be had is left out; a protocol that needed it is then diagnosed).
  ///
  /// Internal and up (a target's internal protocols get spies that use `@testable import`, and
  /// public requirements named with an underscore are only extracted at that level), SPI
  /// included, no synthesized members: a spy must implement every requirement it can see.
  func symbolGraphArguments(for target: SourceModuleTarget) throws -> [String] {
    var options = PackageManager.SymbolGraphOptions(minimumAccessLevel: .internal)
    options.includeSynthesized = false
    options.includeSPI = true
    let graphs = try packageManager.getSymbolGraph(for: target, options: options)
    var arguments = [
      "--symbol-graph",
      graphs.directoryURL.appending(path: "\(target.moduleName).symbols.json").path(),
    ]
    for dependency in Self.dependencyModules(of: target) {
      guard let graphs = try? packageManager.getSymbolGraph(for: dependency, options: options)
      else { continue }
      arguments += [
        "--dependency-graph",
        graphs.directoryURL.appending(path: "\(dependency.moduleName).symbols.json").path(),
      ]
    }
    return arguments
  }

  /// The Swift modules `target` depends on directly: its targets, and the targets of the
  /// products it uses.
  static func dependencyModules(of target: SourceModuleTarget) -> [SourceModuleTarget] {
    var modules: [SourceModuleTarget] = []
    var seen: Set<String> = [target.moduleName]
    func add(_ candidate: any Target) {
      guard let source = candidate as? SourceModuleTarget, source.kind == .generic,
        seen.insert(source.moduleName).inserted
      else { return }
      modules.append(source)
    }
    for dependency in target.dependencies {
      switch dependency {
      case .target(let dependency): add(dependency)
      case .product(let product): product.targets.forEach(add)
      @unknown default: break
      }
    }
    return modules
  }

  /// `--verify`: builds the package, tests included, and returns the build folder whose
  /// modules the spies are compiled against. A failed build still serves: the test targets are
  /// built last, so the modules the spies import are there even when the spies on disk (the
  /// ones about to be replaced) no longer compile.
  func buildForVerification(context: PluginContext) throws -> URL {
    let result = try packageManager.build(
      .all(includingTests: true),
      parameters: .init(configuration: .debug, logging: .concise)
    )
    if !result.succeeded {
      print(
        "note: generate-spies --verify: the build failed; the spies are compiled against the "
          + "modules it built. Its first errors:\n"
          + firstErrors(in: result.logText).joined(separator: "\n")
      )
    }
    // An artifact lies in the build folder; without one, the default scratch path's.
    if let artifact = result.builtArtifacts.first {
      return artifact.url.deletingLastPathComponent()
    }
    return context.package.directoryURL.appending(path: ".build/debug")
  }

  /// The first distinct error lines of a build log.
  func firstErrors(in log: String) -> [String] {
    var seen: Set<Substring> = []
    return log.split(separator: "\n")
      .filter { $0.contains(": error: ") && !$0.hasPrefix(" ") && seen.insert($0).inserted }
      .prefix(5).map(String.init)
  }
}
