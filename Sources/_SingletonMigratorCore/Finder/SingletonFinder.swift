import Foundation
import _SpyGeneratorCore

/// Finds the shared instances of a target's files (see ``SharedInstance``), and the default
/// arguments that inject them.
struct SingletonFinder {
  /// The comment that keeps a declaration as it is: `--check` passes it, the migration skips it.
  static let allowMarker = "shared-instances: allow"
  /// Types of SharedInstances itself: a property holding one is already migrated.
  static let libraryTypes: Set<String> = [
    "Resettable", "SharedLifetime", "SharedScope", "ServiceLocator",
  ]
  /// Attributes a stored property may carry that the migration keeps; any other (a property
  /// wrapper such as `@TaskLocal`, a custom global actor) leaves the declaration as it is.
  static let knownAttributes: Set<String> = [
    "@MainActor", "@available", "@objc", "@nonobjc", "@preconcurrency", "@usableFromInline",
    "@_spi", "@inline", "@inlinable", "@_disfavoredOverload", "@frozen",
  ]

  let files: [ScannedFile]
  let symbols: ModuleSymbols?
  /// Qualified names allowed to stay (`Manager.shared`).
  let allowed: Set<String>
  /// Class names declared elsewhere that count as classes (`URLSession`).
  let extraClasses: Set<String>

  private(set) var classNames: Set<String> = []
  private(set) var mainActorClassNames: Set<String> = []
  private(set) var valueTypeNames: Set<String> = []
  /// Classes and actors of the target known to be `Sendable`.
  private(set) var sendableClassNames: Set<String> = []

  init(
    files: [ScannedFile],
    symbols: ModuleSymbols?,
    allowed: Set<String> = [],
    extraClasses: Set<String> = []
  ) {
    self.files = files
    self.symbols = symbols
    self.allowed = allowed
    self.extraClasses = extraClasses
    for file in files {
      for type in file.types {
        let names = [type.name, type.path.joined(separator: ".")]
        switch type.kind {
        case .class, .actor:
          classNames.formUnion(names)
          if type.isMainActor { mainActorClassNames.formUnion(names) }
          if type.kind == .actor || type.isMainActor || type.inheritance.contains("Sendable") {
            sendableClassNames.formUnion(names)
          }
        case .struct, .enum:
          valueTypeNames.formUnion(names)
        case .extension, .protocol: break
        }
      }
    }
    if let symbols {
      classNames.formUnion(symbols.classNames)
      mainActorClassNames.formUnion(symbols.mainActorClassNames)
      valueTypeNames.formUnion(symbols.valueTypeNames)
    }
    classNames.formUnion(extraClasses)
  }

  /// The shared instances, in file and line order, and notes on declarations that look like
  /// one but cannot be handled (a property wrapper, several bindings).
  func sharedInstances() -> (instances: [SharedInstance], diagnostics: [Diagnostic]) {
    var instances: [SharedInstance] = []
    var diagnostics: [Diagnostic] = []
    for file in files {
      for property in file.properties where property.isStatic || property.isGlobal {
        guard !property.hasAccessors else { continue }
        let container = property.container.last.map { $0.path.joined(separator: ".") }
        let qualified = container.map { "\($0).\(property.name)" } ?? property.name
        let graphProperty = symbols?.property(
          named: property.name,
          fileName: (file.path as NSString).lastPathComponent,
          line: property.line
        )
        guard
          let (type, shape) = classify(property, graphProperty: graphProperty)
        else { continue }
        if property.bindsSeveral {
          diagnostics.append(
            Diagnostic(
              .warning,
              "\(file.path):\(property.line): \(qualified) is declared with other names in one "
                + "`let`: not migrated. Declare it on its own and run the command again."
            )
          )
          continue
        }
        if let unknown = property.attributes.first(where: { attribute in
          !Self.knownAttributes.contains(where: { attribute.hasPrefix($0) })
        }) {
          diagnostics.append(
            Diagnostic(
              .warning,
              "\(file.path):\(property.line): \(qualified) has the attribute \(unknown), which "
                + "a box cannot carry (a property wrapper or a custom global actor): not "
                + "migrated. Box it by hand (see \"Migrating existing singletons\")."
            )
          )
          continue
        }
        let comments = file.comments(around: property.line, through: property.endLine)
        let isAllowed =
          allowed.contains(qualified) || comments.contains { $0.contains(Self.allowMarker) }
        let isMainActor =
          property.attributes.contains("@MainActor")
          || property.container.contains { $0.isMainActor }
          || mainActorClassNames.contains(Self.baseName(of: type))
          || (graphProperty?.isMainActor ?? false) && !property.modifiers.contains("nonisolated")
        instances.append(
          SharedInstance(
            file: file.path,
            line: property.line,
            container: container,
            name: property.name,
            type: type,
            shape: shape,
            isMainActor: isMainActor,
            isAllowed: isAllowed,
            isSendable: sendableClassNames.contains(Self.baseName(of: type)),
            declaration: property
          )
        )
      }
    }
    return (instances, diagnostics)
  }

