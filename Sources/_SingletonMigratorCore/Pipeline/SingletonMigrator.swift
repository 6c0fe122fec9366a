import Foundation
import _SpyGeneratorCore

/// Finds a target's singletons and rewrites each into a `Resettable` box with a computed
/// accessor of the old name and type, so that every call site compiles unchanged.
///
/// The migrator reads the target's source files (for where each declaration is and what it
/// spells) and, when given one, its symbol graph (for what the compiler inferred: a type left
/// out of the declaration, whether a type declared in another module is a class, an inferred
/// `@MainActor`). It returns the migrated files, a plan and a unified diff; it writes nothing.
///
/// ```swift
/// let migrator = SingletonMigrator(options: .init())
/// let migration = try migrator.migrate(
///   files: [.init(path: "Sources/App/Manager.swift", contents: text)],
///   symbolGraph: nil
/// )
/// print(migration.plan, migration.diff)
/// ```
public struct SingletonMigrator: Sendable {
  /// What to migrate and how.
  public struct Options: Sendable, Equatable {
    /// Shared instances allowed to stay as they are (`Manager.shared`, `appCache`).
    public var allowed: [String]
    /// Classes declared in other modules whose instances count as shared instances
    /// (`URLSession`); without a symbol graph the migrator knows only the target's own.
    public var classes: [String]
    /// Extract a protocol from the members the target uses through each instance, type the box
    /// and the accessor with it, and generate its spy.
    public var extractProtocol: Bool
    /// The test module's import line for the spies (`@testable import App`).
    public var moduleName: String?
    /// One level of indentation for what the migrator writes (a package's `.swift-format`
    /// says); nil to follow each file's own.
    public var indentation: String?

    /// Creates options.
    ///
    /// ```swift
    /// SingletonMigrator.Options(allowed: ["Legacy.shared"], extractProtocol: true)
    /// ```
    ///
    /// - Parameters:
    ///   - allowed: Qualified names left as they are.
    ///   - classes: Class names of other modules to treat as classes.
    ///   - extractProtocol: Whether to extract protocols and generate spies.
    ///   - moduleName: The target's module name, for the spies' import.
    ///   - indentation: One level of indentation (`"    "`, `"\t"`), or nil to follow each
    ///     file's own.
    public init(
      allowed: [String] = [],
      classes: [String] = [],
      extractProtocol: Bool = false,
      moduleName: String? = nil,
      indentation: String? = nil
    ) {
      self.allowed = allowed
      self.classes = classes
      self.extractProtocol = extractProtocol
      self.moduleName = moduleName
      self.indentation = indentation
    }
  }

  /// A source file: its path as reported, and its text.
  public struct SourceFile: Equatable, Sendable {
    /// The path, relative to the package (as diagnostics and the diff show it).
    public let path: String
    /// The file's text.
    public let contents: String

    /// Creates a file.
    ///
    /// ```swift
    /// SingletonMigrator.SourceFile(path: "Sources/App/Manager.swift", contents: text)
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path, relative to the package.
    ///   - contents: The text.
    public init(path: String, contents: String) {
      self.path = path
      self.contents = contents
    }
  }

  /// What a migration found and changed.
  public struct Migration: Sendable {
    /// Every shared instance found, allowed ones included.
    public var instances: [SharedInstance] = []
    /// The candidates that are not boxed: left alone (boxing would be wrong) or refused (the
    /// migrator cannot box them as written), each with the reason.
    public var skipped: [SkippedCandidate] = []
    /// The instances rewritten into boxes.
    public var migrated: [SharedInstance] = []
    /// Of ``migrated``, the boxes of a class an earlier run wrote, now typed with the protocol
    /// extracted from their uses (with `extractProtocol`).
    public var retyped: Set<String> = []
    /// The instances left as they are, each with the reason.
    public var failures: [MigrationFailure] = []
    /// Default arguments that inject an instance (`init(manager: Manager = .shared)`): they
    /// keep compiling, since the accessor keeps the old name and type.
    public var injections: [DefaultArgumentInjection] = []
    /// Notes and warnings about declarations the migrator could not read as a shared instance.
    public var diagnostics: [Diagnostic] = []
    /// The changed files, with their new text.
    public var files: [SourceFile] = []
    /// New files (with `--extract-protocol`: the spies), paths relative to the spies' folder.
    public var newFiles: [SourceFile] = []
    /// The unified diff of every changed file.
    public var diff: String = ""
    /// Lines added and removed, as the diff counts them.
    public var linesChanged: Int {
      diff.split(separator: "\n").filter {
        ($0.hasPrefix("+") && !$0.hasPrefix("+++")) || ($0.hasPrefix("-") && !$0.hasPrefix("---"))
      }.count
    }

