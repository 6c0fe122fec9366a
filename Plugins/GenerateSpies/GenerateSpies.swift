import Foundation
import PackagePlugin

/// `swift package generate-spies --target App --output Tests/AppTests/Spies`: asks SwiftPM for
/// the target's symbol graph and runs the `generate-spies` tool on it.
@main
struct GenerateSpies: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    let outputs = extractor.extractOption(named: "output")
    let protocols = extractor.extractOption(named: "protocol")
    let classes = extractor.extractOption(named: "class")
    let check = extractor.extractFlag(named: "check") > 0
    let marker = extractor.extractFlag(named: "marker") > 0
    guard targetNames.count == 1, let targetName = targetNames.first,
      outputs.count == 1, let output = outputs.first
    else {
      throw PluginError(
        "usage: swift package generate-spies --target <Target> --output <folder> "
          + "[--protocol <P>]… [--class <C>]… [--marker] [--check]"
      )
    }
    guard extractor.remainingArguments.isEmpty else {
      throw PluginError("unknown arguments: \(extractor.remainingArguments.joined(separator: " "))")
    }
    let targets = try context.package.targets(named: [targetName])
    guard let target = targets.first as? SourceModuleTarget else {
      throw PluginError("\(targetName) is not a Swift source target")
    }
    let outputURL = context.package.directoryURL.appending(path: output)
    // Internal protocols too: their spies use `@testable import`.
    var options = PackageManager.SymbolGraphOptions(minimumAccessLevel: .internal)
    options.includeSynthesized = false
    let graphs = try packageManager.getSymbolGraph(for: target, options: options)
    let graph = graphs.directoryURL.appending(path: "\(target.moduleName).symbols.json")

    // The same header in write and check mode, or --check would always find the files stale.
    var command = ["swift package --allow-writing-to-package-directory generate-spies"]
    command += ["--target", targetName, "--output", output]
    command += protocols.flatMap { ["--protocol", $0] }
    command += classes.flatMap { ["--class", $0] }
    if marker { command.append("--marker") }
    var toolArguments = [
      "--symbol-graph", graph.path(),
      "--output", outputURL.path(),
      "--command", command.joined(separator: " "),
    ]
    toolArguments += protocols.flatMap { ["--protocol", $0] }
    toolArguments += classes.flatMap { ["--class", $0] }
    if marker { toolArguments.append("--marker") }
    if check { toolArguments.append("--check") }

    let tool = try context.tool(named: "generate-spies")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = toolArguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw PluginError(
        check
          ? "spies in \(output) are not up to date with \(targetName) (see above)"
          : "generate-spies failed (see above)"
      )
    }
  }
}

/// A failure the plugin reports to SwiftPM.
struct PluginError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
