import Foundation

/// Type-checks generated spies with the Swift compiler against a build folder, so that a spy
/// the generator's rules got wrong is reported and never written.
///
/// All files go to one `swiftc -typecheck` run (a fraction of a second per hundred spies); the
/// compiler's errors are attributed to the files they name.
///
/// ```swift
/// let verifier = SpyVerifier(buildFolder: URL(fileURLWithPath: ".build/debug"))
/// let failures = try verifier.failures(in: output.files)   // ["AccountSpy.swift": "error: …"]
/// ```
public struct SpyVerifier {
  /// A build folder the verifier cannot use, or a compiler it cannot run.
  public struct Error: Swift.Error, CustomStringConvertible {
    /// What is wrong and what to do.
    public let description: String
  }

  private let buildFolder: URL
  private let compiler: URL

  /// Verifies against the modules of `buildFolder` (such as `.build/debug`, after
  /// `swift build --build-tests`: it must hold the tested module and `SharedInstancesTesting`).
  ///
  /// ```swift
  /// let verifier = SpyVerifier(buildFolder: URL(fileURLWithPath: ".build/debug"))
  /// ```
  ///
  /// - Parameters:
  ///   - buildFolder: The build folder whose `Modules` (or itself) holds the `.swiftmodule`s.
  ///   - compiler: `swiftc`; by default the one on `PATH`.
  public init(buildFolder: URL, compiler: URL? = nil) {
    self.buildFolder = buildFolder
    self.compiler = compiler ?? URL(fileURLWithPath: "/usr/bin/env")
  }

  /// The files that do not type-check, each with the compiler's first error for it.
  ///
  /// ```swift
  /// for (file, error) in try verifier.failures(in: files) { print(file, error) }
  /// ```
  ///
  /// - Parameter files: Generated spies.
  /// - Returns: The failing files' names, each with its first error.
  /// - Throws: ``Error`` when the build folder has no modules or the compiler cannot run.
  public func failures(in files: [SpyGenerator.File]) throws(Error) -> [String: String] {
    guard !files.isEmpty else { return [:] }
    let fileManager = FileManager.default
    let modules = buildFolder.appendingPathComponent("Modules")
    var isFolder: ObjCBool = false
    let moduleFolder =
      fileManager.fileExists(atPath: modules.path, isDirectory: &isFolder) && isFolder.boolValue
      ? modules : buildFolder
    let contents = (try? fileManager.contentsOfDirectory(atPath: moduleFolder.path)) ?? []
    guard contents.contains(where: { $0.hasSuffix(".swiftmodule") }) else {
      throw Error(
        description: "--verify-with \(buildFolder.path): no Swift modules there. Build first "
          + "(swift build --build-tests) and pass the build folder, such as .build/debug."
      )
    }
    // C modules (a package's own C targets) are found through their module maps.
    let builds = (try? fileManager.contentsOfDirectory(atPath: buildFolder.path)) ?? []
    let moduleMaps = builds.filter { $0.hasSuffix(".build") }.sorted().compactMap { name in
      let map = buildFolder.appendingPathComponent(name).appendingPathComponent("module.modulemap")
      return fileManager.fileExists(atPath: map.path) ? map.path : nil
    }
    let folder = fileManager.temporaryDirectory
      .appendingPathComponent("generate-spies-verify-\(UUID().uuidString)")
    defer { try? fileManager.removeItem(at: folder) }
    var paths: [String: String] = [:]
    do {
      try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
      for file in files {
        let url = folder.appendingPathComponent(file.name)
        try file.contents.write(to: url, atomically: true, encoding: .utf8)
        paths[url.path] = file.name
      }
    } catch {
      throw Error(description: "generate-spies could not write to \(folder.path): \(error)")
    }
    var arguments = compiler.path == "/usr/bin/env" ? ["swiftc"] : []
    arguments += ["-typecheck", "-swift-version", "6", "-I", moduleFolder.path]
    for map in moduleMaps { arguments += ["-Xcc", "-fmodule-map-file=\(map)"] }
    arguments += paths.keys.sorted()
    let output = try run(arguments)
    var failures: [String: String] = [:]
    for line in output.split(separator: "\n") where line.contains(": error: ") {
      guard let path = paths.keys.first(where: { line.hasPrefix($0 + ":") }),
        let name = paths[path], failures[name] == nil
      else { continue }
      failures[name] = String(line.dropFirst(path.count + 1))
    }
    // An error the compiler could not place in a file fails every file: nothing was verified.
    if failures.isEmpty, output.contains("error:"), !output.isEmpty {
      let first = output.split(separator: "\n").first { $0.contains("error:") } ?? ""
      throw Error(
        description: "--verify-with \(buildFolder.path): the compiler failed before checking the "
          + "spies: \(first). Build the test target first (swift build --build-tests)."
      )
    }
    return failures
  }

  private func run(_ arguments: [String]) throws(Error) -> String {
    let process = Process()
    process.executableURL = compiler
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do {
      try process.run()
    } catch {
      throw Error(description: "generate-spies could not run swiftc: \(error)")
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
