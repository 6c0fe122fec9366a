import Foundation

/// Compiles generated spies with the Swift compiler against a build folder, so that a spy the
/// generator's rules got wrong is reported and never written.
///
/// The spies are compiled together to SIL (`swiftc -emit-sil -wmo`, no code generated), which
/// runs the checks a plain `-typecheck` skips: a missing `return`, a property an initializer
/// leaves uninitialized, a non-`Sendable` value sent across isolation. The compiler stops before
/// those checks when any file has a type error, so a failing file is set aside and the rest are
/// compiled again, until they compile; each error is blamed on the file it names. The spies are
/// shared among compilers, one per core (about 9 ms a spy on two cores).
///
/// ```swift
/// let verifier = SpyVerifier(buildFolder: URL(fileURLWithPath: ".build/debug"))
/// let failures = try verifier.failures(in: output.files)   // ["AccountSpy.swift": "error: …"]
/// ```
public struct SpyVerifier: Sendable {
  /// A build folder the verifier cannot use, or a compiler it cannot run.
  public struct Error: Swift.Error, CustomStringConvertible {
    /// What is wrong and what to do.
    public let description: String
  }

  private let buildFolders: [URL]
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
    self.init(buildFolders: [buildFolder], compiler: compiler)
  }

  /// Verifies against the modules of several folders: module search paths, in order.
  ///
  /// ```swift
  /// let verifier = SpyVerifier(buildFolders: [appBuild, sharedInstancesBuild])
  /// ```
  ///
  /// - Parameters:
  ///   - buildFolders: Build folders (their `Modules` folder is searched when they have one)
  ///     or folders of `.swiftmodule`s.
  ///   - compiler: `swiftc`; by default the one on `PATH`.
  public init(buildFolders: [URL], compiler: URL? = nil) {
    self.buildFolders = buildFolders
    self.compiler = compiler ?? URL(fileURLWithPath: "/usr/bin/env")
  }

  /// The files that do not compile, each with the compiler's first error for it.
  ///
  /// ```swift
  /// for (file, error) in try verifier.failures(in: files) { print(file, error) }
  /// ```
  ///
  /// - Parameter files: Generated spies.
  /// - Returns: The failing files' names, each with its first error.
  /// - Throws: ``Error`` when a build folder has no modules, the compiler cannot run, or it
  ///   fails without naming a spy (nothing could be checked).
  public func failures(in files: [SpyGenerator.File]) throws(Error) -> [String: String] {
    guard !files.isEmpty else { return [:] }
    let fileManager = FileManager.default
    var searchArguments: [String] = []
    for buildFolder in buildFolders {
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
      searchArguments += ["-I", moduleFolder.path]
      // The module maps and search paths SwiftPM compiled the imported modules with (a
      // package's own `include/module.modulemap`, system libraries, binary targets), read from
      // the build's manifest; without one, the module maps it generated for C targets.
      let fromManifest = BuildManifest.searchArguments(
        besides: buildFolder,
        forModules: BuildManifest.imports(of: files)
      )
      if let fromManifest {
        searchArguments += fromManifest
      } else {
        let builds = (try? fileManager.contentsOfDirectory(atPath: buildFolder.path)) ?? []
        for name in builds.sorted() where name.hasSuffix(".build") {
          let map = buildFolder.appendingPathComponent(name)
            .appendingPathComponent("module.modulemap")
          if fileManager.fileExists(atPath: map.path) {
            searchArguments += ["-Xcc", "-fmodule-map-file=\(map.path)"]
          }
        }
      }
    }
    searchArguments = BuildManifest.uniqued(searchArguments)
    let folder = fileManager.temporaryDirectory
      .appendingPathComponent("generate-spies-verify-\(UUID().uuidString)")
    defer { try? fileManager.removeItem(at: folder) }
    var names: [String: String] = [:]
    do {
      try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
      for file in files {
        let url = folder.appendingPathComponent(file.name)
        try Data(file.contents.utf8).write(to: url)
        names[url.path] = file.name
      }
    } catch {
      throw Error(description: "generate-spies could not write to \(folder.path): \(error)")
    }
    // One compiler per core, each on its share of the spies: a compiler checks one file at a
    // time, and each spy is checked on its own terms.
    let paths = names.keys.sorted()
    let batches = min(ProcessInfo.processInfo.activeProcessorCount, max(1, paths.count / 50))
    let shares = (0..<batches).map { batch in
      stride(from: batch, to: paths.count, by: batches).map { paths[$0] }
    }
    let (fileNames, search) = (names, searchArguments)
    let results = shares.concurrentMap(evenFew: true) { share in
      Result { () throws(Error) -> [String: String] in
        try failingFiles(amongPaths: share, names: fileNames, searchArguments: search)
      }
    }
    var failures: [String: String] = [:]
    for result in results { failures.merge(try result.get()) { first, _ in first } }
    return failures
  }

  /// Compiles `paths` round by round, setting aside the files the compiler blames.
  private func failingFiles(
    amongPaths paths: [String],
    names: [String: String],
    searchArguments: [String]
  ) throws(Error) -> [String: String] {
    var failures: [String: String] = [:]
    var remaining = Set(paths)
    // Each round sets aside the files the compiler blamed; it reaches the checks on SIL only
    // once no file has a type error, so two rounds find both kinds.
    while !remaining.isEmpty {
      var arguments = compiler.path == "/usr/bin/env" ? ["swiftc"] : []
      arguments += [
        "-emit-sil", "-wmo", "-o", "/dev/null", "-parse-as-library", "-swift-version", "6",
        "-module-name", "GenerateSpiesVerification",
        // The strictest settings a test target may have: a spy that compiles under them compiles
        // under laxer ones too.
        "-enable-upcoming-feature", "ExistentialAny",
        "-enable-upcoming-feature", "MemberImportVisibility",
      ]
      arguments += searchArguments
      arguments += remaining.sorted()
      let output = try run(arguments)
      guard output.contains("error:") else { break }
      if let failure = Self.failureOfTheBuildFolder(in: output, files: remaining.count) {
        throw Error(
          description: "--verify-with: the compiler cannot load the modules the spies import, "
            + "so no spy was checked (\(failure)). Build the package first (swift build "
            + "--build-tests) and pass its build folder; a C module's module map must be in "
            + "that build's commands."
        )
      }
      var blamed = 0
      for line in output.split(separator: "\n") where line.contains(": error: ") {
        // `/tmp/…/AccountSpy.swift:12:5: error: …`: the path ends at the first `.swift:`.
        guard let end = line.range(of: ".swift:") else { continue }
        let path = String(line[..<end.lowerBound]) + ".swift"
        guard remaining.contains(path), let name = names[path], failures[name] == nil else {
          continue
        }
        failures[name] = name + ":" + line[end.upperBound...]
        remaining.remove(path)
        blamed += 1
      }
      // An error the compiler could not place in a spy: nothing was verified.
      if blamed == 0 {
        let first = output.split(separator: "\n").first { $0.contains("error:") } ?? ""
        throw Error(
          description: "--verify-with: the compiler failed before checking the spies: \(first). "
            + "Build the test target first (swift build --build-tests)."
        )
      }
    }
    return failures
  }

  /// The error, when the compiler's output says that the build folder cannot serve rather than
  /// that a spy is wrong: a module it imports cannot be loaded (a C module whose module map is
  /// not found, a module built by another compiler), or every spy fails with one same error.
  static func failureOfTheBuildFolder(in output: String, files: Int) -> String? {
    let errors = output.split(separator: "\n").filter { $0.contains("error: ") }
    let loading = [
      "missing required module", "could not build C module", "could not build Objective-C module",
      "compiled module was created by a different version", "cannot load module",
      "failed to build module",
    ]
    if let line = errors.first(where: { line in loading.contains { line.contains($0) } }) {
      return String(line[line.range(of: "error: ")!.upperBound...])
    }
    // One same message blamed on every spy, on the line of an `import`: the module is missing.
    let messages = Set(errors.map { $0[($0.range(of: "error: ")?.upperBound ?? $0.startIndex)...] })
    if files > 1, errors.count >= files, messages.count == 1, let message = messages.first,
      message.hasPrefix("no such module")
    {
      return String(message)
    }
    return nil
  }

  private func run(_ arguments: [String]) throws(Error) -> String {
    do {
      return try ToolProcess(executable: compiler).output(arguments, name: "swiftc")
    } catch {
      throw Error(description: error.description)
    }
  }
}

