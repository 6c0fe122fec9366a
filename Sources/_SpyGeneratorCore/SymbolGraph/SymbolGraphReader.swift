/// Turns a symbol graph into the protocols and classes it declares, with their requirements.
///
/// The reader indexes the graph once (symbols by identifier, relationships by source and by
/// target, protocols and classes by name), so that looking up one protocol's requirements or
/// parents costs what that protocol has, not what the module has: a module of 10,000 protocols
/// is read in one pass rather than 10,000 passes over its relationships.
struct SymbolGraphReader {
  let graph: SymbolGraph
  /// The symbols of the modules the graph's module depends on.
  let dependencySymbols: [SymbolGraph.Symbol]
  private let symbolsByID: [String: SymbolGraph.Symbol]
  private let symbolsByPath: [ArraySlice<String>: SymbolGraph.Symbol]
  private let relationshipsBySource: [String: [SymbolGraph.Relationship]]
  private let relationshipsByTarget: [String: [SymbolGraph.Relationship]]

  /// The module's protocols, in declaration order of the graph.
  let protocols: [SymbolGraph.Symbol]
  /// The module's classes, in declaration order of the graph.
  let classes: [SymbolGraph.Symbol]
  private let protocolsByName: [String: SymbolGraph.Symbol]
  /// Each protocol's typealiases of its associated types (`ListBuilder`'s `typealias
  /// Expression = FinalResult.Element`), name and definition, by the protocol's precise
  /// identifier: only a conforming type names them, so a spy spells their definitions.
  let aliasesOfAssociatedTypesByProtocol: [String: [String: String]]
  private let classesByName: [String: SymbolGraph.Symbol]

  /// Indexes `graph`, and the graphs of modules it depends on, whose symbols (a parent
  /// protocol's requirements) it looks up but whose protocols and classes get no spy.
  init(_ graph: SymbolGraph, dependencies: [SymbolGraph] = []) {
    self.graph = graph
    self.dependencySymbols = dependencies.flatMap(\.symbols)
    var symbolsByID: [String: SymbolGraph.Symbol] = [:]
    var protocols: [SymbolGraph.Symbol] = []
    var classes: [SymbolGraph.Symbol] = []
    var aliases: [String: [String: String]] = [:]
    func keep(_ symbol: SymbolGraph.Symbol, ifAliasOf owners: [String: String]) {
      guard let owner = owners[symbol.identifier.precise] else { return }
      let text = (symbol.declarationFragments ?? []).map(\.spelling).joined()
      // A generic typealias (FluentKit's `Field<Value> = FieldProperty<Self, Value> where …`)
      // keeps its name: its definition would need its arguments put in, and its `where` clause
      // taken out; a spy conforms to the protocol, so it names the alias as any conforming
      // type does.
      guard let equals = text.firstIndex(of: "="), !text[..<equals].contains("<") else { return }
      aliases[owner, default: [:]][symbol.name] = String(text[equals...].dropFirst()).trimmingSpaces
    }
    for dependency in dependencies {
      let spelling = TypeQualifier(dependency)
      for var symbol in dependency.symbols {
        spelling.qualify(&symbol)
        symbolsByID[symbol.identifier.precise] = symbol
        keep(symbol, ifAliasOf: spelling.protocolOfAliasOfAssociatedTypes)
      }
    }
    let spelling = TypeQualifier(graph)
    for var symbol in graph.symbols {
      spelling.qualify(&symbol)
      symbolsByID[symbol.identifier.precise] = symbol
      keep(symbol, ifAliasOf: spelling.protocolOfAliasOfAssociatedTypes)
      switch symbol.kind.identifier {
      case "swift.protocol": protocols.append(symbol)
      case "swift.class": classes.append(symbol)
      default: break
      }
    }
    var bySource: [String: [SymbolGraph.Relationship]] = [:]
    var byTarget: [String: [SymbolGraph.Relationship]] = [:]
    for relationship in graph.relationships + dependencies.flatMap(\.relationships) {
      bySource[relationship.source, default: []].append(relationship)
      byTarget[relationship.target, default: []].append(relationship)
    }
    self.symbolsByID = symbolsByID
    self.aliasesOfAssociatedTypesByProtocol = aliases
    var symbolsByPath: [ArraySlice<String>: SymbolGraph.Symbol] = [:]
    let typeKinds: Set = ["swift.struct", "swift.class", "swift.enum", "swift.protocol"]
    for symbol in graph.symbols where typeKinds.contains(symbol.kind.identifier) {
      symbolsByPath[symbol.pathComponents[...]] = symbol
    }
    self.symbolsByPath = symbolsByPath
    self.relationshipsBySource = bySource
    self.relationshipsByTarget = byTarget
    self.protocols = protocols
    self.classes = classes
    // By path (`StatusEditor.A.Client`) and by name; of a name, a top-level declaration wins,
    // else the first path in order, whatever the order of the graph.
    func byName(_ symbols: [SymbolGraph.Symbol]) -> [String: SymbolGraph.Symbol] {
      var result: [String: SymbolGraph.Symbol] = [:]
      for symbol in symbols { result[symbol.path] = symbol }
      let ranked = symbols.sorted {
        ($0.pathComponents.count, $0.path) < ($1.pathComponents.count, $1.path)
      }
      for symbol in ranked where result[symbol.name] == nil { result[symbol.name] = symbol }
      return result
    }
    self.protocolsByName = byName(protocols)
    self.classesByName = byName(classes)
  }

