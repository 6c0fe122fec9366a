import Foundation

// The generator is laid out as its pipeline, one folder per stage: SymbolGraph/ (the graph in),
// Declarations/ (each requirement read from its declaration), SpyModel/ (a spy's names, generic
// parameters and imports), Rendering/ (the Swift text out), Verification/ (the compiler's check
// against the real modules), Output/ (the files written, and the configuration that says where).

/// Generates spies from a module's symbol graph: the library behind the `generate-spies`
/// command plugin, called directly by its tests.
///
/// It reads the JSON that `swift-symbolgraph-extract` writes (SwiftPM hands it to the plugin)
/// and returns one file per spy, with diagnostics for what it could not express. It writes
/// nothing; ``SpyFiles`` does.
///
/// ```swift
/// let generator = SpyGenerator(options: .init(command: "swift package generate-spies …"))
/// let output = try generator.generate(symbolGraph: Data(contentsOf: graphURL))
/// for diagnostic in output.diagnostics { print(diagnostic) }
/// ```
public struct SpyGenerator: Sendable {
  /// What to generate, and how the generated files say to regenerate them.
  public struct Options: Sendable {
    /// The protocols to generate spies for; empty means every protocol that qualifies.
    public var protocols: [String]
    /// Open classes to generate subclass spies for.
    public var classes: [String]
    /// When set, and `protocols` is empty, only protocols whose doc comment contains a line
    /// equal to this marker get a spy.
    public var marker: String?
    /// Protocols that get no spy, whatever else selects them (`--skip`, `"skip"` in the
    /// configuration file). A protocol whose doc comment has a line ``SpyGenerator/skipMarker``
    /// gets none either.
    public var skip: [String]
    /// The command the header of each file shows.
    public var command: String
    /// Protocols whose requirements with a default implementation the spy implements too,
    /// recording them (`--spy-defaults`, `"spyDefaults"`); a name `Protocol.requirement(label:)`
    /// names one requirement. Elsewhere a spy leaves such a requirement to the protocol's
    /// extension, as a conforming type that does not restate it does.
    public var spyDefaults: [String]
    /// Whether only public (and open) protocols get a spy: a dependency's module, which a test
    /// target cannot `@testable import`.
    public var publicOnly: Bool

    /// Creates options.
    ///
    /// ```swift
    /// SpyGenerator.Options(classes: ["Tracker"], command: "swift package generate-spies …")
    /// ```
    ///
    /// - Parameters:
    ///   - protocols: The protocols to generate spies for; empty for all.
    ///   - classes: Open classes to generate subclass spies for.
    ///   - marker: The doc-comment line that selects protocols when `protocols` is empty.
    ///   - skip: Protocols that get no spy.
    ///   - spyDefaults: Protocols (or `Protocol.requirement(label:)`) whose defaulted
    ///     requirements the spy implements and records too.
    ///   - publicOnly: Whether only public and open protocols get a spy.
    ///   - command: The command each file's header shows.
    public init(
      protocols: [String] = [],
      classes: [String] = [],
      marker: String? = nil,
      skip: [String] = [],
      spyDefaults: [String] = [],
      publicOnly: Bool = false,
      command: String
    ) {
      self.protocols = protocols
      self.classes = classes
      self.marker = marker
      self.skip = skip
      self.spyDefaults = spyDefaults
      self.publicOnly = publicOnly
      self.command = command
    }
  }

  /// The doc-comment line that marks a protocol for generation when no `--protocol` is given
  /// and the marker is asked for.
  public static let defaultMarker = "spy: generate"

  /// The doc-comment line that leaves a protocol out: it gets no spy and no diagnostic.
  ///
  /// ```swift
  /// /// Bridges the Objective-C runtime; its spy is written by hand.
  /// ///
  /// /// spy: skip
  /// protocol LegacyBridge: NSObjectProtocol { … }
  /// ```
  public static let skipMarker = "spy: skip"

  /// How a diagnostic says to leave a protocol out.
  static func wayToSkip(_ name: String) -> String {
    "leave \(name) out: add a line `\(skipMarker)` to its doc comment, pass --skip \(name), or "
      + "list it under \"skip\" in \(SpyConfiguration.fileName)"
  }

  /// A file to write into the output folder.
  public struct File: Equatable, Sendable {
    /// The file's name, such as `ArticleManagingSpy.swift`.
    public let name: String
    /// The file's contents.
    public let contents: String

    /// Creates a file.
    ///
    /// ```swift
    /// SpyGenerator.File(name: "ClockSpy.swift", contents: source)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The file's name.
    ///   - contents: The file's contents.
    public init(name: String, contents: String) {
      self.name = name
      self.contents = contents
    }
  }

  /// What a run produced.
  public struct Output: Sendable {
    /// One file per spy, in the order of the symbol graph.
    public var files: [File]
    /// What could not be generated, and why.
    public var diagnostics: [Diagnostic]

    /// The modules whose symbol graphs would let the generator write spies it refused, in
    /// order: generating again with them (``ToolchainSymbolGraphs`` reads the standard
    /// library's) writes those spies.
    ///
    /// ```swift
    /// if output.modulesToRead.contains("Swift") { … }
    /// ```
    public var modulesToRead: [String] {
      Set(diagnostics.flatMap(\.modulesToRead)).sorted()
    }
  }

  private let options: Options

  /// Creates a generator.
  ///
  /// ```swift
  /// let generator = SpyGenerator(options: .init(protocols: ["Clock"], command: "…"))
  /// ```
  ///
  /// - Parameter options: What to generate.
  public init(options: Options) {
    self.options = options
  }