  /// The instance's type and the declaration's shape, or nil when the property is not a
  /// shared instance (a value type, a literal, a reference to another instance, a box).
  func classify(
    _ property: PropertyDeclaration,
    graphProperty: ModuleSymbols.Property?
  ) -> (String, SharedInstance.Shape)? {
    let initializer = property.initializer?.trimmingCharacters(in: .whitespacesAndNewlines)
    let annotation = property.type
    let texts = [annotation ?? "", initializer ?? ""]
    if texts.contains(where: { text in
      Self.libraryTypes.contains { text.hasPrefix($0) || text.contains("\($0)<") }
    }) {
      return nil
    }
    let shape: SharedInstance.Shape
    var inferred: String?
    if let initializer, initializer != "nil" {
      guard initializer.hasSuffix(")") || initializer.hasSuffix("}") else { return nil }
      if initializer.hasPrefix("{") {
        guard initializer.hasSuffix(")") else { return nil }
        shape = property.isLet ? .closure : .mutable
      } else {
        shape = property.isLet ? .call : .mutable
        inferred = Self.calledType(initializer)
      }
    } else {
      // Set once at start-up: an optional `var`, nil until the app sets it.
      guard !property.isLet, let annotation,
        annotation.hasSuffix("?") || annotation.hasSuffix("!")
      else { return nil }
      shape = .bootstrap
    }
    // The instance's type: what the initializer calls, or the annotation, or what the compiler
    // inferred.
    var type: String?
    if let annotation {
      var base = annotation
      if shape == .bootstrap || base.hasSuffix("?") || base.hasSuffix("!") {
        base = String(base.dropLast()).trimmingCharacters(in: .whitespaces)
        if base.hasPrefix("("), base.hasSuffix(")") { base = String(base.dropFirst().dropLast()) }
      }
      type = base
    } else if let inferred {
      type = inferred
    } else if let graphProperty {
      type = graphProperty.type
    }
    guard let type, !type.isEmpty else { return nil }
    // An optional holding an instance created at once is not set at start-up: leave it.
    if shape != .bootstrap, annotation?.hasSuffix("?") ?? false { return nil }
    let base = Self.baseName(of: type)
    let instanceClass = inferred.map(Self.baseName) ?? base
    let isClass =
      classNames.contains(base) || classNames.contains(instanceClass)
      || (graphProperty?.typeIsClass ?? false)
    guard isClass, !valueTypeNames.contains(base) || classNames.contains(instanceClass) else {
      return nil
    }
    return (type, shape)
  }

