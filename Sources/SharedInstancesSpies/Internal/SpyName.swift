/// How spies name doubles and list calls in messages.
enum SpyName {
  /// The spies whose description is being written on this task or thread.
  @TaskLocal static var spiesBeingDescribed: Set<ObjectIdentifier> = []

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

  /// An enum case as Swift prints it when the enum has no description of its own:
  /// `refresh`, `open(id: 3)`, `save("a", force: true)`; arguments print as `debugPrint` does.
  ///
  /// Written out because a ``SpyCall`` has a `debugDescription` (this), so `String(describing:)`
  /// of it would come back here.
  static func caseDescription<Value>(of value: Value) -> String {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else {
      // A struct or class `Call`: its type and stored properties, as Swift prints a struct.
      let fields = mirror.children.map { child in
        child.label.map { "\($0): \(String(reflecting: child.value))" }
          ?? String(reflecting: child.value)
      }
      return "\(type(of: value))(\(fields.joined(separator: ", ")))"
    }
    guard let payload = mirror.children.first, let name = payload.label else {
      // A case without associated values has no child to name it; the runtime's own
      // printing asks the runtime for the case name the same way.
      return enumCaseName(value).map { String(cString: $0) } ?? "\(type(of: value))"
    }
    let arguments = Mirror(reflecting: payload.value)
    guard arguments.displayStyle == .tuple else {
      return "\(name)(\(String(reflecting: payload.value)))"
    }
    let rendered = arguments.children.map { argument -> String in
      let value = String(reflecting: argument.value)
      guard let label = argument.label, !label.hasPrefix(".") else { return value }
      return "\(label): \(value)"
    }
    return "\(name)(\(rendered.joined(separator: ", ")))"
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

/// The name of the case `value` holds, from the Swift runtime; nil for a value that is not an
/// enum. The standard library's `print` uses this same entry point for enums without a
/// description; it is the only way to name a case without associated values.
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<Value>(_ value: Value) -> UnsafePointer<CChar>?