/// The flags SwiftPM compiled a build folder's modules with, read from its build manifest
/// (`.build/debug.yaml` beside `.build/<triple>/debug`): the search paths and module maps a
/// spy importing those modules needs too.
enum BuildManifest {
  /// The modules the files import.
  static func imports(of files: [SpyGenerator.File]) -> Set<String> {
    var modules: Set<String> = []
    for file in files {
      for line in file.contents.split(separator: "\n") {
        let words = line.split(separator: " ")
        if let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({ $0.hasPrefix("@") || $0 == "public" })
        {
          modules.insert(String(words[index + 1]))
        }
      }
    }
    return modules
  }

  /// The `-I`, `-F`, `-Xcc -I` and `-Xcc -fmodule-map-file=` flags of the commands that compiled
  /// `modules` in the manifest of `buildFolder`, in order, once each; nil without a manifest.
  /// Only those modules' commands: the module maps of a whole package graph, read together,
  /// may define one module twice (a generated map and the package's own).
  static func searchArguments(besides buildFolder: URL, forModules modules: Set<String>)
    -> [String]?
  {
    let resolved = buildFolder.resolvingSymlinksInPath()
    let name = resolved.lastPathComponent
    let candidates = [
      resolved.deletingLastPathComponent().deletingLastPathComponent(),
      resolved.deletingLastPathComponent(),
    ].map { $0.appendingPathComponent(name + ".yaml") }
    guard
      let manifest = candidates.lazy.compactMap({ try? String(contentsOf: $0, encoding: .utf8) })
        .first
    else { return nil }
    var found: [String] = []
    for line in manifest.split(separator: "\n") {
      guard let start = line.range(of: "args: [")?.upperBound, line.hasSuffix("]"),
        line.contains("swiftc") || line.contains("swift-frontend")
      else { continue }
      let json = "[" + line[start...]
      guard let arguments = try? JSONDecoder().decode([String].self, from: Data(json.utf8)),
        let name = arguments.firstIndex(of: "-module-name"), name + 1 < arguments.endIndex,
        modules.contains(arguments[name + 1]), !isToolBuild(arguments)
      else { continue }
      var index = arguments.startIndex
      while index < arguments.endIndex {
        let argument = arguments[index]
        let next = index + 1 < arguments.endIndex ? arguments[index + 1] : nil
        if argument == "-I" || argument == "-F", let next {
          found += [argument, next]
          index += 2
        } else if argument == "-Xcc", let next, next.hasPrefix("-fmodule-map-file=") {
          found += ["-Xcc", next]
          index += 2
        } else if argument == "-Xcc", next == "-I", index + 3 < arguments.endIndex,
          arguments[index + 2] == "-Xcc"
        {
          found += ["-Xcc", "-I", "-Xcc", arguments[index + 3]]
          index += 4
        } else {
          index += 1
        }
      }
    }
    return found
  }

  /// Whether a command builds its module for the host's tools: SwiftPM builds a module a plugin
  /// or a macro uses a second time, into `Modules-tool`, with module maps of its own
  /// (`CShim-tool.build/module.modulemap`) that define the C modules again.
  static func isToolBuild(_ arguments: [String]) -> Bool {
    guard let flag = arguments.firstIndex(of: "-emit-module-path"), flag + 1 < arguments.endIndex
    else { return false }
    let folder = URL(fileURLWithPath: arguments[flag + 1]).deletingLastPathComponent()
    return folder.lastPathComponent.hasSuffix("-tool")
  }

  /// `arguments` with each flag (and its value) kept at its first place only.
  static func uniqued(_ arguments: [String]) -> [String] {
    var seen: Set<[String]> = []
    var result: [String] = []
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let width: Int
      if arguments[index] == "-Xcc", index + 1 < arguments.endIndex, arguments[index + 1] == "-I" {
        width = 4
      } else if ["-I", "-F", "-Xcc"].contains(arguments[index]) {
        width = 2
      } else {
        width = 1
      }
      let flag = Array(arguments[index..<min(index + width, arguments.endIndex)])
      if seen.insert(flag).inserted { result += flag }
      index += width
    }
    return result
  }
}
