import Foundation
import Testing
import _SpyGeneratorCore

/// Generates the spies of module `M` whose protocol `P` has `requirements`, each written as it
/// is declared: `func open(id: Int)`, `static var name: String { get }`, `init(id: Int)`,
/// `subscript(key: String) -> Int { get }`. A requirement's own generic parameters are listed
/// after a `|`: `func put<T>(_ value: T) | T`.
func generateProtocol(_ requirements: [String]) throws -> SpyGenerator.Output {
  var symbols: [[String: Any]] = [
    fixtureSymbol("p", kind: "swift.protocol", path: ["P"], declaration: "protocol P")
  ]
  var relationships: [[String: Any]] = []
  for (index, requirement) in requirements.enumerated() {
    let parts = requirement.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    let declaration = parts[0]
    let isStatic = declaration.hasPrefix("static ")
    let plain = isStatic ? String(declaration.dropFirst("static ".count)) : declaration
    let kind: String
    let name: String
    if plain.hasPrefix("func ") {
      kind = isStatic ? "swift.type.method" : "swift.method"
      name = String(plain.dropFirst("func ".count).prefix { $0 != "(" && $0 != "<" }) + "(…)"
    } else if plain.hasPrefix("var ") {
      kind = isStatic ? "swift.type.property" : "swift.property"
      name = String(plain.dropFirst("var ".count).prefix { $0 != ":" })
    } else if plain.hasPrefix("init") {
      kind = "swift.init"
      name = "init(…)"
    } else {
      kind = isStatic ? "swift.type.subscript" : "swift.subscript"
      name = "subscript(…)"
    }
    var member = fixtureSymbol(
      "m\(index)",
      kind: kind,
      path: ["P", name],
      declaration: declaration
    )
    if parts.count > 1 {
      let generics = parts[1].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      member["swiftGenerics"] = [
        "parameters": generics.map { ["name": $0, "index": 0, "depth": 1] }
      ]
    }
    symbols.append(member)
    relationships.append(["kind": "requirementOf", "source": "m\(index)", "target": "p"])
  }
  let graph: [String: Any] = [
    "module": ["name": "M"], "symbols": symbols, "relationships": relationships,
  ]
  let generator = SpyGenerator(options: SpyGenerator.Options(command: "generate"))
  return try generator.generate(symbolGraph: JSONSerialization.data(withJSONObject: graph))
}

/// The text of the spy of a protocol `P` with `requirements` (see ``generateProtocol(_:)``).
func protocolSpy(_ requirements: [String]) throws -> String {
  try #require(try generateProtocol(requirements).files.first).contents
}

/// The `Call` cases of a spy, as declared: `case open(id: Int)`.
func callCases(of spy: String) -> [String] {
  let enumBody = spy.components(separatedBy: "  enum Call: SpyCall {\n").last ?? ""
  let cases = enumBody.components(separatedBy: "\n    enum Method").first ?? ""
  return cases.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    .filter { $0.hasPrefix("case ") }
}
