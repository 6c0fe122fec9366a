/// The parts of a Swift symbol graph (`<Module>.symbols.json`) the generator reads.
///
/// The format is the one `swift-symbolgraph-extract` writes and SwiftPM hands a command plugin
/// through `getSymbolGraph(for:options:)`. Only the fields below are decoded; the rest is
/// ignored, so newer toolchains that add fields keep working.
struct SymbolGraph: Decodable {
  struct Module: Decodable {
    let name: String
  }

  struct Symbol: Decodable {
    struct Kind: Decodable {
      let identifier: String
    }

    struct Identifier: Decodable {
      let precise: String
    }

    struct DocComment: Decodable {
      struct Line: Decodable {
        let text: String
      }

      let lines: [Line]
    }

    struct Generics: Decodable {
      struct Parameter: Decodable {
        let name: String
        let depth: Int
      }

      let parameters: [Parameter]?
    }

    let kind: Kind
    let identifier: Identifier
    let pathComponents: [String]
    let docComment: DocComment?
    var declarationFragments: [Fragment]?
    let accessLevel: String
    let swiftGenerics: Generics?
    let availability: [Availability]?
    /// Whether the symbol is declared `@_spi(Group)`; the graph does not name the group
    /// (``SPIGroups`` reads it from the declaration at ``location``).
    let spi: Bool?
    /// Where the symbol is declared: its file and the 0-based line and column of its name.
    let location: Location?
    /// For a member of an extension, what the extension says: a default implementation in an
    /// extension with a `where` clause does not serve every conforming type.
    let swiftExtension: Extension?

    struct Location: Decodable {
      struct Position: Decodable {
        let line: Int
        let character: Int
      }

      let uri: String
      let position: Position
    }

    struct Extension: Decodable {
      struct Constraint: Decodable {
        let kind: String
      }

      let constraints: [Constraint]?
    }

    /// One entry of a symbol's availability: deprecation is what the generator reads.
    struct Availability: Decodable {
      let domain: String?
      let isUnconditionallyDeprecated: Bool?
      let deprecated: Version?
    }

    struct Version: Decodable {
      let major: Int
      let minor: Int?
    }

    /// The Swift language version generated spies are compiled in: a symbol deprecated from
    /// this version or an earlier one (`@available(swift, deprecated: 5.6)`) is deprecated there.
    static let spiesLanguageVersion = (major: 6, minor: 0)

    /// Whether the symbol is deprecated everywhere (`@available(*, deprecated)`), or in the
    /// Swift language version spies are compiled in (`@available(swift, deprecated: 5.6)`): a
    /// spy restating it is deprecated too, so that what it mentions (its protocol where it
    /// conforms) warns nowhere. swiftc 6.3.1 is silent about a deprecated protocol in the
    /// inheritance clause of a type marked `@available(*, deprecated)`.
    var isDeprecated: Bool {
      guard let availability, !availability.isEmpty else { return false }
      return availability.contains { entry in
        guard entry.isUnconditionallyDeprecated != true else { return true }
        guard let deprecated = entry.deprecated else { return false }
        switch entry.domain?.lowercased() {
        case nil, "*":
          return true
        case "swift":
          let language = Self.spiesLanguageVersion
          return (deprecated.major, deprecated.minor ?? 0) <= (language.major, language.minor)
        default:
          return false
        }
      }
    }

    /// The symbol's name, such as `open(id:)` or `Loading`.
    var name: String { pathComponents.last ?? "" }
    /// The symbol's path, such as `StatusEditor.A.Client`.
    var path: String { pathComponents.joined(separator: ".") }
    /// The declaration as written, such as `func open(id: Int) throws -> String`.
    var declaration: String { (declarationFragments ?? []).map(\.spelling).joined() }
    /// The doc comment as one string, lines joined with newlines.
    var documentation: String { (docComment?.lines ?? []).map(\.text).joined(separator: "\n") }
  }

  struct Fragment: Decodable {
    let kind: String
    var spelling: String
    let preciseIdentifier: String?
  }

  struct Relationship: Decodable {
    let kind: String
    let source: String
    let target: String
    let targetFallback: String?
  }

  let module: Module
  let symbols: [Symbol]
  let relationships: [Relationship]
}