  /// Generates the spies for the module described by a symbol graph's JSON.
  ///
  /// ```swift
  /// let output = try generator.generate(symbolGraph: Data(contentsOf: graphURL))
  /// ```
  ///
  /// - Parameter data: The contents of `<Module>.symbols.json`.
  /// - Returns: The files, and the diagnostics for protocols or members left out.
  /// - Throws: `DecodingError` when `data` is not a symbol graph.
  public func generate(symbolGraph data: Data) throws -> Output {
    try generate(symbolGraph: data, dependencies: [])
  }

  /// Generates the spies for the module described by a symbol graph's JSON, with the symbol
  /// graphs of modules it depends on: a protocol that refines one of theirs gets a spy that
  /// implements the parent's requirements too.
  ///
  /// ```swift
  /// let output = try generator.generate(
  ///   symbolGraph: Data(contentsOf: tracingGraph),
  ///   dependencies: [Data(contentsOf: instrumentationGraph)]
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - data: The contents of `<Module>.symbols.json`.
  ///   - dependencies: The contents of other modules' `<Module>.symbols.json`; their protocols
  ///     get no spy.
  /// - Returns: The files, and the diagnostics for protocols or members left out.
  /// - Throws: `DecodingError` when one of them is not a symbol graph.
  public func generate(symbolGraph data: Data, dependencies: [Data]) throws -> Output {
    let decoder = JSONDecoder()
    let graph = try decoder.decode(SymbolGraph.self, from: data)
    let others = try dependencies.map { try decoder.decode(SymbolGraph.self, from: $0) }
    return generate(graph, dependencies: others)
  }

  func generate(_ graph: SymbolGraph, dependencies: [SymbolGraph] = []) -> Output {
    let reader = SymbolGraphReader(graph, dependencies: dependencies)
    var diagnostics: [Diagnostic] = []
    var files: [File] = []
    let notEquatable = reader.typesThatAreNotEquatable
    let types = ModuleTypes(reader)
    var chosen: [SymbolGraph.Symbol] = []
    if !options.protocols.isEmpty {
      for name in options.protocols {
        if let symbol = reader.protocolNamed(name) {
          chosen.append(symbol)
        } else {
          diagnostics.append(Self.noProtocol(name, reader: reader))
        }
      }
    } else if let marker = options.marker {
      chosen = reader.protocols.filter { symbol in
        symbol.docComment?.lines.contains { $0.text.trimmingSpaces == marker } ?? false
      }
      if chosen.isEmpty {
        diagnostics.append(Self.markerSelectsNothing(marker, module: graph.module.name))
      }
    } else {
      chosen = reader.protocols
    }
    if options.publicOnly {
      chosen.removeAll { !["public", "open"].contains($0.accessLevel) }
    }
    // Underscored protocols without requirements are markers (`_SwiftMetricsSendableProtocol`):
    // left out silently unless named with --protocol.
    if options.protocols.isEmpty {
      chosen.removeAll { $0.name.hasPrefix("_") && reader.members(of: $0).isEmpty }
    }
    // Left out by name or by their doc comment: no spy, no diagnostic.
    let skipped = Set(options.skip)
    for name in options.skip.sorted() where reader.protocolNamed(name) == nil {
      diagnostics.append(Self.skipMatchesNothing(name, reader: reader))
    }
    chosen.removeAll { symbol in
      skipped.contains(symbol.name) || skipped.contains(symbol.path)
        || (symbol.docComment?.lines.contains { $0.text.trimmingSpaces == Self.skipMarker } ?? false)
    }
    // Two paths that spell one spy name (`A.BClient`, `AB.Client`): the first in path order
    // keeps it, whatever the order of the graph; the others are diagnosed, never written over it.
    var owners: [String: String] = [:]
    for symbol in chosen.sorted(by: { $0.path < $1.path }) {
      let spyName = SpyTarget.spyName(of: symbol.path)
      if owners[spyName] == nil { owners[spyName] = symbol.path }
    }
    chosen.removeAll { symbol in
      let spyName = SpyTarget.spyName(of: symbol.path)
      guard let owner = owners[spyName], owner != symbol.path else { return false }
      diagnostics.append(Self.sameSpyName(symbol.path, as: owner, spyName: spyName))
      return true
    }
    // Each protocol's spy depends only on the graph: rendered on every core, kept in order.
    let spi = SPIGroups(reader)
    let rendered = chosen.concurrentMap { symbol -> (File?, [Diagnostic]) in
      var found: [Diagnostic] = []
      let target = spyTarget(for: symbol, reader: reader, spi: spi, diagnostics: &found)
      let spy = target.map {
        file(for: $0, module: graph.module.name, notEquatable: notEquatable, types: types)
      }
      return (spy, found)
    }
    for (spy, found) in rendered {
      diagnostics += found
      if let spy { files.append(spy) }
    }
    for name in options.classes {
      guard let symbol = reader.classNamed(name) else {
        diagnostics.append(Self.noClass(name, reader: reader))
        continue
      }
      if symbol.accessLevel != "open" && symbol.accessLevel != "internal"
        && symbol.accessLevel != "package"
      {
        diagnostics.append(Self.notSubclassable(name, accessLevel: symbol.accessLevel))
        continue
      }
      if let target = spyTarget(forClass: symbol, reader: reader, diagnostics: &diagnostics) {
        files.append(
          file(for: target, module: graph.module.name, notEquatable: notEquatable, types: types)
        )
      }
    }
    return Output(files: files, diagnostics: diagnostics)
  }

  private func file(
    for target: SpyTarget,
    module: String,
    notEquatable: Set<String>,
    types: ModuleTypes
  ) -> File {
    var renderer = SpyRenderer(
      target: target.resolvingClosureAliases(types.closureAliases),
      module: module,
      command: options.command,
      typesThatAreNotEquatable: notEquatable
    )
    renderer.types = types
    return File(name: renderer.spyName + ".swift", contents: renderer.render())
  }

