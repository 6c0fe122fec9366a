import Foundation
import Testing
import _SpyGeneratorCore

// The symbol graphs the generator's shape tests feed it: a module `M` with a protocol `Shapes`.

/// A requirement of the protocol `Shapes` (or of its parent `Base`), or another symbol of its
/// module.
enum Declared {
  case method(String, generics: [String] = [])
  case staticMethod(String)
  case operatorRequirement(String)
  case property(String)
  case initializer(String, generics: [String] = [])
  case subscriptRequirement(String, generics: [String] = [])
  case associated(String)
  case alias(String, String)
  /// A struct of the module that conforms to the protocols with these precise identifiers.
  case type(String, conformsTo: [String])
  /// A symbol of the module at this path, with this precise identifier and kind, such as a
  /// typealias nested in the protocol.
  case nested([String], id: String, kind: String)

  /// The symbol's kind, the last component of its path, and its generic parameters.
  var symbol: (kind: String, name: String, generics: [String])? {
    switch self {
    case .method(let declaration, let generics):
      return ("swift.method", Self.functionName(declaration), generics)
    case .staticMethod(let declaration):
      return ("swift.type.method", Self.functionName(declaration), [])
    case .operatorRequirement(let declaration):
      let name = declaration.split(separator: " ").first { $0.allSatisfy { !$0.isLetter } }
      return ("swift.func.op", "\(name ?? "")(_:_:)", [])
    case .property(let declaration):
      let name = (declaration.components(separatedBy: "var ").last ?? "").prefix { $0 != ":" }
      return ("swift.property", String(name), [])
    case .initializer(_, let generics):
      return ("swift.init", "init(…)", generics)
    case .subscriptRequirement(_, let generics):
      return ("swift.subscript", "subscript(…)", generics)
    case .associated(let declaration):
      let name = declaration.dropFirst("associatedtype ".count).prefix { $0 != " " }
      return ("swift.associatedtype", String(name), [])
    case .alias, .type, .nested:
      return nil
    }
  }

  var declaration: String {
    switch self {
    case .method(let text, _), .staticMethod(let text), .operatorRequirement(let text),
      .property(let text), .initializer(let text, _), .subscriptRequirement(let text, _),
      .associated(let text), .alias(_, let text):
      return text
    case .type(let name, _):
      return "struct \(name)"
    case .nested(let path, _, let kind):
      return "\(kind.dropFirst("swift.".count)) \(path.last ?? "")"
    }
  }