  /// The symbol of this precise identifier, of the module or of a dependency's graph.
  func symbol(withID id: String) -> SymbolGraph.Symbol? { symbolsByID[id] }

  /// The module's type (a struct, class, enum or protocol) at this path, such as
  /// `["Outer", "Inner"]`.
  func symbol(atPath path: ArraySlice<String>) -> SymbolGraph.Symbol? { symbolsByPath[path] }

  /// The protocol of this path or name, if the module declares one.
  func protocolNamed(_ name: String) -> SymbolGraph.Symbol? { protocolsByName[name] }

  /// The class of this path or name, if the module declares one.
  func classNamed(_ name: String) -> SymbolGraph.Symbol? { classesByName[name] }

  /// Names of the module's types that do not declare `Equatable` (or `Hashable`): values of
  /// them are recorded in `NotCompared`.
  var typesThatAreNotEquatable: Set<String> {
    let equatable = Set(
      graph.relationships
        .filter { $0.kind == "conformsTo" && ["s:SQ", "s:SH"].contains($0.target) }
        .map(\.source)
    )
    let kinds = ["swift.struct", "swift.class", "swift.enum", "swift.protocol"]
    return Set(
      graph.symbols
        .filter { kinds.contains($0.kind.identifier) && !equatable.contains($0.identifier.precise) }
        .map { $0.pathComponents.joined(separator: ".") }
    )
  }

  /// The protocols a protocol refines: those of this module, and the names of the others.
  func parents(of symbol: SymbolGraph.Symbol) -> (local: [SymbolGraph.Symbol], external: [String]) {
    var local: [SymbolGraph.Symbol] = []
    var external: [String] = []
    for relationship in relationshipsBySource[symbol.identifier.precise] ?? []
    where ["conformsTo", "inheritsFrom"].contains(relationship.kind) {
      if let parent = symbolsByID[relationship.target], parent.kind.identifier == "swift.protocol" {
        local.append(parent)
      } else {
        external.append(relationship.targetFallback ?? relationship.target)
      }
    }
    return (local, external)
  }

  /// The protocols of other modules `symbol` refines, as the graph names them (`Swift.Numeric`),
  /// whether or not a dependency's graph declares them.
  func parentsOfOtherModules(of symbol: SymbolGraph.Symbol) -> [String] {
    (relationshipsBySource[symbol.identifier.precise] ?? []).compactMap { relationship in
      ["conformsTo", "inheritsFrom"].contains(relationship.kind) ? relationship.targetFallback : nil
    }
  }