  /// Whether `requirement` of a protocol named `names` is spied although it has a default.
  private func spiesDefault(of requirement: SymbolGraph.Symbol, in names: [String]) -> Bool {
    options.spyDefaults.contains { entry in
      names.contains(entry) || names.contains { entry == "\($0).\(requirement.name)" }
    }
  }

  /// The protocol's requirements, parents' included, or nil after a diagnostic.
  private func spyTarget(
    for symbol: SymbolGraph.Symbol,
    reader: SymbolGraphReader,
    spi: SPIGroups,
    diagnostics: inout [Diagnostic]
  ) -> SpyTarget? {
    var collected = CollectedRequirements()
    collected.conformances = reader.conformances(of: symbol)
    collect(
      symbol,
      spiedNames: [symbol.path, symbol.name],
      testable: symbol.accessLevel != "public" && symbol.accessLevel != "open",
      reader: reader,
      into: &collected
    )
    var (members, problems, external) = (collected.members, collected.problems, collected.external)
    let (superclass, protocolRequirements) = (collected.superclass, collected.protocolRequirements)
    // A spy that holds its `Spy` (an actor, a subclass of NSObject or of the class the protocol
    // is constrained to, or one with a requirement Swift allows neither beside nor in place of
    // a member of Spy) declares none of Spy's members, but keeps its Spy in `spy`. Its static
    // requirements are recorded in `statics` all the same.
    let holdsItsSpy =
      superclass != nil || !Self.actorProtocols.isDisjoint(with: external)
      || external.contains { $0.hasSuffix(".NSObjectProtocol") }
    let clashes = !collected.conflicts.isEmpty
    problems += collected.staticConflicts
    if holdsItsSpy || clashes {
      for member in members where member.baseName == "spy" && !member.isStatic {
        problems.append(
          "\(member.owner).\(member.displayName): the spy holds its Spy in a property named `spy`"
        )
      }
    }
    let name = symbol.path
    // `var rawValue: Int { get }` restated (SwiftProtobuf's `Enum`) fixes `RawValue` as a where
    // clause does: the spy declares `rawValue` and `init?(rawValue:)` itself.
    let restatedRawValue = members.first { member in
      guard case .property = member.kind, !member.isStatic else { return false }
      return member.baseName == "rawValue" && Self.plainValues[member.returnType ?? ""] != nil
    }?.returnType
    let (rawValue, parentProblems) = Self.examineParents(
      of: name,
      external: &external,
      refined: collected.refinedElsewhere,
      superclass: superclass,
      protocolRequirements: protocolRequirements
        + (restatedRawValue.map { ["RawValue == \($0)"] } ?? []),
      reader: reader
    )
    if let rawValue {
      members.removeAll { member in
        guard !member.isStatic else { return false }
        if case .property = member.kind { return member.baseName == "rawValue" }
        return member.kind == .initializer && member.parameters.count == 1
          && member.parameters[0].label == "rawValue" && member.parameters[0].type == rawValue.type
      }
    }
    problems += parentProblems
    let (spiGroups, spiProblems) = Self.spiGroups(
      of: symbol,
      mentioning: collected.mentioned,
      spi: spi,
      reader: reader
    )
    problems += spiProblems
    // A sequence or collection is served from an array the test sets: the spy is generic over
    // `Element` unless a `where` clause fixes it.
    let refinesSequence = !Set(external).isDisjoint(with: Self.sequenceParents)
    // What its module already implements of a sequence's positions (read only for one: it
    // scans the whole graph).
    let implemented = refinesSequence ? Self.implementedPositions(of: symbol, reader: reader) : []
    let moduleServes = Self.moduleServesElements(implemented: implemented, parents: external)
    // `ContiguousBytes` reads the bytes of `elements` also when the module iterates over them
    // (swift-crypto's `Digest` implements `makeIterator()` with `withUnsafeBytes`).
    let refinesContiguousBytes = external.contains { $0.hasSuffix(".ContiguousBytes") }
    let servesElements = refinesSequence && (!moduleServes || refinesContiguousBytes)
    if servesElements {
      let reasons = Self.whyNoElements(
        of: symbol,
        parents: Set(external).union(collected.refinedElsewhere),
        protocolRequirements: protocolRequirements,
        members: members,
        implemented: moduleServes ? [] : implemented,
        reader: reader
      )
      problems += reasons.map { "\(name): \($0)" }
      if !collected.associatedTypes.contains(where: { $0.name == "Element" }) {
        collected.associatedTypes.append(
          AssociatedType(name: "Element", constraint: "", requirements: [])
        )
      }
    }
    let generics = GenericParameters(
      collected.associatedTypes,
      primary: DeclarationParser.primaryAssociatedTypes(symbol),
      protocolRequirements: protocolRequirements
    )
    // A final spy spells `Self` with its own name. The typealiases of its protocols'
    // associated types, which no other type names (`ListBuilder.Expression`), it spells by
    // their definitions (`FinalResult.Element`): its own `ListBuilderSpy.Expression` in `Call`
    // would make the spy's superclass depend on its conformance.
    let spyGenerics = Set(generics.parameters.map(\.name))
    let aliases = Self.definitions(
      of: collected.visited.map { reader.aliasesOfAssociatedTypesByProtocol[$0] ?? [:] }
    )
    members = members.map {
      generics.fixing($0.substituting(aliases)).substituting(["Self": SpyTarget.spyName(of: name)])
        .renamingGenerics(shadowing: spyGenerics)
    }
    // A requirement a refinement restates is one requirement: implemented once, also when two
    // parents declare it with other names for its generic parameters and arguments.
    var signatures: Set<String> = []
    members.removeAll { !signatures.insert($0.requirementKey).inserted }
    members = Self.keepingTheFewestEffects(members)
    problems += Self.propertiesOfOneName(members)
    if !problems.isEmpty {
      // Named with --protocol, a protocol without a spy fails the run; found by itself, it is
      // skipped with a warning so that the other spies stay usable.
      diagnostics.append(
        Diagnostic(
          options.protocols.contains(name) || options.protocols.contains(symbol.name)
            ? .error : .warning,
          "No spy for protocol \(name): "
            + problems.joined(separator: "; ")
            + ". Write this spy by hand (see \"Writing a spy and a stub\"), or "
            + Self.wayToSkip(name) + "."
        )
      )
      return nil
    }
    // `Identifiable` with its `ID` fixed by a where clause: `id` is a requirement like others
    // (with `ID` free, the `ObjectIdentifier` of the spy, a class or an actor, is its `id`).
    let identifiable = external.contains { $0.hasSuffix(".Identifiable") }
    if identifiable, !members.contains(where: { $0.baseName == "id" && !$0.isStatic }),
      let fixed = protocolRequirements.lazy.map({ $0.components(separatedBy: " == ") })
        .first(where: { $0.count == 2 && $0[0] == "ID" })
    {
      members.append(Self.identifier(of: fixed[1], owner: name))
    }
    let inheritsNSObject = external.contains { $0.hasSuffix(".NSObjectProtocol") }
    let unknown = Self.unsatisfiedParents(external, members: members)
    if !unknown.isEmpty {
      // Their requirements are not in this module's graph: a spy written without them would
      // not conform, and would break the test target that compiles it.
      var diagnostic = Diagnostic(
        options.protocols.contains(name) || options.protocols.contains(symbol.name)
          ? .error : .warning,
        Self.externalParents(unknown, of: name)
      )
      diagnostic.modulesToRead = Set(unknown.compactMap { $0.split(separator: ".").first })
        .map(String.init).sorted()
      diagnostics.append(diagnostic)
      return nil
    }
    let isMainActor = (symbol.declarationFragments ?? []).contains {
      $0.kind == "attribute" && $0.spelling == "MainActor"
    }
    var target = SpyTarget(
      typeName: name,
      isClass: false,
      isMainActor: isMainActor,
      isInternal: symbol.accessLevel != "public" && symbol.accessLevel != "open",
      members: members
    )
    target.inheritsNSObject = inheritsNSObject
    target.superclass = superclass?.name
    target.isActor = !Self.actorProtocols.isDisjoint(with: external)
    target.isDeprecated = symbol.isDeprecated
    target.rawValue = rawValue
    Self.setIdentityAndSynthesized(of: &target, external: external)
    target.imports = collected.imports.subtracting([reader.graph.module.name])
    target.importsNetworking = collected.importsNetworking
    target.spiGroups = spiGroups
    target.holdsItsSpy = clashes && !holdsItsSpy
    target.associatedTypes = generics.parameters
    target.whereRequirements = generics.requirements
    if servesElements {
      target.servedElement = (generics.fixed["Element"] ?? "Element")
        .substitutingWords(["Self": SpyTarget.spyName(of: name)])
      target.writesPositions = !moduleServes
    }
    // `ContiguousBytes` reads the bytes of the elements a spy serves, which must be bytes.
    if refinesContiguousBytes,
      !["UInt8", "Swift.UInt8"].contains(target.servedElement ?? "")
    {
      diagnostics.append(
        Diagnostic(
          options.protocols.contains(name) || options.protocols.contains(symbol.name)
            ? .error : .warning,
          "No spy for protocol \(name): \(name): it refines ContiguousBytes, whose bytes a spy "
            + "serves only from its elements, a Sequence whose where clause fixes Element to "
            + "UInt8. Write this spy by hand (see \"Writing a spy and a stub\"), or "
            + Self.wayToSkip(name) + "."
        )
      )
      return nil
    }
    return target
  }

