/// Turns a symbol graph into the protocols and classes it declares, with their requirements.
struct SymbolGraphReader {
  let graph: SymbolGraph
  private let symbolsByID: [String: SymbolGraph.Symbol]

  init(_ graph: SymbolGraph) {
    self.graph = graph
    var symbolsByID: [String: SymbolGraph.Symbol] = [:]
    for symbol in graph.symbols { symbolsByID[symbol.identifier.precise] = symbol }
    self.symbolsByID = symbolsByID
  }

  /// The module's protocols, by name, in declaration order of the graph.
  var protocols: [SymbolGraph.Symbol] {
    graph.symbols.filter { $0.kind.identifier == "swift.protocol" }
  }

  /// The module's classes.
  var classes: [SymbolGraph.Symbol] {
    graph.symbols.filter { $0.kind.identifier == "swift.class" }
  }

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
    for relationship in graph.relationships
    where relationship.source == symbol.identifier.precise
      && ["conformsTo", "inheritsFrom"].contains(relationship.kind)
    {
      if let parent = symbolsByID[relationship.target], parent.kind.identifier == "swift.protocol" {
        local.append(parent)
      } else {
        external.append(relationship.targetFallback ?? relationship.target)
      }
    }
    return (local, external)
  }

  /// The direct requirements of a protocol, or the members of a class.
  func members(of symbol: SymbolGraph.Symbol) -> [SymbolGraph.Symbol] {
    let kind = symbol.kind.identifier == "swift.protocol" ? "requirementOf" : "memberOf"
    let ids = graph.relationships
      .filter { $0.kind == kind && $0.target == symbol.identifier.precise }
      .map(\.source)
    return ids.compactMap { symbolsByID[$0] }
  }
}