  /// The requirements of `symbol` the spy leaves to their default implementation (see
  /// ``hasDefaultImplementation(_:testable:spying:)``), but where every requirement of one base
  /// name has one: defaults of overloads call one another (a type must implement one of them).
  func requirementsLeftToDefaults(
    of symbol: SymbolGraph.Symbol,
    testable: Bool,
    spying spied: Set<String> = []
  ) -> Set<String> {
    let requirements = members(of: symbol).filter { $0.kind.identifier != "swift.associatedtype" }
    func baseName(_ requirement: SymbolGraph.Symbol) -> Substring {
      requirement.name.prefix { $0 != "(" }
    }
    func isDefaulted(_ requirement: SymbolGraph.Symbol) -> Bool {
      hasDefaultImplementation(requirement, testable: testable, spying: spied)
    }
    let defaulted = requirements.filter(isDefaulted)
    let families = Dictionary(grouping: requirements, by: baseName)
    let left = defaulted.filter { requirement in
      let family = families[baseName(requirement)] ?? []
      return family.count == 1 || family.contains { !isDefaulted($0) }
        || Self.namesSelfAsAGenericArgument(requirement)
    }
    return Set(left.map(\.identifier.precise))
  }

  /// Whether the declaration passes `Self` to a generic type (FluentKit's `ModelAlias`:
  /// `subscript<Field>(dynamicMember:) -> AliasedField<Self, Field> where Self.Model ==
  /// Field.Model`): a spy's own implementation would state its conformance in a generic
  /// requirement of a member of that conformance, which Swift rejects as self-referential, so
  /// such a requirement keeps its default even among overloads that all have one.
  static func namesSelfAsAGenericArgument(_ requirement: SymbolGraph.Symbol) -> Bool {
    let tokens = DeclarationTokens(requirement.declarationFragments ?? [])
    return tokens.indices.dropFirst().contains { index in
      tokens[index].isWord("Self")
        && (tokens[index - 1].isMark("<") || tokens[index - 1].isMark(","))
    }
  }

  /// The paths of the protocols a spy of `symbol` conforms to: the protocol and, transitively,
  /// its parents of this module.
  func conformances(of symbol: SymbolGraph.Symbol) -> Set<String> {
    var found: Set<String> = []
    var pending = [symbol]
    while let next = pending.popLast() {
      guard found.insert(next.path).inserted else { continue }
      pending += parents(of: next).local
    }
    return found
  }

  /// Whether the protocol's module implements `requirement` in an extension every conforming
  /// type gets (no `where` clause) that a spy sees (public, or any access when the spy uses
  /// `@testable import`), so that a spy may leave the requirement to it. `spied` holds the
  /// paths of the protocols the spy conforms to (``conformances(of:)``): the extension of one of
  /// them serves the spy, even for a requirement of its parent.
  func hasDefaultImplementation(
    _ requirement: SymbolGraph.Symbol,
    testable: Bool,
    spying spied: Set<String> = []
  ) -> Bool {
    let requirementTokens = DeclarationTokens(requirement.declarationFragments ?? [])
    let needsSetter = requirementTokens.hasSetter
    return (relationshipsByTarget[requirement.identifier.precise] ?? []).contains { relationship in
      guard relationship.kind == "defaultImplementationOf",
        let implementation = symbolsByID[relationship.source]
      else { return false }
      let visible =
        ["public", "open"].contains(implementation.accessLevel)
        || (testable && !["private", "fileprivate"].contains(implementation.accessLevel))
      // In an extension of the protocol that declares the requirement, or of a refinement the
      // spy conforms to: one of a refinement (`extension Tracer` implementing
      // `LegacyTracer.startAnySpan`) serves only that refinement's types.
      let extended = implementation.pathComponents.dropLast()
      let ownExtension =
        extended == requirement.pathComponents.dropLast()
        || spied.contains(extended.joined(separator: "."))
      // The graph links an extension's member of the same name, which may be an overload of
      // other types (`init(derEncoded: [UInt8])` for `init(derEncoded: ASN1Node)`): only a
      // member declared as the requirement is serves as its implementation.
      let implementationTokens = DeclarationTokens(implementation.declarationFragments ?? [])
      let sameDeclaration = implementationTokens.signature == requirementTokens.signature
      let unconditional = implementation.swiftExtension?.constraints?.isEmpty ?? true
      let settable = !needsSetter || implementationTokens.hasSetter
      // A deprecated default (swift-log's `log(event:)`: "You should implement this method")
      // is one a conforming type is meant to replace.
      return visible && ownExtension && sameDeclaration && unconditional && settable
        && !implementation.isDeprecated
    }
  }