  /// The `@_spi` groups a spy of `symbol` imports, by module: those of the protocol, of its
  /// parents and of the types their declarations mention (the symbols `mentioned`) that are
  /// declared `@_spi`; and a problem for each whose group cannot be read.
  private static func spiGroups(
    of symbol: SymbolGraph.Symbol,
    mentioning mentioned: Set<String>,
    spi: SPIGroups,
    reader: SymbolGraphReader
  ) -> (groups: [String: [String]], problems: [String]) {
    var groups: [String: Set<String>] = [:]
    var problems: [String] = []
    for id in mentioned.sorted() {
      guard let declared = reader.symbol(withID: id), declared.spi == true else { continue }
      let module = ModuleImports.module(ofUSR: id) ?? reader.graph.module.name
      switch spi.groups(of: declared) {
      case .success(let found):
        groups[module, default: []].formUnion(found)
      case .failure(let notFound):
        let what =
          declared.identifier.precise == symbol.identifier.precise
          ? "it is" : "it mentions \(declared.path), which is"
        problems.append(
          "\(symbol.path): \(what) declared `@_spi`, and the group a spy would import it with "
            + "(`@_spi(Group) import \(module)`) was not found: \(notFound.description)"
        )
      }
    }
    return (groups.mapValues { $0.sorted() }, problems)
  }

