import Foundation

/// What the migrator reads from a module's symbol graph (`<Module>.symbols.json`): its static
/// and global properties with their types and isolation, and which type names are classes or
/// actors.
///
/// The source text alone says what a declaration spells; the symbol graph adds what the
/// compiler inferred: the type of `static let shared = makeManager()`, whether a type declared
/// elsewhere is a class (its precise identifier ends in `C`, or is an Objective-C class), and an
/// inferred `@MainActor`.
struct ModuleSymbols: Sendable {
  struct Property: Sendable, Equatable {
    /// The container's path and the property's name: `["Manager", "shared"]`.
    let path: [String]
    /// The declared type as the compiler spells it (`Manager`, `Manager?`).
    let type: String
    /// Whether the type is a class or an actor (by its precise identifier).
    let typeIsClass: Bool
    let isMainActor: Bool
    let accessLevel: String
    /// The file's name and the 1-based line, when the graph has a location.
    let fileName: String?
    let line: Int?
  }

  /// The module's static and global properties.
  var properties: [Property] = []
  /// Names of the module's classes and actors (last path component and full path).
  var classNames: Set<String> = []
  /// Names of the module's `@MainActor` classes.
  var mainActorClassNames: Set<String> = []
  /// Names of the module's structs and enums.
  var valueTypeNames: Set<String> = []

  init() {}

  /// Reads a symbol graph.
  init(symbolGraph data: Data) throws {
    let graph = try JSONDecoder().decode(Graph.self, from: data)
    for symbol in graph.symbols {
      let declaration = (symbol.declarationFragments ?? []).map(\.spelling).joined()
      let path = symbol.pathComponents.joined(separator: ".")
      switch symbol.kind.identifier {
      case "swift.class", "swift.actor":
        classNames.insert(path)
        if declaration.contains("@MainActor") { mainActorClassNames.insert(path) }
      case "swift.struct", "swift.enum":
        valueTypeNames.insert(path)
      case "swift.type.property", "swift.var":
        let fragments = symbol.declarationFragments ?? []
        // The type: the fragments after the first `:` that follows the name.
        guard let colon = fragments.firstIndex(where: { $0.spelling.hasPrefix(":") }) else {
          continue
        }
        let typeFragments = fragments[fragments.index(after: colon)...]
        let type = typeFragments.map(\.spelling).joined()
          .trimmingCharacters(in: .whitespaces)
        let typeIsClass =
          typeFragments.first { $0.kind == "typeIdentifier" }?.preciseIdentifier.map(
            Self.isClassIdentifier
          ) ?? false
        var fileName: String?
        if let uri = symbol.location?.uri {
          fileName = URL(string: uri)?.lastPathComponent ?? (uri as NSString).lastPathComponent
        }
        properties.append(
          Property(
            path: symbol.pathComponents,
            type: type,
            typeIsClass: typeIsClass,
            isMainActor: declaration.contains("@MainActor"),
            accessLevel: symbol.accessLevel,
            fileName: fileName,
            line: symbol.location.map { $0.position.line + 1 }
          )
        )
      default: break
      }
    }
  }

  /// Whether a precise identifier names a class (`s:…C`, Objective-C `c:objc(cs)…`).
  static func isClassIdentifier(_ identifier: String) -> Bool {
    if identifier.hasPrefix("c:objc(cs)") { return true }
    return identifier.hasPrefix("s:") && identifier.hasSuffix("C")
  }

  /// The property declared at this file's line with this name.
  func property(named name: String, fileName: String, line: Int) -> Property? {
    properties.first { $0.path.last == name && $0.fileName == fileName && $0.line == line }
      ?? properties.first { $0.path.last == name && $0.fileName == fileName && $0.line == nil }
  }

  private struct Graph: Decodable {
    struct Symbol: Decodable {
      struct Kind: Decodable { let identifier: String }
      struct Fragment: Decodable {
        let kind: String
        let spelling: String
        let preciseIdentifier: String?
      }
      struct Location: Decodable {
        struct Position: Decodable { let line: Int }
        let uri: String
        let position: Position
      }
      let kind: Kind
      let pathComponents: [String]
      let declarationFragments: [Fragment]?
      let accessLevel: String
      let location: Location?
    }
    let symbols: [Symbol]
  }
}
