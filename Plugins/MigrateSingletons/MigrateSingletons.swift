import Foundation
import PackagePlugin

/// `swift package migrate-singletons`: asks SwiftPM for each target's symbol graph and runs the
/// `migrate-singletons` tool on the target's sources.
///
/// Without options it prints the plan and a unified diff of every target of
/// `migrate-singletons.json` (or of `--target`); `--apply` writes it once the migrated package
/// builds; `--check` fails when a target has a shared instance that is not a box.
@main
struct MigrateSingletons: CommandPlugin {
  static let configurationFile = "migrate-singletons.json"
  static let usage =
    "usage: swift package migrate-singletons [--target <Target>]… [--check] "
    + "[--extract-protocol --spies <folder>] [--allow <Type.name>]… [--class <Class>]…\n"
    + "       swift package --allow-writing-to-package-directory migrate-singletons --apply "
    + "[--no-verify] [--target <Target>]… [the options above]\n"
    + "Without --target, every target of \(configurationFile). Only --apply writes into the "
    + "package, so only it needs --allow-writing-to-package-directory."

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    if arguments.contains("--help") || arguments.contains("-h") {
      try printHelp(tool: context.tool(named: "migrate-singletons").url)
      return
    }
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    let passedOn = extractor.extractPassedOn(
      options: ["allow", "class", "spies"],
      flags: ["extract-protocol", "apply", "no-verify", "check"]
    )
    let apply = passedOn.contains("--apply")
    let check = passedOn.contains("--check")
    try extractor.rejectRemaining(usage: Self.usage)
    let configuration = try ConfiguredTargets(
      fileName: Self.configurationFile,
      in: context.package,
      shape: "{ \"targets\": [ { \"target\": … } ] }"
    )
    var sources: [SourceModuleTarget] = []
    for name in try configuration.selected(given: targetNames, usage: Self.usage) {
      let source = try context.package.sourceTarget(named: name)
      guard source.kind != .test else {
        throw PluginError("\(name) is not a Swift source target (test targets are not migrated)")
      }
      sources.append(source)
    }

    // --apply writes the migrated sources; a plan, --check and --help write nothing.
    if apply {
      try requireWriteAccess(
        to: context.package.directoryURL,
        rerun: "swift package --allow-writing-to-package-directory migrate-singletons --apply"
      )
    }

    let tool = try context.tool(named: "migrate-singletons")
    var failed: [String] = []
    for target in sources {
      var options = PackageManager.SymbolGraphOptions(minimumAccessLevel: .private)
      options.includeSynthesized = false
      let graphs = try packageManager.getSymbolGraph(for: target, options: options)
      let graph = graphs.directoryURL.appending(path: "\(target.moduleName).symbols.json")
      var toolArguments = [
        "--package", context.package.directoryURL.path(),
        "--sources", target.directoryURL.path(),
        "--module", target.moduleName,
      ]
      // The targets that depend on it, its tests and the package's other modules: the members
      // they use through an instance join its protocol.
      for user in context.package.targets.compactMap({ $0 as? SourceModuleTarget })
      where user.name != target.name
        && user.recursiveTargetDependencies.contains(where: { $0.name == target.name })
      {
        toolArguments += ["--uses", user.directoryURL.path()]
      }
      if FileManager.default.fileExists(atPath: graph.path()) {
        toolArguments += ["--symbol-graph", graph.path()]
      }
      if configuration.lists(target.name) {
        toolArguments += ["--config", configuration.url.path(), "--target", target.name]
      }
      toolArguments += passedOn
      // A tool whose plugin SwiftPM killed outright stops its build instead of going on alone.
      toolArguments.append("--stop-with-parent")
      if try runTool(tool.url, toolArguments) != 0 { failed.append(target.name) }
    }
    guard failed.isEmpty else {
      throw PluginError(
        check
          ? "\(failed.joined(separator: ", ")) declare shared instances that are not boxes (see above)"
          : "migrate-singletons failed for \(failed.joined(separator: ", ")) (see above)"
      )
    }
  }

  /// Prints how to call the plugin, then the tool's options (the plugin passes `--package`,
  /// `--sources`, `--uses`, `--symbol-graph`, `--module`, `--config` and `--stop-with-parent`
  /// itself).
  func printHelp(tool: URL) throws {
    print(
      """
      OVERVIEW: Rewrites a target's singletons into Resettable boxes whose call sites compile
      unchanged (see "Migrating existing singletons" in the SharedInstances documentation).

      \(Self.usage)

      The plugin finds each target's sources, the targets that use it, its symbol graph and its
      entry in \(Self.configurationFile), and runs the migrate-singletons tool with them; every
      other option below is passed on as it is.

      """
    )
    try runTool(tool, ["--help"])
  }
}