  /// What a protocol and its parents of the same module require, gathered before the spy is
  /// shaped.
  private struct CollectedRequirements {
    var members: [Member] = []
    var problems: [String] = []
    var visited: Set<String> = []
    /// The paths of the protocols the spy conforms to, whose extensions' defaults serve it.
    var conformances: Set<String> = []
    /// The protocols of other modules the protocol refines, as the graph names them, also
    /// those whose requirements a dependency's graph gives.
    var refinedElsewhere: Set<String> = []
    /// Parents of other modules, by precise identifier.
    var external: [String] = []
    /// Requirements a subclass of `Spy` cannot declare: a problem unless the spy holds its
    /// `Spy`.
    var conflicts: [String] = []
    /// Static requirements a spy cannot declare, whether it inherits or holds its `Spy`.
    var staticConflicts: [String] = []
    var associatedTypes: [AssociatedType] = []
    var protocolRequirements: [String] = []
    var superclass: SymbolGraph.Symbol?
    var imports: Set<String> = []
    var importsNetworking = false
    /// The precise identifiers of the protocols the spy conforms to and of the types their
    /// declarations mention: those declared `@_spi` need their group imported.
    var mentioned: Set<String> = []

    mutating func addImports(of symbol: SymbolGraph.Symbol) {
      let needs = ModuleImports.needs(of: symbol)
      imports.formUnion(needs.modules)
      importsNetworking = importsNetworking || needs.networking
      if symbol.kind.identifier == "swift.protocol" { mentioned.insert(symbol.identifier.precise) }
      for fragment in symbol.declarationFragments ?? [] {
        if let usr = fragment.preciseIdentifier { mentioned.insert(usr) }
      }
    }
  }

  /// Collects the requirements of `symbol` and, recursively, of its parents in the module;
  /// `testable` when the spied protocol is internal (its spy uses `@testable import`).
  private func collect(
    _ symbol: SymbolGraph.Symbol,
    spiedNames: [String],
    testable: Bool,
    reader: SymbolGraphReader,
    into collected: inout CollectedRequirements
  ) {
    guard collected.visited.insert(symbol.identifier.precise).inserted else { return }
    collected.addImports(of: symbol)
    collected.protocolRequirements += DeclarationParser.whereRequirements(symbol)
    collected.superclass = collected.superclass ?? reader.superclass(of: symbol)
    collected.refinedElsewhere.formUnion(reader.parentsOfOtherModules(of: symbol))
    let leftToDefaults = reader.requirementsLeftToDefaults(
      of: symbol,
      testable: testable,
      spying: collected.conformances
    )
    for requirement in reader.members(of: symbol) {
      // A requirement the module implements for every conforming type keeps that
      // implementation (which may call the requirements the spy records), unless asked.
      if leftToDefaults.contains(requirement.identifier.precise),
        !spiesDefault(of: requirement, in: spiedNames + [symbol.path]),
        !Self.defaultIsAmbiguousInASpy(requirement, owner: symbol.name)
      {
        continue
      }
      if Self.isDeprecatedOverloadLeftToDefault(requirement, of: symbol, reader: reader) {
        continue
      }
      collected.addImports(of: requirement)
      do throws(DeclarationParser.Unsupported) {
        if requirement.kind.identifier == "swift.associatedtype" {
          let associated = try DeclarationParser.associatedType(requirement)
          // Restated by a refinement: one parameter, with the constraints of both.
          if let index = collected.associatedTypes.firstIndex(where: { $0.name == associated.name })
          {
            collected.associatedTypes[index].merge(associated)
          } else {
            collected.associatedTypes.append(associated)
          }
        } else if let member = try DeclarationParser.member(
          requirement,
          owner: symbol.name,
          isClass: false
        ) {
          collected.members.append(member)
          if case .conflicts(let reason) = SpyMembers.relation(of: member) {
            let problem = "\(symbol.name).\(requirement.name): \(reason)"
            if member.isStatic {
              collected.staticConflicts.append(problem)
            } else {
              collected.conflicts.append(problem)
            }
          }
        }
      } catch {
        collected.problems.append("\(symbol.name).\(requirement.name): \(error.reason)")
      }
    }
    let parents = reader.parents(of: symbol)
    collected.external += parents.external
    for parent in parents.local {
      // Also with the standard library's graph, a spy serves a sequence's elements itself.
      if let name = Self.sequenceParentsByID[parent.identifier.precise] {
        if !collected.external.contains(name) { collected.external.append(name) }
        continue
      }
      collect(
        parent,
        spiedNames: spiedNames,
        testable: testable,
        reader: reader,
        into: &collected
      )
    }
  }

  /// The typealiases (name: definition) of `aliases`, each defined without the others, without
  /// `Self.` and in parentheses unless it is one name or a collection (`[Expression]` is
  /// `[FinalResult.Element]`).
  static func definitions(of aliases: [[String: String]]) -> [String: String] {
    var all: [String: String] = [:]
    for each in aliases { all.merge(each) { first, _ in first } }
    func plain(_ text: String) -> String {
      var text = text
      for before in ["", "(", "[", "<", " ", ":"] {
        text = text.hasPrefix("Self.") ? String(text.dropFirst(5)) : text
        text = text.replacingAll(before + "Self.", with: before)
      }
      let isSimple = !text.contains(" ") && !text.contains("->")
      return isSimple ? text : "(\(text))"
    }
    var definitions = all.mapValues(plain)
    // Each round replaces one level of typealiases used in another's definition.
    for _ in all {
      let next = definitions.mapValues { $0.substitutingWords(definitions) }
      if next == definitions { break }
      definitions = next
    }
    return definitions
  }

  /// Whether the spy implements `requirement` although its module has a default: a member the
  /// spy inherits would be a second witness beside that default.
  private static func defaultIsAmbiguousInASpy(
    _ requirement: SymbolGraph.Symbol,
    owner: String
  ) -> Bool {
    guard let member = try? DeclarationParser.member(requirement, owner: owner, isClass: false)
    else { return false }
    return SpyMembers.isAmbiguousWithAnInheritedExtension(member)
  }