  /// The class of this module a protocol is constrained to, as in `protocol P: BaseController`.
  func superclass(of symbol: SymbolGraph.Symbol) -> SymbolGraph.Symbol? {
    for relationship in relationshipsBySource[symbol.identifier.precise] ?? []
    where relationship.kind == "inheritsFrom" {
      if let parent = symbolsByID[relationship.target], parent.kind.identifier == "swift.class" {
        return parent
      }
    }
    return nil
  }

  /// The direct requirements of a protocol, or the members of a class.
  func members(of symbol: SymbolGraph.Symbol) -> [SymbolGraph.Symbol] {
    let kind = symbol.kind.identifier == "swift.protocol" ? "requirementOf" : "memberOf"
    return (relationshipsByTarget[symbol.identifier.precise] ?? [])
      .filter { $0.kind == kind }
      .compactMap { symbolsByID[$0.source] }
  }
}

/// Spells the types in declarations so that a spy, declared at the top level of another
/// module, names the same types: a type nested in another (`Value` in `StatusEditor.A`, a
/// protocol's own typealias) with its path, and a type named like an associated type (which
/// the spy declares as a generic parameter, `Span` in `associatedtype Span: Span`), like a
/// Foundation type (`Notification`, which every spy imports) or like a generic parameter of its
/// declaration, with its module.
struct TypeQualifier {
  private let pathByID: [String: String]
  private let kindByID: [String: String]
  private let associatedTypeNames: Set<String>
  private let module: String
  private let aliasesOfAssociatedTypes: Set<String>
  /// The protocol of each typealias of its associated types, by their precise identifiers.
  let protocolOfAliasOfAssociatedTypes: [String: String]

  init(_ graph: SymbolGraph) {
    var pathByID: [String: String] = [:]
    var kindByID: [String: String] = [:]
    var associated: Set<String> = []
    for symbol in graph.symbols {
      pathByID[symbol.identifier.precise] = symbol.path
      kindByID[symbol.identifier.precise] = symbol.kind.identifier
      if symbol.kind.identifier == "swift.associatedtype" { associated.insert(symbol.name) }
    }
    self.pathByID = pathByID
    self.kindByID = kindByID
    self.associatedTypeNames = associated
    self.module = graph.module.name
    // A protocol's typealias of its associated types (SwiftSyntaxBuilder's `ListBuilder`:
    // `typealias Expression = FinalResult.Element`, `typealias Component = [Expression]`) is no
    // type outside a conforming type: declarations keep its bare name, and a spy spells its
    // definition.
    var protocolByPath: [String: String] = [:]
    for symbol in graph.symbols where symbol.kind.identifier == "swift.protocol" {
      protocolByPath[symbol.path] = symbol.identifier.precise
    }
    let aliases = graph.symbols.filter {
      $0.kind.identifier == "swift.typealias"
        && protocolByPath[$0.pathComponents.dropLast().joined(separator: ".")] != nil
    }
    var dependent: Set<String> = []
    var grew = true
    while grew {
      grew = false
      let dependentNames = Set(
        aliases.filter { dependent.contains($0.identifier.precise) }
          .map(\.name)
      )
      for alias in aliases where !dependent.contains(alias.identifier.precise) {
        // The graph may write another alias without its identifier (`[Self.Expression]`).
        let fragments = alias.declarationFragments ?? []
        if fragments.contains(where: { fragment in
          let usr = fragment.preciseIdentifier ?? ""
          return kindByID[usr] == "swift.associatedtype" || usr.hasSuffix("Qa")
            || dependent.contains(usr) || fragment.spelling == "Self"
            || (fragment.kind == "typeIdentifier" && dependentNames.contains(fragment.spelling))
        }) {
          dependent.insert(alias.identifier.precise)
          grew = true
        }
      }
    }
    self.aliasesOfAssociatedTypes = dependent
    var owners: [String: String] = [:]
    for alias in aliases where dependent.contains(alias.identifier.precise) {
      owners[alias.identifier.precise] =
        protocolByPath[alias.pathComponents.dropLast().joined(separator: ".")]
    }
    self.protocolOfAliasOfAssociatedTypes = owners
  }