    /// The plan: what is migrated into which box, what is left and why, the injections.
    public var plan: String {
      var lines: [String] = []
      let pending = migrated.count
      let leftAlone = skipped.filter { $0.verdict == .leftAlone || $0.isAllowed }
      let refused = skipped.filter { $0.verdict == .refused && !$0.isAllowed }
      lines.append(
        "migrate-singletons: \(instances.count + skipped.count) candidate(s): \(pending) migrated, "
          + "\(instances.filter(\.isAllowed).count) allowed, \(leftAlone.count) left alone, "
          + "\(failures.count + refused.count) refused"
      )
      for instance in migrated where retyped.contains(instance.qualifiedName) {
        let type = "any \(SingletonFinder.baseName(of: instance.type))Protocol"
        lines.append(
          "  \(instance.location): \(instance.qualifiedName): \(instance.type) → "
            + "Resettable<\(type)> (its box, typed with the extracted protocol)"
        )
      }
      for instance in migrated where !retyped.contains(instance.qualifiedName) {
        let form =
          switch instance.shape {
          case .bootstrap: "Resettable.empty(), set at start-up"
          case .mutable:
            instance.hasMainActorFactory
              ? "Resettable(mainActor:), settable" : "Resettable, settable"
          default: instance.hasMainActorFactory ? "Resettable(mainActor:)" : "Resettable"
          }
        lines.append(
          "  \(instance.location): \(instance.qualifiedName): \(instance.type) → \(form)"
        )
      }
      for instance in instances where instance.isAllowed {
        lines.append("  \(instance.location): \(instance.qualifiedName): allowed, kept as it is")
      }
      for candidate in leftAlone {
        lines.append(
          "  \(candidate.location): \(candidate.qualifiedName): left alone: "
            + (candidate.isAllowed ? "allowed, kept as it is" : candidate.reason)
        )
      }
      for failure in failures {
        lines.append(
          "  \(failure.instance.location): \(failure.instance.qualifiedName): not migrated: \(failure.reason)"
        )
      }
      for candidate in refused {
        lines.append(
          "  \(candidate.location): \(candidate.qualifiedName): not migrated: \(candidate.reason)"
        )
      }
      if !injections.isEmpty {
        lines.append(
          "default-argument injection (keeps compiling: unchanged, or typed with the protocol):"
        )
        for injection in injections {
          lines.append("  \(injection.location): \(injection.text) (\(injection.instance))")
        }
      }
      for file in newFiles { lines.append("  new file: \(file.path)") }
      return lines.joined(separator: "\n")
    }
  }

  /// What to migrate and how.
  public let options: Options

  /// Creates a migrator.
  ///
  /// ```swift
  /// let migrator = SingletonMigrator(options: .init(extractProtocol: true))
  /// ```
  ///
  /// - Parameter options: What to migrate and how.
  public init(options: Options) {
    self.options = options
  }