  /// The members without the restatements of a requirement that another restatement with fewer
  /// effects meets: a method that does not throw implements a requirement that throws, and one
  /// that does not suspend an `async` one, so a refinement that restates its parent's
  /// `func encode() throws` as `func encode()` has one requirement; two methods that differ by
  /// their effects alone would be an invalid redeclaration. Overloads by effects that one
  /// protocol declares are requirements of their own, and stay.
  static func keepingTheFewestEffects(_ members: [Member]) -> [Member] {
    let keys = members.map(\.requirementKeyWithoutEffects)
    return members.indices.compactMap { index in
      let met = members.indices.contains { other in
        members[other].owner != members[index].owner && keys[other] == keys[index]
          && members[other].meets(members[index])
          && (!members[index].meets(members[other]) || other < index)
      }
      return met ? nil : members[index]
    }
  }

  /// Why properties that share a name but not a type (a refinement's `var commands:
  /// [String: any Command]` and its parent's `[String: any AsyncCommand]`, neither left to a
  /// default) cannot all be implemented: a type declares one property of a name.
  private static func propertiesOfOneName(_ members: [Member]) -> [String] {
    let properties = members.filter {
      if case .property = $0.kind { return true } else { return false }
    }
    var problems: [String] = []
    var reported: Set<String> = []
    for (index, first) in properties.enumerated() {
      guard
        let other = properties[(index + 1)...].first(where: {
          $0.baseName == first.baseName && $0.isStatic == first.isStatic
        }), reported.insert("\(first.isStatic) \(first.baseName)").inserted
      else { continue }
      problems.append(
        "\(first.owner).\(first.displayName) and \(other.owner).\(other.displayName) are "
          + "properties of one name and different types (`\(first.returnType ?? "Void")`, "
          + "`\(other.returnType ?? "Void")`), and a type declares one property of a name"
      )
    }
    return problems
  }

  /// Whether `requirement` of `symbol`, a protocol of another module, is a deprecated overload
  /// its module implements in terms of a current requirement of the same name, which the spy
  /// implements instead: Swift warns on a type that implements `Executor.enqueue(_: Job)`
  /// ("implement 'func enqueue(ExecutorJob)' instead"), and `_Concurrency`'s defaults forward it.
  private static func isDeprecatedOverloadLeftToDefault(
    _ requirement: SymbolGraph.Symbol,
    of symbol: SymbolGraph.Symbol,
    reader: SymbolGraphReader
  ) -> Bool {
    guard requirement.isDeprecated,
      !reader.protocols.contains(where: { $0.identifier.precise == symbol.identifier.precise })
    else { return false }
    func baseName(_ member: SymbolGraph.Symbol) -> Substring { member.name.prefix { $0 != "(" } }
    let family = reader.members(of: symbol).filter { baseName($0) == baseName(requirement) }
    guard family.contains(where: { !$0.isDeprecated }) else { return false }
    // Declared with a default by the protocol, or by a parent the protocol restates it from.
    func signature(_ member: SymbolGraph.Symbol) -> String {
      DeclarationTokens(member.declarationFragments ?? []).signature
    }
    return ([symbol] + reader.parents(of: symbol).local).contains { owner in
      reader.members(of: owner).contains {
        signature($0) == signature(requirement)
          && reader.hasDefaultImplementation($0, testable: false)
      }
    }
  }

  /// What the parents of other modules and the class the protocol is constrained to ask of the
  /// spy: the raw value a `RawRepresentable` spy holds (that parent is then met and leaves
  /// `external`, and so does the class), and why a spy cannot meet the others.
  private static func examineParents(
    of name: String,
    external: inout [String],
    refined: Set<String>,
    superclass: SymbolGraph.Symbol?,
    protocolRequirements: [String],
    reader: SymbolGraphReader
  ) -> (rawValue: (type: String, initial: String)?, problems: [String]) {
    var problems: [String] = []
    // `RawRepresentable` with `RawValue` fixed to a type with a plain value: the spy holds one.
    var rawValue: (type: String, initial: String)?
    if external.contains("Swift.RawRepresentable"),
      let fixed = protocolRequirements.lazy.map({ $0.components(separatedBy: " == ") })
        .first(where: { $0.count == 2 && $0[0] == "RawValue" }),
      let initial = Self.plainValues[fixed[1].trimmingSpaces]
    {
      rawValue = (fixed[1].trimmingSpaces, initial)
      external.removeAll { $0 == "Swift.RawRepresentable" }
    }
    // Also a parent whose requirements a dependency's graph gives (`Swift.FloatingPoint` with the
    // standard library's graph): knowing them gives a spy no values for them. A
    // `RawRepresentable` the spy holds a raw value for has left `external`.
    let unmet = external + refined.subtracting(external + ["Swift.RawRepresentable"]).sorted()
    for parent in unmet where Self.unsatisfiable[parent] != nil {
      problems.append("\(name): it refines \(parent), \(Self.unsatisfiable[parent] ?? "")")
    }
    if let superclass {
      external.removeAll { $0 == superclass.identifier.precise }
      if let reason = Self.whyNotSubclassable(superclass, reader: reader) {
        problems.append("\(name): it is constrained to class \(superclass.name), \(reason)")
      }
    }
    if external.contains(where: { $0.hasSuffix("DistributedActor") }) {
      problems.append(
        "\(name): it refines DistributedActor, whose spy would be a distributed actor that needs "
          + "an actor system to run in"
      )
    }
    return (rawValue, problems)
  }