  func qualify(_ symbol: inout SymbolGraph.Symbol) {
    guard var fragments = symbol.declarationFragments else { return }
    // The declaration's own generic parameters: a type spelled like one of them
    // (`receive<Subscriber: OpenCombine.Subscriber>`, which the graph writes as
    // `where Subscriber : Subscriber`) keeps its module, or the parameter would shadow it.
    let genericNames = Set(fragments.filter { $0.kind == "genericParameter" }.map(\.spelling))
    for index in fragments.indices where fragments[index].kind == "typeIdentifier" {
      guard let usr = fragments[index].preciseIdentifier else { continue }
      // A protocol's typealias of a plain type through `Self` (WASI's `MonotonicClock`:
      // `func now() throws -> Self.Instant`, where `typealias Instant = UInt64`): with the
      // protocol's path, as a spy, which drops `Self.`, would otherwise name another type
      // (`Duration` is the standard library's).
      if index > 1, fragments[index - 1].spelling == ".", fragments[index - 2].spelling == "Self",
        kindByID[usr] == "swift.typealias", !aliasesOfAssociatedTypes.contains(usr),
        let path = pathByID[usr], path.contains(".")
      {
        fragments[index - 2].spelling = ""
        fragments[index - 1].spelling = ""
        fragments[index].spelling = path
        continue
      }
      // Already qualified (`Outer.Inner`, `Self.Item`): spelled as written.
      if index > 0, fragments[index - 1].spelling.hasSuffix(".") { continue }
      let spelling = fragments[index].spelling
      if genericNames.contains(spelling), kindByID[usr] != "swift.generic.parameter",
        let owner = kindByID[usr] == nil ? ModuleImports.module(ofUSR: usr) : module
      {
        fragments[index].spelling = "\(owner).\(pathByID[usr] ?? spelling)"
        continue
      }
      if let kind = kindByID[usr] {
        guard kind != "swift.associatedtype", kind != "swift.generic.parameter",
          let path = pathByID[usr]
        else { continue }
        if aliasesOfAssociatedTypes.contains(usr) {
          continue
        } else if path.contains(".") && path.hasSuffix("." + spelling) {
          fragments[index].spelling = path
        } else if path == spelling,
          associatedTypeNames.contains(spelling)
            || SpyRenderer.importedTypeNames.contains(spelling)
        {
          fragments[index].spelling = "\(module).\(spelling)"
        }
      } else if associatedTypeNames.contains(spelling),
        let other = ModuleImports.module(ofUSR: usr), other != module, !usr.hasSuffix("Qa")
      {
        fragments[index].spelling = "\(other).\(spelling)"
      }
    }
    symbol.declarationFragments = fragments
  }
}