  /// Finds the target's shared instances and rewrites them.
  ///
  /// ```swift
  /// let migration = try migrator.migrate(files: files, symbolGraph: graphData)
  /// ```
  ///
  /// - Parameters:
  ///   - files: The target's Swift files.
  ///   - symbolGraph: The target's `<Module>.symbols.json`, or nil.
  ///   - excluding: Qualified names to leave as they are, each with the reason (the verifier
  ///     passes the instances whose migration did not compile).
  ///   - plainBox: Qualified names to box without a protocol, with `extractProtocol`.
  ///   - usageFiles: Files that use the instances but are not migrated (the target's tests):
  ///     with `extractProtocol`, the members they use join the protocol.
  /// - Returns: The migration.
  /// - Throws: A symbol graph that cannot be decoded.
  public func migrate(
    files: [SourceFile],
    usageFiles: [SourceFile] = [],
    symbolGraph: Data?,
    excluding: [String: String] = [:],
    plainBox: Set<String> = []
  ) throws -> Migration {
    let (texts, scanned, readDiagnostics) = Self.scan(files)
    let symbols = try symbolGraph.map { try ModuleSymbols(symbolGraph: $0) }
    let finder = SingletonFinder(
      files: scanned,
      symbols: symbols,
      allowed: Set(options.allowed),
      extraClasses: Set(options.classes)
    )
    var migration = Migration()
    let (instances, skipped, diagnostics) = finder.sharedInstances()
    migration.instances = instances
    migration.skipped = skipped
    migration.diagnostics = readDiagnostics + diagnostics
    migration.injections = finder.injections(of: instances)
    // Boxes of a class that an earlier `--apply` wrote: with `extractProtocol`, each is typed
    // with the protocol extracted from its uses, as if both ran at once.
    var boxes: [ExistingBox] = []
    if options.extractProtocol {
      boxes = Self.existingBoxes(in: scanned).filter {
        excluding[$0.instance.qualifiedName] == nil && !plainBox.contains($0.instance.qualifiedName)
      }
    }

    // Names declared in each container, so that a box's name is free.
    var taken: [String: Set<String>] = [:]
    for file in scanned {
      for property in file.properties {
        let key = property.container.last.map { $0.path.joined(separator: ".") } ?? ""
        taken[key, default: []].insert(property.name)
      }
      for member in file.members {
        let key = member.container.last.map { $0.path.joined(separator: ".") } ?? ""
        taken[key, default: []].insert(member.name)
      }
    }

    var protocols: ProtocolExtraction?
    if options.extractProtocol {
      protocols = ProtocolExtraction(
        files: scanned,
        usageFiles: Self.scan(usageFiles).scanned,
        instances: instances.filter {
          !$0.isAllowed && excluding[$0.qualifiedName] == nil
            && !plainBox.contains($0.qualifiedName) && !$0.type.hasSuffix("?")
        } + boxes.map(\.instance),
        takenNames: taken.values.reduce(into: Set<String>()) { $0.formUnion($1) },
        moduleName: options.moduleName
      )
      migration.diagnostics += protocols?.diagnostics ?? []
    }

    var editsByFile: [String: [LineEdit]] = [:]
    var rewriters: [String: BoxRewriter] = [:]
    // The boxes first, in every file: a protocol goes into its class's file only once the
    // instances that take it are known, wherever they are declared.
    for file in scanned {
      let rewriter = BoxRewriter(
        file: file,
        takenNames: taken,
        boxType: finder.declaredTypeNames.contains("Resettable")
          ? "SharedInstances.Resettable" : "Resettable",
        indentUnit: options.indentation
      )
      rewriters[file.path] = rewriter
      var edits: [LineEdit] = []
      for instance in instances where instance.file == file.path && !instance.isAllowed {
        if let reason = excluding[instance.qualifiedName] {
          migration.failures.append(MigrationFailure(instance: instance, reason: reason))
          continue
        }
        let extracted = protocols?.extracted[instance.qualifiedName]
        switch rewriter.edit(for: instance, protocolType: extracted.map { "any \($0.name)" }) {
        case .success(let edit):
          edits.append(edit)
          migration.migrated.append(instance)
        case .failure(let failure):
          migration.failures.append(failure)
        }
      }
      for box in boxes where box.instance.file == file.path {
        guard let extracted = protocols?.extracted[box.instance.qualifiedName] else { continue }
        edits += box.edits(in: file, protocolName: extracted.name)
        migration.migrated.append(box.instance)
        migration.retyped.insert(box.instance.qualifiedName)
      }
      editsByFile[file.path] = edits
    }
    let migratedNames = Set(migration.migrated.map(\.qualifiedName))
    for file in scanned {
      guard let rewriter = rewriters[file.path] else { continue }
      var edits = editsByFile[file.path] ?? []
      if let protocols {
        edits += protocols.edits(
          in: file,
          migrated: migratedNames,
          indentUnit: options.indentation ?? BoxRewriter.indentUnit(of: file)
        )
      }
      guard !edits.isEmpty else {
        editsByFile[file.path] = nil
        continue
      }
      if let importEdit = rewriter.importEdit(),
        edits.contains(where: { $0.lines.contains { $0.contains("Resettable<") } })
      {
        edits.append(importEdit)
      }
      editsByFile[file.path] = edits
    }
    for file in files {
      guard let edits = editsByFile[file.path], let text = texts[file.path] else { continue }
      migration.files.append(
        SourceFile(path: file.path, contents: text.restored(edits.applied(to: text.text)))
      )
      migration.diff += UnifiedDiff.render(path: file.path, original: text.text, edits: edits)
    }
    if let protocols {
      migration.newFiles = protocols.spyFiles(for: migratedNames)
      migration.diagnostics += protocols.spyDiagnostics(for: migratedNames)
    }
    return migration
  }