  /// The parents of other modules whose requirements the spy would not meet.
  private static func unsatisfiedParents(_ external: [String], members: [Member]) -> [String] {
    // Protocols of other modules: a spy inherits what these need, or there is nothing to do;
    // an actor spy is an `Actor`; the generator writes what `Equatable`, `Hashable` and
    // `Identifiable` need.
    let satisfied = Self.actorProtocols.union(Self.identityProtocols).union([
      "Swift.Sendable", "Swift.SendableMetatype", "Swift.AnyObject", "Swift.Copyable",
      "Swift.Escapable", "Swift.CustomStringConvertible", "Swift.Error",
      // Every requirement has a default; Linux declares some in FoundationEssentials.
      "Foundation.LocalizedError", "FoundationEssentials.LocalizedError",
      "Foundation.CustomNSError", "FoundationEssentials.CustomNSError",
    ]).union(SynthesizedParent.byName.keys)
      // The executors of the standard library, whose `enqueue` the protocol declares (their
      // other requirements have defaults).
      .union(
        members.contains { $0.baseName == "enqueue" && !$0.isStatic }
          ? ["_Concurrency.Executor", "_Concurrency.SerialExecutor", "_Concurrency.TaskExecutor"]
          : []
      )
    // An NSObject subclass provides NSObjectProtocol's requirements.
    let inheritsNSObject = external.contains { $0.hasSuffix(".NSObjectProtocol") }
    let unknown = Array(Set(external).subtracting(satisfied))
      .filter { !(inheritsNSObject && $0.hasSuffix(".NSObjectProtocol")) }
      .filter { !Self.isMarker($0) && Self.unsatisfiable[$0] == nil }.sorted()
    return unknown
  }

  /// Equality, hashing and the standard library's conformances the generator writes for the
  /// spy (``SynthesizedParent``), from the parents of other modules the protocol refines.
  private static func setIdentityAndSynthesized(of target: inout SpyTarget, external: [String]) {
    // An `NSObject` is already equal and hashed by identity; a protocol that restates `==` or
    // `hash(into:)` has it recorded instead.
    if !target.inheritsNSObject {
      let hashable = external.contains { $0.hasSuffix(".Hashable") }
      target.isHashableByIdentity = hashable && !target.members.contains { $0.baseName == "hash" }
      target.isEquatableByIdentity =
        (hashable || external.contains { $0.hasSuffix(".Equatable") || $0 == "Swift.Comparable" })
        && !target.members.contains { $0.isStatic && $0.head.contains("func == ") }
    }
    target.synthesized = Set(external.compactMap { SynthesizedParent.byName[$0] })
    // A requirement the protocol restates is recorded instead.
    let restated: [SynthesizedParent: (Member) -> Bool] = [
      .decodable: { $0.kind == .initializer && $0.displayName == "init(from:)" },
      .encodable: { $0.displayName == "encode(to:)" },
      .comparable: { $0.isStatic && $0.head.contains("func < ") },
      .caseIterable: { $0.isStatic && $0.baseName == "allCases" },
      .debugDescription: { !$0.isStatic && $0.baseName == "debugDescription" },
    ]
    target.synthesized = target.synthesized.filter { parent in
      !target.members.contains { restated[parent]?($0) ?? false }
    }
  }

  /// Why a spy cannot subclass the class its protocol is constrained to, or nil when it can:
  /// the class must be open (or internal, for `@testable import`) and have an `init()`.
  static func whyNotSubclassable(
    _ symbol: SymbolGraph.Symbol,
    reader: SymbolGraphReader
  ) -> String? {
    guard ["open", "internal", "package"].contains(symbol.accessLevel) else {
      return "which is \(symbol.accessLevel), so no other module can subclass it"
    }
    let hasPlainInit = reader.members(of: symbol).contains { member in
      member.kind.identifier == "swift.init" && member.declaration.hasSuffix("init()")
        && !["private", "fileprivate"].contains(member.accessLevel)
    }
    return hasPlainInit ? nil : "which has no init() its subclass spy can call"
  }

  /// Whether a parent of another module, `Module._Name`, is an underscored protocol: by
  /// convention a marker without requirements, such as `ArgumentParser._SendableMetatype`.
  static func isMarker(_ parent: String) -> Bool {
    (parent.split(separator: ".").last ?? "").hasPrefix("_")
  }

  /// The value of a spy created without a raw value, by the raw value's type.
  static let plainValues: [String: String] = [
    "Int": "0", "Int8": "0", "Int16": "0", "Int32": "0", "Int64": "0", "UInt": "0",
    "UInt8": "0", "UInt16": "0", "UInt32": "0", "UInt64": "0", "Double": "0", "Float": "0",
    "String": "\"\"", "Bool": "false",
  ]

  /// Protocols of the standard library no spy can meet, and why.
  static let unsatisfiable: [String: String] = [
    "Swift.RawRepresentable":
      "whose RawValue (not fixed to an integer, a floating-point number, a String or a Bool by "
      + "a where clause) and init?(rawValue:) a spy has no value for",
    "Swift.OptionSet": "whose spy would be a set of options rather than a spy",
    "Swift.Strideable": "whose distances a spy has no value for",
    "Swift.BinaryInteger": "whose arithmetic a spy has no value for",
    "Swift.FloatingPoint": "whose arithmetic a spy has no value for",
  ]

  /// The protocols of the standard library whose spies serve an array the test sets.
  static let sequenceParents: Set = ["Swift.Sequence", "Swift.Collection"]

