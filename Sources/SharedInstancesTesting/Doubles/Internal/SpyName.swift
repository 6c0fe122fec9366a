/// How spies name doubles and list calls in messages.
enum SpyName {
  /// The name of the type that declares `type`, e.g. `ScaryStub` for `ScaryStub.Call`, or
  /// `Spy<ScaryCall>` for a top-level `ScaryCall`.
  static func declaringType(of type: Any.Type) -> String {
    // `String(reflecting:)` gives `Module.Outer.Call`, with `(unknown context at $…)` or
    // `(Outer in _ABC)` pieces for local and private types, and generic arguments in `<>`.
    let components = topLevelComponents(of: String(reflecting: type))
      .dropFirst()  // the module
      .filter { !$0.hasPrefix("(") }
    guard components.count >= 2 else { return "Spy<\(String(describing: type))>" }
    return components[components.count - 2]
  }

  /// Splits a qualified type name at the dots outside parentheses and angle brackets.
  private static func topLevelComponents(of name: String) -> [String] {
    var components: [String] = []
    var current = ""
    var depth = 0
    for character in name {
      switch character {
      case "(", "<": depth += 1
      case ")", ">": depth -= 1
      case "." where depth == 0:
        components.append(current)
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    components.append(current)
    return components
  }

  /// `2 calls: [open(id: 3), refresh]`, at most `limit` of them, the most recent ones.
  static func describe<Call>(_ calls: [Call], limit: Int = 20) -> String {
    switch calls.count {
    case 0: return "no calls"
    case 1: return "1 call: [\(String(describing: calls[0]))]"
    default:
      let shown = calls.suffix(limit).map { String(describing: $0) }
      let elided = calls.count > limit ? "…, " : ""
      return "\(calls.count) calls: [\(elided)\(shown.joined(separator: ", "))]"
    }
  }
}