  /// The shared instances that are not boxes and not allowed: what `--check` fails on.
  ///
  /// ```swift
  /// for instance in try migrator.violations(files: files, symbolGraph: nil) {
  ///   print("\(instance.location): error: …")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - files: The target's Swift files.
  ///   - symbolGraph: The target's symbol graph, or nil.
  /// - Returns: The instances, in file and line order.
  /// - Throws: A symbol graph that cannot be decoded.
  public func violations(files: [SourceFile], symbolGraph: Data?) throws -> [SharedInstance] {
    try check(files: files, symbolGraph: symbolGraph).instances
  }

  /// What `--check` reports: the shared instances that are not boxes and not allowed, the
  /// candidates the migrator refuses to box (they are singletons too), and the files it could
  /// not read.
  public struct CheckReport: Sendable {
    /// Shared instances that are not boxes and not allowed, in file and line order.
    public var instances: [SharedInstance] = []
    /// Why `--apply` would not box each instance it refuses, by qualified name.
    public var refusals: [String: String] = [:]
    /// Candidates `--apply` cannot box as written, not allowed.
    public var refused: [SkippedCandidate] = []
    /// Files left out (not UTF-8, or not followed by the lexer), and other notes.
    public var diagnostics: [Diagnostic] = []
    /// Whether the check fails.
    public var failed: Bool { !instances.isEmpty || !refused.isEmpty }
  }

  /// Checks a target as `--check` does.
  ///
  /// ```swift
  /// let report = try migrator.check(files: files, symbolGraph: nil)
  /// for instance in report.instances {
  ///   print(SingletonMigrator.checkMessage(for: instance, refusal: report.refusals[instance.qualifiedName]))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - files: The target's Swift files.
  ///   - symbolGraph: The target's symbol graph, or nil.
  /// - Returns: The report.
  /// - Throws: A symbol graph that cannot be decoded.
  public func check(files: [SourceFile], symbolGraph: Data?) throws -> CheckReport {
    let migration = try migrate(files: files, symbolGraph: symbolGraph)
    var report = CheckReport()
    report.instances = migration.instances.filter { !$0.isAllowed }
    for failure in migration.failures {
      report.refusals[failure.instance.qualifiedName] = failure.reason
    }
    report.refused = migration.skipped.filter { $0.verdict == .refused && !$0.isAllowed }
    report.diagnostics = migration.diagnostics.filter { $0.severity != .note }
    return report
  }

