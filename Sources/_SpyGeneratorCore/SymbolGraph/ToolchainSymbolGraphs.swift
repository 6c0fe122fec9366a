import Foundation

/// The symbol graphs of the toolchain's own modules, read with the toolchain's
/// `swift-symbolgraph-extract`: SwiftPM hands a plugin its package's graphs, never the standard
/// library's, so a protocol refining one of its protocols with requirements
/// (`CodingKey`, `LosslessStringConvertible`, the executors of `_Concurrency`) would get no spy
/// without them.
///
/// ```swift
/// var output = try generator.generate(symbolGraph: data, dependencies: dependencies)
/// let toolchain = output.modulesToRead.filter(ToolchainSymbolGraphs.modules.contains)
/// if !toolchain.isEmpty {
///   let graphs = try toolchain.map { try ToolchainSymbolGraphs().graph(of: $0) }
///   output = try generator.generate(symbolGraph: data, dependencies: dependencies + graphs)
/// }
/// ```
public struct ToolchainSymbolGraphs: Sendable {
  /// The toolchain modules whose graphs it reads: the standard library and the concurrency
  /// module every Swift file imports (`Executor`, `SerialExecutor`, `TaskExecutor`).
  public static let modules: Set = ["Swift", "_Concurrency"]

  /// A failure to read a toolchain module's graph.
  public struct Error: Swift.Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
  }

  /// Creates a reader that runs the `swiftc` and `swift-symbolgraph-extract` on `PATH`.
  ///
  /// ```swift
  /// let graph = try ToolchainSymbolGraphs().graph(of: "Swift")
  /// ```
  public init() {}

  /// The symbol graph of a toolchain module, public symbols only, for the host.
  ///
  /// ```swift
  /// let standardLibrary = try ToolchainSymbolGraphs().graph(of: "Swift")
  /// ```
  ///
  /// - Parameter module: A module of ``modules``.
  /// - Returns: The contents of its `<Module>.symbols.json`.
  /// - Throws: ``Error`` when the tools cannot run or write no graph.
  public func graph(of module: String) throws(Error) -> Data {
    let info = try run(["swiftc", "-print-target-info"])
    guard
      let json = try? JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any],
      let target = json["target"] as? [String: Any],
      let triple = target["triple"] as? String
    else {
      throw Error(description: "swiftc -print-target-info named no target: \(info.prefix(300))")
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("generate-spies-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw Error(description: "generate-spies could not create \(folder.path): \(error)")
    }
    let output = try run([
      "swift-symbolgraph-extract", "-target", triple, "-module-name", module,
      "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", folder.path,
    ])
    // The toolchain writes `_Concurrency`'s symbols as the standard library's
    // (`_Concurrency@Swift.symbols.json`): the one file named after the module is its graph.
    let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let extensions = written.filter { $0.hasPrefix("\(module)@") && $0.hasSuffix(".symbols.json") }
    let name =
      written.contains("\(module).symbols.json") || extensions.count != 1
      ? "\(module).symbols.json" : extensions[0]
    guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else {
      throw Error(
        description: "swift-symbolgraph-extract wrote no graph of \(module): \(output.prefix(300))"
      )
    }
    return data
  }

  private func run(_ arguments: [String]) throws(Error) -> String {
    do {
      return try ToolProcess(executable: URL(fileURLWithPath: "/usr/bin/env"))
        .output(arguments, name: arguments[0])
    } catch {
      throw Error(description: error.description)
    }
  }
}