  /// What the spy of a `Collection` (or a `Sequence`) would write that the protocol's module
  /// already implements for every conforming type, in an extension of the protocol or of one
  /// of its parents.
  static func implementedPositions(
    of symbol: SymbolGraph.Symbol,
    reader: SymbolGraphReader
  ) -> Set<String> {
    let served: Set = [
      "makeIterator()", "startIndex", "endIndex", "index(after:)", "subscript(_:)",
    ]
    let owners = Set([symbol.path] + reader.conformances(of: symbol))
    return Set(
      reader.graph.symbols.filter { member in
        member.swiftExtension != nil && served.contains(member.name)
          && (member.swiftExtension?.constraints?.isEmpty ?? true)
          && owners.contains(member.pathComponents.dropLast().joined(separator: "."))
      }.map(\.name)
    )
  }

  /// Whether the protocol's module implements all a `Collection` needs (SwiftGraph's `Graph`:
  /// `startIndex`, `endIndex`, `index(after:)`, `subscript(_:)`), or a `Sequence`'s
  /// `makeIterator()`, given what it `implemented` (``implementedPositions(of:reader:)``): its
  /// spy conforms with those, and serves no elements of its own.
  static func moduleServesElements(implemented: Set<String>, parents: [String]) -> Bool {
    let needed: Set =
      parents.contains("Swift.Collection")
      ? ["startIndex", "endIndex", "index(after:)", "subscript(_:)"] : ["makeIterator()"]
    return needed.isSubset(of: implemented)
  }

  /// ``sequenceParents`` by precise identifier, as the standard library's graph declares them.
  static let sequenceParentsByID = ["s:ST": "Swift.Sequence", "s:Sl": "Swift.Collection"]

  /// Why the spy of `symbol`, which refines `Sequence` or `Collection`, cannot serve its
  /// elements from an array: a refinement of `Collection` an array's positions do not meet, a
  /// `where` clause that fixes another of their associated types, its module's own
  /// implementation of what the spy would write (`implemented`), a requirement named
  /// `elements`, or an actor.
  static func whyNoElements(
    of symbol: SymbolGraph.Symbol,
    parents: Set<String>,
    protocolRequirements: [String],
    members: [Member],
    implemented: Set<String>,
    reader: SymbolGraphReader
  ) -> [String] {
    var reasons: [String] = []
    let refinements = [
      "Swift.BidirectionalCollection", "Swift.RandomAccessCollection",
      "Swift.MutableCollection", "Swift.RangeReplaceableCollection",
    ]
    for parent in refinements where parents.contains(parent) {
      reasons.append(
        "it refines \(parent), which a spy serving its elements from an array does not implement"
      )
    }
    let fixed = ["Iterator", "Index", "Indices", "SubSequence"]
    for requirement in protocolRequirements {
      let subject = String(requirement.prefix { $0 != " " && $0 != ":" && $0 != "." })
      if fixed.contains(subject) {
        reasons.append(
          "its where clause constrains \(subject) (`\(requirement)`), which a spy serving its "
            + "elements from an array (`Index` is `Int`) cannot meet"
        )
      }
    }
    for member in implemented.sorted() {
      reasons.append(
        "its module implements \(member) for it, which a spy serving its elements from an "
          + "array would declare again"
      )
    }
    if members.contains(where: { $0.baseName == "elements" }) {
      reasons.append(
        "it requires `elements`, the name of the array a spy serves its elements from"
      )
    }
    if !Self.actorProtocols.isDisjoint(with: parents) {
      reasons.append("its spy would be an actor, whose elements no iterator reads synchronously")
    }
    return reasons
  }

  /// Protocols of the standard library whose requirements a spy meets by its identity.
  static let identityProtocols: Set = ["Swift.Equatable", "Swift.Hashable", "Swift.Identifiable"]

  /// `var id: ID { get }` of `Identifiable`, where `ID` is `type`.
  static func identifier(of type: String, owner: String) -> Member {
    Member(
      kind: .property(hasSetter: false),
      isStatic: false,
      baseName: "id",
      displayName: "id",
      parameters: [],
      isAsync: false,
      throwing: .no,
      returnType: type,
      genericNames: [],
      head: "var id: \(type)",
      tail: "",
      owner: owner
    )
  }

  /// How the symbol graph names `Actor` (and `AnyActor`, which older toolchains declare as a
  /// protocol) when a protocol refines it: the spy of such a protocol is an actor.
  static let actorProtocols: Set = [
    "_Concurrency.Actor", "s:ScA", "_Concurrency.AnyActor",
  ]

  private func spyTarget(
    forClass symbol: SymbolGraph.Symbol,
    reader: SymbolGraphReader,
    diagnostics: inout [Diagnostic]
  ) -> SpyTarget? {
    var members: [Member] = []
    for member in reader.members(of: symbol) {
      let overridable =
        member.accessLevel == "open"
        || (symbol.accessLevel != "open" && member.accessLevel != "private"
          && member.accessLevel != "fileprivate")
      guard overridable else { continue }
      do throws(DeclarationParser.Unsupported) {
        if let parsed = try DeclarationParser.member(member, owner: symbol.name, isClass: true),
          !parsed.isStatic
        {
          members.append(parsed)
        }
      } catch {
        diagnostics.append(
          Self.notOverridden(member.name, of: symbol.name, reason: error.reason)
        )
      }
    }
    var imports: Set<String> = []
    var importsNetworking = false
    for member in [symbol] + reader.members(of: symbol) {
      let needs = ModuleImports.needs(of: member)
      imports.formUnion(needs.modules)
      importsNetworking = importsNetworking || needs.networking
    }
    var target = SpyTarget(
      typeName: symbol.path,
      isClass: true,
      isMainActor: false,
      isInternal: symbol.accessLevel != "public" && symbol.accessLevel != "open",
      members: members
    )
    target.imports = imports.subtracting([reader.graph.module.name])
    target.importsNetworking = importsNetworking
    return target
  }
}