  /// The files as the scanner reads them (line breaks as `\n`, no byte-order mark), scanned;
  /// a file the lexer cannot follow is left out, with a warning naming its line.
  static func scan(
    _ files: [SourceFile]
  ) -> (texts: [String: SourceText], scanned: [ScannedFile], diagnostics: [Diagnostic]) {
    var texts: [String: SourceText] = [:]
    var scanned: [ScannedFile] = []
    var diagnostics: [Diagnostic] = []
    for file in files where !isInDocumentationCatalog(file.path) {
      let text = SourceText(file.contents)
      let result = ScannedFile(path: file.path, text: text.text)
      if let problem = result.problems.first {
        diagnostics.append(
          Diagnostic(
            .warning,
            "\(file.path):\(problem.line): the migrator cannot follow this file "
              + "(\(problem.message)): it is left out, and nothing in it is migrated or checked"
          )
        )
        continue
      }
      texts[file.path] = text
      scanned.append(result)
    }
    return (texts, scanned, diagnostics)
  }

  /// Whether a file lies in a DocC catalog (`Sources/App/App.docc/Resources/step1.swift`):
  /// SwiftPM does not compile it, so nothing in it is a shared instance.
  static func isInDocumentationCatalog(_ path: String) -> Bool {
    path.split(separator: "/").dropLast().contains { $0.hasSuffix(".docc") }
  }

  /// A box of a class an earlier `--apply` wrote, with the accessor that keeps the old name
  /// (`static let sharedBox = Resettable<Manager>(…)` and `static var shared: Manager { … }`),
  /// or one written by hand whose call sites read `.value`.
  struct ExistingBox {
    /// The accessor (or the box read through `.value`), as the instance that protocol
    /// extraction reads the uses of.
    let instance: SharedInstance
    /// The box's declaration.
    let box: PropertyDeclaration
    /// The class the box holds.
    let className: String

    /// The box and the accessor typed with `protocolName`.
    func edits(in file: ScannedFile, protocolName: String) -> [LineEdit] {
      let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
      var edits: [LineEdit] = []
      let existential = "any \(protocolName)"
      let boxLine = String(lines[box.line - 1])
      let retypedBox = boxLine.replacingOccurrences(
        of: "Resettable<\(className)>",
        with: "Resettable<\(existential)>"
      )
      if retypedBox != boxLine {
        edits.append(LineEdit(first: box.line, last: box.line, lines: [retypedBox]))
      }
      let accessor = instance.declaration
      guard !instance.readsThroughValue else { return edits }
      let accessorLine = String(lines[accessor.line - 1])
      var retypedAccessor = accessorLine
      for (old, new) in [
        ("\(accessor.name): \(className)!", "\(accessor.name): (\(existential))!"),
        ("\(accessor.name): \(className)?", "\(accessor.name): (\(existential))?"),
        ("\(accessor.name): \(className) ", "\(accessor.name): \(existential) "),
      ] where retypedAccessor == accessorLine {
        retypedAccessor = accessorLine.replacingOccurrences(of: old, with: new)
      }
      if retypedAccessor != accessorLine {
        edits.append(LineEdit(first: accessor.line, last: accessor.line, lines: [retypedAccessor]))
      }
      return edits
    }
  }