  private static func functionName(_ declaration: String) -> String {
    let afterFunc = declaration.components(separatedBy: "func ").last ?? declaration
    return "\(afterFunc.prefix { $0 != "(" && $0 != "<" })(…)"
  }
}

func spyText(
  _ requirements: [Declared],
  declaration: String = "protocol Shapes",
  types: [Declared] = [],
  parents: [String: String] = [:]
) throws -> String {
  let output = try generatedOutput(
    requirements,
    declaration: declaration,
    types: types,
    parents: parents
  )
  return try #require(output.files.first).contents
}

/// The protocols of other modules an actor-bound protocol refines, as the symbol graph names
/// them.
let actorParents = [
  "s:ScA": "_Concurrency.Actor", "s:s8SendableP": "Swift.Sendable",
  "s:s16SendableMetatypeP": "Swift.SendableMetatype",
]

/// Generates from a symbol graph of module `M` with a protocol `Shapes`, declared as
/// `declaration`, refining the protocols of other modules in `parents` (precise identifier:
/// name) and, when `parent` is given, a protocol `Base` of `M` with those requirements.
func generatedOutput(
  _ requirements: [Declared],
  declaration: String = "protocol Shapes",
  types: [Declared] = [],
  parents: [String: String] = [:],
  parent: [Declared]? = nil,
  superclass: (name: String, access: String, initializers: [String])? = nil
) throws -> SpyGenerator.Output {
  var symbols: [[String: Any]] = [
    fixtureSymbol("p", kind: "swift.protocol", path: ["Shapes"], declaration: declaration)
  ]
  var relationships: [[String: Any]] = parents.sorted { $0.key < $1.key }.map { target, name in
    ["kind": "conformsTo", "source": "p", "target": target, "targetFallback": name]
  }
  func add(_ requirements: [Declared], of protocolID: String, named name: String) {
    for (index, requirement) in requirements.enumerated() {
      guard let (kind, memberName, generics) = requirement.symbol else { continue }
      let id = "\(protocolID).\(index)"
      var member = fixtureSymbol(
        id,
        kind: kind,
        path: [name, memberName],
        declaration: requirement.declaration
      )
      if !generics.isEmpty {
        member["swiftGenerics"] = [
          "parameters": generics.map { ["name": $0, "index": 0, "depth": 1] }
        ]
      }
      symbols.append(member)
      relationships.append(["kind": "requirementOf", "source": id, "target": protocolID])
    }
  }
  add(requirements, of: "p", named: "Shapes")
  if let parent {
    symbols.append(
      fixtureSymbol("b", kind: "swift.protocol", path: ["Base"], declaration: "protocol Base")
    )
    relationships.append(["kind": "conformsTo", "source": "p", "target": "b"])
    add(parent, of: "b", named: "Base")
  }
  if let superclass {
    var symbol = fixtureSymbol(
      "c",
      kind: "swift.class",
      path: [superclass.name],
      declaration: "class \(superclass.name)"
    )
    symbol["accessLevel"] = superclass.access
    symbols.append(symbol)
    relationships.append(["kind": "inheritsFrom", "source": "p", "target": "c"])
    for (index, initializer) in superclass.initializers.enumerated() {
      symbols.append(
        fixtureSymbol(
          "c.\(index)",
          kind: "swift.init",
          path: [superclass.name, "init(…)"],
          declaration: initializer
        )
      )
      relationships.append(["kind": "memberOf", "source": "c.\(index)", "target": "c"])
    }
  }
  for (index, type) in types.enumerated() {
    switch type {
    case .alias(let name, let text):
      symbols.append(
        fixtureSymbol("t\(index)", kind: "swift.typealias", path: [name], declaration: text)
      )
    case .type(let name, let conformances):
      symbols.append(
        fixtureSymbol(
          "t\(index)",
          kind: "swift.struct",
          path: [name],
          declaration: type.declaration
        )
      )
      for target in conformances {
        relationships.append(["kind": "conformsTo", "source": "t\(index)", "target": target])
      }
    case .nested(let path, let id, let kind):
      symbols.append(
        fixtureSymbol(id, kind: kind, path: path, declaration: type.declaration)
      )
    default:
      continue
    }
  }
  let graph: [String: Any] = [
    "module": ["name": "M"], "symbols": symbols, "relationships": relationships,
  ]
  let generator = SpyGenerator(options: SpyGenerator.Options(command: "generate"))
  return try generator.generate(symbolGraph: JSONSerialization.data(withJSONObject: graph))
}

func fixtureSymbol(
  _ id: String,
  kind: String,
  path: [String],
  declaration: String
) -> [String: Any] {
  // `⚠︎swift 5.6 ` marks a symbol deprecated from that Swift language version,
  // `@available(swift, deprecated: 5.6)`, which the graph says in its `availability`.
  if declaration.hasPrefix("⚠︎swift ") {
    let words = declaration.split(separator: " ", maxSplits: 2)
    let version = words[1].split(separator: ".").compactMap { Int($0) }
    var symbol = fixtureSymbol(id, kind: kind, path: path, declaration: String(words[2]))
    symbol["availability"] = [
      [
        "domain": "Swift", "message": "Use something else.",
        "deprecated": ["major": version[0], "minor": version.count > 1 ? version[1] : 0],
      ]
    ]
    return symbol
  }
  // `⚠︎ ` marks a deprecated symbol, which the graph says in its `availability`.
  if declaration.hasPrefix("⚠︎ ") {
    var symbol = fixtureSymbol(
      id,
      kind: kind,
      path: path,
      declaration: String(declaration.dropFirst("⚠︎ ".count))
    )
    symbol["availability"] = [["domain": "*", "isUnconditionallyDeprecated": true]]
    return symbol
  }
  // `@MainActor` is an attribute fragment, which the generator looks for.
  let attribute = "@MainActor "
  let fragments: [[String: String]] =
    declaration.hasPrefix(attribute)
    ? [["kind": "text", "spelling": "@"], ["kind": "attribute", "spelling": "MainActor"]]
      + fragments(" " + declaration.dropFirst(attribute.count))
    : fragments(declaration)
  return [
    "kind": ["identifier": kind],
    "identifier": ["precise": id],
    "pathComponents": path,
    "declarationFragments": fragments,
    "accessLevel": "public",
  ]
}

/// The declaration's fragments: text, and a type identifier for each `⟦Name|usr⟧`, which the
/// symbol graph writes as `{"kind": "typeIdentifier", "spelling": "Name", "preciseIdentifier":
/// "usr"}`, as for `ByteBuffer` in `⟦ByteBuffer|s:7NIOCore10ByteBufferV⟧`.
/// `⟪Name⟫` is a generic parameter's declaration, `{"kind": "genericParameter", …}`.
func fragments(_ declaration: String) -> [[String: String]] {
  if let open = declaration.range(of: "⟪"), let close = declaration.range(of: "⟫") {
    return fragments(String(declaration[..<open.lowerBound]))
      + [
        [
          "kind": "genericParameter",
          "spelling": String(declaration[open.upperBound..<close.lowerBound]),
        ]
      ]
      + fragments(String(declaration[close.upperBound...]))
  }
  var result: [[String: String]] = []
  var rest = Substring(declaration)
  while let open = rest.range(of: "⟦"), let close = rest.range(of: "⟧") {
    if open.lowerBound > rest.startIndex {
      result.append(["kind": "text", "spelling": String(rest[..<open.lowerBound])])
    }
    let parts = rest[open.upperBound..<close.lowerBound].split(separator: "|")
    result.append([
      "kind": "typeIdentifier", "spelling": String(parts[0]),
      "preciseIdentifier": String(parts[1]),
    ])
    rest = rest[close.upperBound...]
  }
  if !rest.isEmpty { result.append(["kind": "text", "spelling": String(rest)]) }
  return result
}