  /// The type an initializer calls: `Manager` for `Manager(…)`, `Manager.init(…)`,
  /// `Outer.Manager(…)` or `Manager { … }`; nil for `.init(…)`, `make()`, `Manager.make()`.
  static func calledType(_ initializer: String) -> String? {
    var name = ""
    var index = initializer.startIndex
    while index < initializer.endIndex {
      let character = initializer[index]
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        name.append(character)
        index = initializer.index(after: index)
      } else if character == "<" {
        // Generic arguments: part of the type.
        var depth = 0
        while index < initializer.endIndex {
          let current = initializer[index]
          name.append(current)
          if current == "<" { depth += 1 }
          if current == ">" && !name.dropLast().hasSuffix("-") {
            depth -= 1
            if depth == 0 {
              index = initializer.index(after: index)
              break
            }
          }
          index = initializer.index(after: index)
        }
      } else {
        break
      }
    }
    if name.hasSuffix(".init") { name.removeLast(5) }
    guard let first = name.first, first.isUppercase else { return nil }
    let last = name.split(separator: ".").last.map(String.init) ?? name
    guard last.first?.isUppercase ?? false else { return nil }
    return name
  }

  /// `Manager` for `Manager`, `any Manager`, `Module.Manager`, `Cache<Key>`.
  static func baseName(of type: String) -> String {
    var text = type.trimmingCharacters(in: .whitespaces)
    for prefix in ["any ", "some "] where text.hasPrefix(prefix) {
      text.removeFirst(prefix.count)
    }
    if let angle = text.firstIndex(of: "<") { text = String(text[..<angle]) }
    return text.split(separator: ".").last.map(String.init) ?? text
  }

  /// Parameters whose default argument is one of `instances`: `manager: Manager = .shared` or
  /// `= Manager.shared`.
  func injections(of instances: [SharedInstance]) -> [DefaultArgumentInjection] {
    var byName: [String: [SharedInstance]] = [:]
    for instance in instances where instance.container != nil {
      byName[instance.name, default: []].append(instance)
    }
    guard !byName.isEmpty else { return [] }
    var result: [DefaultArgumentInjection] = []
    for file in files {
      let tokens = file.tokens
      var index = 0
      while index + 3 < tokens.count {
        defer { index += 1 }
        // `name : Type = .shared` or `= Type.shared`, inside parentheses.
        guard tokens[index].kind == .operator, tokens[index].text == "=" else { continue }
        var cursor = index + 1
        var typeName: String?
        if tokens[cursor].kind == .identifier, cursor + 2 < tokens.count,
          tokens[cursor + 1].text == "."
        {
          typeName = tokens[cursor].text
          cursor += 1
        }
        guard tokens[cursor].kind == .punctuation, tokens[cursor].text == ".",
          cursor + 1 < tokens.count, let candidates = byName[tokens[cursor + 1].text]
        else { continue }
        let end = cursor + 1
        // Back to the parameter's label: the `,` or `(` before it, through nothing but a
        // label, a name, a colon and a type.
        var start = index - 1
        var colon: Int?
        while start > 0, index - start < 12 {
          let previous = tokens[start - 1]
          if previous.kind == .punctuation && ["(", ","].contains(previous.text) { break }
          if tokens[start].text == ":" { colon = start }
          let token = tokens[start]
          let allowed =
            token.kind == .identifier
            && !["let", "var", "return", "if", "guard"].contains(token.text)
            || token.kind == .attribute
            || (token.kind == .punctuation && [":", "."].contains(token.text))
            || (token.kind == .operator && ["?", "!", "<", ">"].contains(token.text))
          guard allowed else {
            colon = nil
            break
          }
          start -= 1
        }
        guard let colon, start > 0, tokens[start - 1].kind == .punctuation,
          ["(", ","].contains(tokens[start - 1].text)
        else { continue }
        let parameterType = tokens[(colon + 1)..<index].map(\.text).joined()
        let owner =
          typeName ?? Self.baseName(of: parameterType.replacingOccurrences(of: "?", with: ""))
        guard
          let instance = candidates.first(where: {
            ($0.container.map { Self.baseName(of: $0) } ?? "") == owner
          })
        else { continue }
        let bytes = Array(file.text.utf8)
        result.append(
          DefaultArgumentInjection(
            file: file.path,
            line: tokens[start].line,
            text: String(decoding: bytes[tokens[start].start..<tokens[end].end], as: UTF8.self),
            instance: instance.qualifiedName
          )
        )
      }
    }
    return result
  }
}