  /// The boxes of a class in the files, each with the accessor that reads it, or none when
  /// the box is the instance (call sites read `.value`).
  static func existingBoxes(in files: [ScannedFile]) -> [ExistingBox] {
    var boxes: [ExistingBox] = []
    for file in files {
      for property in file.properties where property.isStatic || property.isGlobal {
        guard let initializer = property.initializer,
          let range = initializer.range(of: "Resettable<"),
          !initializer[range.upperBound...].hasPrefix("any "),
          let close = initializer[range.upperBound...].firstIndex(of: ">")
        else { continue }
        let className = String(initializer[range.upperBound..<close])
        guard !className.isEmpty, className.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { continue }
        let container = property.container.last.map { $0.path.joined(separator: ".") }
        // The accessor: a computed property of the same container, typed as the class, whose
        // body reads this box.
        let accessor = file.properties.first { candidate in
          guard candidate.hasAccessors, candidate.isStatic == property.isStatic,
            candidate.container.last?.openBrace == property.container.last?.openBrace,
            let type = candidate.type,
            [className, className + "!", className + "?"].contains(type),
            candidate.end > candidate.start, candidate.end <= file.bytes.count
          else { return false }
          let text = String(decoding: file.bytes[candidate.start..<candidate.end], as: UTF8.self)
          return text.range(
            of: #"\b\#(property.name)\s*\.\s*(value|currentValue)\b"#,
            options: .regularExpression
          ) != nil
        }
        let isMainActor =
          (accessor ?? property).attributes.contains("@MainActor")
          || property.container.contains { $0.isMainActor }
        guard let accessor else {
          // No accessor: the box is the instance, and call sites read `.value`.
          boxes.append(
            ExistingBox(
              instance: SharedInstance(
                file: file.path,
                line: property.line,
                container: container,
                name: property.name,
                type: className,
                shape: .call,
                isMainActor: isMainActor,
                isAllowed: false,
                isSendable: false,
                declaration: property,
                readsThroughValue: true
              ),
              box: property,
              className: className
            )
          )
          continue
        }
        boxes.append(
          ExistingBox(
            instance: SharedInstance(
              file: file.path,
              line: accessor.line,
              container: container,
              name: accessor.name,
              type: className,
              shape: .call,
              isMainActor: isMainActor,
              isAllowed: false,
              isSendable: false,
              declaration: accessor
            ),
            box: property,
            className: className
          )
        )
      }
    }
    return boxes
  }

  /// The message `--check` prints for an instance that is not a box.
  ///
  /// ```swift
  /// print(SingletonMigrator.checkMessage(for: instance))
  /// ```
  ///
  /// - Parameter instance: The instance.
  /// - Returns: `file:line: error: …`, naming the instance and the two ways out.
  public static func checkMessage(for instance: SharedInstance) -> String {
    checkMessage(for: instance, refusal: nil)
  }

  /// The message `--check` prints for an instance that is not a box, saying why `--apply`
  /// would not box it when it would not.
  ///
  /// ```swift
  /// print(SingletonMigrator.checkMessage(for: instance, refusal: report.refusals[instance.qualifiedName]))
  /// ```
  ///
  /// - Parameters:
  ///   - instance: The instance.
  ///   - refusal: Why `--apply` leaves it as it is, or nil when `--apply` boxes it.
  /// - Returns: `file:line: error: …`, naming the instance and the ways out.
  public static func checkMessage(for instance: SharedInstance, refusal: String?) -> String {
    let head =
      "\(instance.location): error: \(instance.qualifiedName) is a shared instance of "
      + "\(instance.type) that is not a Resettable box: "
    let allow =
      "keep it with a `// \(SingletonFinder.allowMarker)` comment on the declaration (or an "
      + "\"allow\" entry in migrate-singletons.json)."
    guard let refusal else {
      return head + "run `swift package --allow-writing-to-package-directory migrate-singletons "
        + "--apply` (it boxes what still builds, and names what it leaves with the reason), or "
        + allow
    }
    return head + "`--apply` cannot box it (\(refusal)): box it by hand, or " + allow
  }

  /// The message `--check` prints for a candidate `--apply` refuses.
  ///
  /// ```swift
  /// for candidate in report.refused { print(SingletonMigrator.checkMessage(for: candidate)) }
  /// ```
  ///
  /// - Parameter candidate: The refused candidate.
  /// - Returns: `file:line: error: …`, naming it, why, and the ways out.
  public static func checkMessage(for candidate: SkippedCandidate) -> String {
    "\(candidate.location): error: \(candidate.qualifiedName) is a shared instance that is not "
      + "a Resettable box, and `--apply` cannot box it: \(candidate.reason); or keep it with a "
      + "`// \(SingletonFinder.allowMarker)` comment on the declaration (or an \"allow\" entry "
      + "in migrate-singletons.json)."
  }
}
