/// Turns a symbol graph into the protocols and classes it declares, with their requirements.
///
/// The reader indexes the graph once (symbols by identifier, relationships by source and by
/// target, protocols and classes by name), so that looking up one protocol's requirements or
/// parents costs what that protocol has, not what the module has: a module of 10,000 protocols
/// is read in one pass rather than 10,000 passes over its relationships.
struct SymbolGraphReader {
  let graph: SymbolGraph
  private let symbolsByID: [String: SymbolGraph.Symbol]
  private let relationshipsBySource: [String: [SymbolGraph.Relationship]]
  private let relationshipsByTarget: [String: [SymbolGraph.Relationship]]

  /// The module's protocols, in declaration order of the graph.
  let protocols: [SymbolGraph.Symbol]
  /// The module's classes, in declaration order of the graph.
  let classes: [SymbolGraph.Symbol]
  private let protocolsByName: [String: SymbolGraph.Symbol]
  private let classesByName: [String: SymbolGraph.Symbol]

  init(_ graph: SymbolGraph) {
    self.graph = graph
    var symbolsByID: [String: SymbolGraph.Symbol] = [:]
    var protocols: [SymbolGraph.Symbol] = []
    var classes: [SymbolGraph.Symbol] = []
    for symbol in graph.symbols {
      symbolsByID[symbol.identifier.precise] = symbol
      switch symbol.kind.identifier {
      case "swift.protocol": protocols.append(symbol)
      case "swift.class": classes.append(symbol)
      default: break
      }
    }
    var bySource: [String: [SymbolGraph.Relationship]] = [:]
    var byTarget: [String: [SymbolGraph.Relationship]] = [:]
    for relationship in graph.relationships {
      bySource[relationship.source, default: []].append(relationship)
      byTarget[relationship.target, default: []].append(relationship)
    }
    self.symbolsByID = symbolsByID
    self.relationshipsBySource = bySource
    self.relationshipsByTarget = byTarget
    self.protocols = protocols
    self.classes = classes
    // The first declaration of a name wins, as `first(where:)` over the graph did.
    self.protocolsByName = Dictionary(
      protocols.map { ($0.name, $0) },
      uniquingKeysWith: { a, _ in a }
    )
    self.classesByName = Dictionary(classes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
  }

  /// The protocol of this name, if the module declares one.
  func protocolNamed(_ name: String) -> SymbolGraph.Symbol? { protocolsByName[name] }

  /// The class of this name, if the module declares one.
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
