import Foundation
import _SpyGeneratorCore

/// `--extract-protocol`: for each shared instance whose class the target declares, a protocol
/// of the instance members the target's code uses through it, the class's conformance, and the
/// protocol's spy (written by the spy generator's core).
///
/// What a protocol cannot carry as written is handled so that call sites still compile:
/// default arguments become overloads in a protocol extension; `init(manager: Manager =
/// .shared)` injection takes the protocol (and so does the stored property it fills). What
/// cannot be handled (a member the class does not declare, a `private` one, one that uses
/// `Self`, a subscript, an instance used as a value) leaves the instance boxed as its class,
/// with a note naming the reason.
struct ProtocolExtraction {
  struct Extracted {
    /// The protocol's name: `ManagerProtocol`.
    let name: String
    /// The class.
    let className: String
  }

  /// By instance (`Manager.shared`): its protocol.
  private(set) var extracted: [String: Extracted] = [:]
  private(set) var diagnostics: [Diagnostic] = []
  /// By class: the protocol's text (appended to the class's file) and its spy's requirements.
  private var protocols: [String: ProtocolText] = [:]
  /// Line substitutions (injection parameters, stored properties), by file and line.
  private var substitutions: [String: [Int: [(String, String)]]] = [:]
  private var injectionOwners: [String: Set<String>] = [:]
  private let moduleName: String?
  /// The value types the target declares, with what their headers conform to: the spy
  /// generator records an argument of one as it is when it is `Equatable` and `Sendable`.
  private var declaredTypes: [(path: [String], kind: String, inheritance: String)] = []

  struct ProtocolText {
    let name: String
    let className: String
    let file: String
    let text: String
    let isMainActor: Bool
    let isSendable: Bool
    let isPublic: Bool
    /// Requirements, as declaration text, with their symbol kind and name.
    let requirements: [(kind: String, name: String, declaration: String)]
  }

  init(
    files: [ScannedFile],
    usageFiles: [ScannedFile] = [],
    instances: [SharedInstance],
    takenNames: Set<String>,
    moduleName: String?
  ) {
    self.moduleName = moduleName
    for file in files {
      for type in file.types where type.kind == .struct || type.kind == .enum {
        declaredTypes.append((type.path, "swift.\(type.kind.rawValue)", type.inheritance))
      }
    }
    var byClass: [String: [SharedInstance]] = [:]
    for instance in instances {
      let className = SingletonFinder.baseName(of: instance.type)
      guard !instance.type.hasPrefix("any ") else { continue }
      byClass[className, default: []].append(instance)
    }
    let allTypes = files.flatMap(\.types)
    for (className, classInstances) in byClass.sorted(by: { $0.key < $1.key }) {
      let names = classInstances.map(\.qualifiedName).joined(separator: ", ")
      func leave(_ reason: String) {
        diagnostics.append(
          Diagnostic(
            .note,
            "\(names): no protocol extracted, boxed as \(className): \(reason)"
          )
        )
      }
      if classInstances.contains(where: {
        $0.declaration.attributes.contains { $0.hasPrefix("@objc") }
      }) {
        leave("it is @objc, and Objective-C callers need it typed as the class")
        continue
      }
      // Already typed by a protocol (`static let shared: ArticleManaging = ArticleManager()`).
      if allTypes.contains(where: { $0.name == className && $0.kind == .protocol }) { continue }
      guard
        let declaration = allTypes.first(where: { $0.name == className && $0.kind != .extension })
      else {
        leave("the target does not declare \(className)")
        continue
      }
      guard declaration.kind == .class else {
        leave("\(className) is an actor; its members are awaited, so box the actor itself")
        continue
      }
      let protocolName = "\(className)Protocol"
      guard !takenNames.contains(protocolName),
        !allTypes.contains(where: { $0.name == protocolName })
      else {
        leave("the name \(protocolName) is taken")
        continue
      }
      switch analyze(
        className: className,
        declaration: declaration,
        instances: classInstances,
        files: files,
        usageFiles: usageFiles,
        protocolName: protocolName
      ) {
      case .failure(let reason):
        leave(reason.message)
      case .success(let result):
        protocols[className] = result.text
        for instance in classInstances {
          extracted[instance.qualifiedName] = Extracted(name: protocolName, className: className)
        }
        for (file, lines) in result.substitutions {
          for (line, pairs) in lines {
            substitutions[file, default: [:]][line, default: []] += pairs
          }
        }
      }
    }
  }

  struct Reason: Error {
    let message: String
  }

  struct Analysis {
    let text: ProtocolText
    let substitutions: [String: [Int: [(String, String)]]]
  }

  /// The protocol of `className` that its instances' uses call for, and the line substitutions
  /// that retype its injections; or why there is none.
  private func analyze(
    className: String,
    declaration: TypeDeclaration,
    instances: [SharedInstance],
    files: [ScannedFile],
    usageFiles: [ScannedFile],
    protocolName: String
  ) -> Result<Analysis, Reason> {
    do throws(Reason) {
      var uses = Uses()
      for file in files + usageFiles {
        try recordReferences(in: file, to: instances, into: &uses)
        recordInjections(
          in: file,
          className: className,
          protocolName: protocolName,
          instances: instances,
          into: &uses
        )
      }
      let (requirements, extensionLines) = try requirements(
        of: className,
        uses: uses,
        files: files,
        instances: instances
      )
      let text = protocolText(
        className: className,
        declaration: declaration,
        instances: instances,
        files: files,
        protocolName: protocolName,
        requirements: requirements,
        extensionLines: extensionLines
      )
      return .success(Analysis(text: text, substitutions: uses.substitutions))
    } catch {
      return .failure(error)
    }
  }

  /// What the target does with the instances of one class: the members it names through them,
  /// those it sets or passes `inout`, and the lines that retype its injections.
  private struct Uses {
    var used: Set<String> = []
    var mutated: Set<String> = []
    var substitutions: [String: [Int: [(String, String)]]] = [:]
  }

  /// Records the members `file` uses through each reference to the instances; throws when a
  /// reference uses an instance otherwise (as a value, through a subscript).
  private func recordReferences(
    in file: ScannedFile,
    to instances: [SharedInstance],
    into uses: inout Uses
  ) throws(Reason) {
    for tokens in file.codeSequences {
      for instance in instances {
        let plainName = instance.name.filter { $0 != "`" }
        for index in tokens.indices
        where tokens[index].text.filter({ $0 != "`" }) == plainName
          && tokens[index].kind == .identifier
        {
          try recordReference(at: index, in: tokens, to: instance, file: file, into: &uses)
        }
      }
    }
  }

  /// Records what the token at `index`, the instance's name, does with the instance: nothing
  /// when it is another's name, a declaration or an injection; a member used (or set) through
  /// it; throws when it uses the instance otherwise.
  private func recordReference(
    at index: Int,
    in tokens: [Token],
    to instance: SharedInstance,
    file: ScannedFile,
    into uses: inout Uses
  ) throws(Reason) {
    let owner = instance.container.map { SingletonFinder.baseName(of: $0) }
    // The reference: `Owner.name`, `Self.name`, or `name` alone (inside the owner, or a
    // global).
    let qualified =
      index >= 2 && tokens[index - 1].text == "." && tokens[index - 1].kind == .punctuation
    if qualified {
      let before = tokens[index - 2].text
      guard before == owner || before == "Self" else { return }
      if before == "Self", let owner, !Self.isInside(owner, tokens[index], in: file) { return }
    } else if index >= 1, tokens[index - 1].text == "." {
      return
    } else if let owner, !Self.isInside(owner, tokens[index], in: file) {
      return  // Another type's `shared`, or a local of that name.
    }
    // A declaration of the name, not a use.
    if index >= 1, ["let", "var", "func", "case"].contains(tokens[index - 1].text) {
      return
    }
    if !qualified, owner != nil, index >= 1, tokens[index - 1].kind == .punctuation,
      tokens[index - 1].text == "." || tokens[index - 1].text == "("
        || tokens[index - 1].text == ","
    {
      // `.name` is an implicit member (an injection: recordInjections); `(name` a label.
      if index + 1 < tokens.count, tokens[index + 1].text == ":" { return }
    }
    let next =
      index + 1 < tokens.count
      ? tokens[index + 1]
      : Token(kind: .punctuation, start: 0, end: 0, text: ";", line: 0, startsLine: true)
    // A box read through `.value`: the instance's members follow it, and the box's own
    // (`set`, `reset`…) take the protocol as they took the class.
    var memberIndex = index + 2
    if instance.readsThroughValue, next.kind == .punctuation, next.text == ".",
      index + 2 < tokens.count
    {
      let boxMember = tokens[index + 2].text
      if boxMember == "value" || boxMember == "currentValue" {
        guard index + 4 < tokens.count, tokens[index + 3].text == ".",
          tokens[index + 4].kind == .identifier
        else {
          throw Reason(
            message: "\(file.path):\(tokens[index].line) uses "
              + "\(instance.qualifiedName).\(boxMember) as a value, not only through its "
              + "members; the value's type would change"
          )
        }
        memberIndex = index + 4
      } else {
        return
      }
    }
    if next.kind == .punctuation, next.text == ".", memberIndex < tokens.count,
      tokens[memberIndex].kind == .identifier
    {
      let member = tokens[memberIndex].text
      uses.used.insert(member)
      let start = qualified ? index - 2 : index
      if start >= 1, tokens[start - 1].text == "&" { uses.mutated.insert(member) }
      if memberIndex + 1 < tokens.count, tokens[memberIndex + 1].kind == .operator,
        ["=", "+=", "-=", "*=", "/=", "&&=", "||=", "??="].contains(
          tokens[memberIndex + 1].text
        )
      {
        uses.mutated.insert(member)
      }
      return
    }
    if next.kind == .punctuation, next.text == "[" {
      throw Reason(
        message: "\(file.path):\(tokens[index].line) subscripts \(instance.name); "
          + "a subscript requirement is not extracted"
      )
    }
    // An implicit member in a default argument: `manager: Manager = .shared`.
    if !qualified, index >= 2, tokens[index - 1].text == ".",
      tokens[index - 2].text == "="
    {
      return
    }
    if qualified || owner == nil {
      if next.kind == .operator, next.text == "=", owner == nil || qualified {
        return  // Set (bootstrap-once): fine for an existential.
      }
      throw Reason(
        message: "\(file.path):\(tokens[index].line) uses \(instance.qualifiedName) as a "
          + "value, not only through its members; the value's type would change"
      )
    }
  }

  /// Whether `token` stands inside the declaration or an extension of `owner`, where a bare
  /// `shared` means the owner's.
  private static func isInside(_ owner: String, _ token: Token, in file: ScannedFile) -> Bool {
    file.types.contains { type in
      type.name == owner && type.openBrace < file.tokens.count
        && type.closeBrace < file.tokens.count
        && file.tokens[type.openBrace].start < token.start
        && token.start < file.tokens[type.closeBrace].end
    }
  }

  /// Default-argument injection: `label name: Class = .shared` becomes
  /// `label name: any Protocol = Class.shared`, and the stored property of the same name typed
  /// `Class` in that type takes the protocol too; the members used through either join.
  private func recordInjections(
    in file: ScannedFile,
    className: String,
    protocolName: String,
    instances: [SharedInstance],
    into uses: inout Uses
  ) {
    let tokens = file.tokens
    for (index, token) in tokens.enumerated() where token.kind == .operator && token.text == "=" {
      guard index >= 2, index + 2 < tokens.count, tokens[index - 1].text == className,
        tokens[index - 2].text == ":", tokens[index + 1].text == ".",
        instances.contains(where: {
          $0.name.filter { $0 != "`" } == tokens[index + 2].text.filter { $0 != "`" }
        })
      else { continue }
      let parameterName = index >= 3 ? tokens[index - 3].text : ""
      let original = "\(parameterName): \(className) = .\(tokens[index + 2].text)"
      let owner = instances.first { $0.name == tokens[index + 2].text }?.container ?? className
      let replacement =
        "\(parameterName): any \(protocolName) = \(owner).\(tokens[index + 2].text)"
      uses.substitutions[file.path, default: [:]][token.line, default: []].append(
        (original, replacement)
      )
      // The type the parameter belongs to, and its stored property of that name.
      guard
        let type = file.types.last(where: {
          $0.openBrace < index && $0.closeBrace > index && $0.kind != .protocol
        })
      else { continue }
      for property in file.properties
      where property.name == parameterName && property.container.last?.openBrace == type.openBrace
        && property.type == className
      {
        uses.substitutions[file.path, default: [:]][property.line, default: []].append(
          ("\(parameterName): \(className)", "\(parameterName): any \(protocolName)")
        )
      }
      // Members used through the property or the parameter inside the type.
      let body = tokens[type.openBrace].start..<tokens[type.closeBrace].end
      for sequence in file.codeSequences {
        for inner in sequence.indices
        where body.contains(sequence[inner].start) && sequence[inner].text == parameterName
          && inner + 2 < sequence.count && sequence[inner + 1].text == "."
          && sequence[inner + 2].kind == .identifier
        {
          uses.used.insert(sequence[inner + 2].text)
        }
      }
    }
  }

  /// The requirements of the class's members that the uses name, and the protocol extension's
  /// overloads that keep default arguments; throws when a member cannot be a requirement.
  private func requirements(
    of className: String,
    uses: Uses,
    files: [ScannedFile],
    instances: [SharedInstance]
  ) throws(Reason) -> (
    requirements: [(kind: String, name: String, declaration: String)], extensionLines: [String]
  ) {
    let members = files.flatMap(\.members).filter {
      $0.container.last?.name == className && !$0.isStatic && $0.kind != .initializer
    }
    var requirements: [(kind: String, name: String, declaration: String)] = []
    var extensionLines: [String] = []
    for name in uses.used.sorted() {
      let found = members.filter { $0.name == name }
      guard !found.isEmpty else {
        throw Reason(
          message: "it uses `\(name)`, which \(className) does not declare in this target "
            + "(inherited, or from a protocol extension)"
        )
      }
      for member in found {
        if member.modifiers.contains(where: { $0 == "private" || $0 == "fileprivate" }) {
          throw Reason(
            message:
              "`\(name)` is \(member.modifiers.contains("private") ? "private" : "fileprivate"); a protocol requirement must be visible to the target"
          )
        }
        let declaration = Self.normalized(member.declaration)
        if declaration.range(of: #"\bSelf\b"#, options: .regularExpression) != nil {
          throw Reason(message: "`\(name)` uses Self, which a value of `any` protocol cannot call")
        }
        switch member.kind {
        case .property:
          let property = files.flatMap(\.properties).first {
            $0.name == name && $0.container.last?.name == className && !$0.isStatic
          }
          guard let type = property?.type ?? property?.initializer.flatMap(Self.literalType)
          else {
            throw Reason(message: "the property `\(name)` has no type annotation; write its type")
          }
          let readOnlySetter = member.modifiers.contains { $0.hasSuffix("(set)") }
          let settable = member.isSettable && !readOnlySetter
          if uses.mutated.contains(name) && !settable {
            throw Reason(
              message: "`\(name)` is set or passed inout through the instance, but is a `let` "
                + "or has a private setter"
            )
          }
          let isolation = member.modifiers.contains("nonisolated") ? "nonisolated " : ""
          requirements.append(
            (
              "swift.property", name,
              "\(isolation)var \(name): \(type) { get\(settable ? " set" : "") }"
            )
          )
        case .function:
          let (requirement, overloads) = Self.requirement(
            fromFunction: declaration,
            isPublic: instances.contains {
              $0.declaration.modifiers.contains("public")
                || $0.declaration.modifiers.contains("open")
            }
          )
          guard let requirement else {
            throw Reason(message: "`\(name)` has more than three default arguments")
          }
          requirements.append(("swift.method", name, requirement))
          extensionLines += overloads
        case .subscript, .initializer:
          continue
        }
      }
    }
    guard !requirements.isEmpty else {
      throw Reason(message: "no member of \(className) is used through the instance")
    }
    return (requirements, extensionLines)
  }

  /// The protocol's declaration, its extension of overloads, and the class's conformance.
  private func protocolText(
    className: String,
    declaration: TypeDeclaration,
    instances: [SharedInstance],
    files: [ScannedFile],
    protocolName: String,
    requirements: [(kind: String, name: String, declaration: String)],
    extensionLines: [String]
  ) -> ProtocolText {
    // In the class's file, unless a tool generates that file: then in the first instance's,
    // where generating the class again does not reach it.
    let classFile = files.first { $0.types.contains(declaration) }
    let file =
      classFile?.generatorNote == nil ? classFile?.path ?? "" : instances.first?.file ?? ""
    let isMainActor = declaration.isMainActor
    let isSendable =
      isMainActor || declaration.inheritance.contains("Sendable")
    let isPublic = instances.contains {
      $0.declaration.modifiers.contains("public") || $0.declaration.modifiers.contains("open")
    }
    var lines: [String] = [""]
    lines.append(
      "/// What the target uses of ``\(className)`` through its shared instance, so that a test"
    )
    lines.append(
      "/// can substitute a double (`\(protocolName)Spy`). Extracted by `swift package"
    )
    lines.append("/// migrate-singletons --extract-protocol`.")
    let parents = ["AnyObject"] + (isSendable ? ["Sendable"] : [])
    lines.append(
      "\(isMainActor ? "@MainActor " : "")\(isPublic ? "public " : "")protocol \(protocolName): "
        + parents.joined(separator: ", ") + " {"
    )
    for requirement in requirements { lines.append("  \(requirement.declaration)") }
    lines.append("}")
    if !extensionLines.isEmpty {
      lines.append("")
      lines.append("extension \(protocolName) {")
      lines += extensionLines.map { "  " + $0 }
      lines.append("}")
    }
    lines.append("")
    let qualifiedClass = declaration.path.joined(separator: ".")
    lines.append("extension \(qualifiedClass): \(protocolName) {}")
    return ProtocolText(
      name: protocolName,
      className: className,
      file: file,
      text: lines.joined(separator: "\n"),
      isMainActor: isMainActor,
      isSendable: isSendable,
      isPublic: isPublic,
      requirements: requirements
    )
  }

  /// The type of a stored property's initial value, when it reads off the expression: a
  /// literal, or a call of a type (`Cache()`, `[String]()`).
  static func literalType(_ initializer: String) -> String? {
    let text = initializer.trimmingCharacters(in: .whitespacesAndNewlines)
    if text == "true" || text == "false" { return "Bool" }
    if text.hasPrefix("\"") { return "String" }
    if let first = text.first, first.isNumber || first == "-" {
      return text.contains(".") ? "Double" : "Int"
    }
    if text.hasPrefix("["), let close = text.firstIndex(of: "]"),
      text[text.index(after: close)...] == "()"
    {
      return String(text[...close])
    }
    return SingletonFinder.calledType(text)
  }

  /// A declaration on one line: attributes other than `@discardableResult` and modifiers other
  /// than `nonisolated`, `mutating` and `async`… dropped.
  static func normalized(_ declaration: String) -> String {
    var text = declaration.replacingOccurrences(
      of: #"\s+"#,
      with: " ",
      options: .regularExpression
    )
    text = text.replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
    // Leading attributes and modifiers.
    var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    var kept: [String] = []
    while let first = words.first {
      if first.hasPrefix("@") {
        if first == "@discardableResult" { kept.append(first) }
        words.removeFirst()
        // An attribute's arguments: `@available(iOS 16, *)`.
        if first.contains("("), !first.contains(")") {
          while let next = words.first {
            words.removeFirst()
            if next.contains(")") { break }
          }
        }
        continue
      }
      if DeclarationScanner.modifiers.contains(first) || first.hasSuffix("(set)")
        || first == "class"
      {
        if first == "nonisolated" { kept.append(first) }
        words.removeFirst()
        continue
      }
      break
    }
    return (kept + words).joined(separator: " ")
  }

  /// The requirement for a function (its default arguments removed), and the protocol
  /// extension's overloads that supply them; nil with more than three default arguments.
  static func requirement(fromFunction declaration: String, isPublic: Bool = false) -> (
    String?, [String]
  ) {
    guard let open = declaration.firstIndex(of: "(") else { return (declaration, []) }
    // The parameter list: from `(` to its matching `)`.
    var depth = 0
    var close = open
    var index = open
    var parameters: [String] = []
    var current = ""
    while index < declaration.endIndex {
      let character = declaration[index]
      if "([<{".contains(character) { depth += 1 }
      if ")]>}".contains(character)
        && !(character == ">" && declaration[declaration.index(before: index)] == "-")
      {
        depth -= 1
      }
      if depth == 0 {
        close = index
        break
      }
      if index != open {
        if character == "," && depth == 1 {
          parameters.append(current)
          current = ""
        } else {
          current.append(character)
        }
      }
      index = declaration.index(after: index)
    }
    if !current.trimmingCharacters(in: .whitespaces).isEmpty { parameters.append(current) }
    struct Parameter {
      let label: String?
      let name: String
      let declaration: String
      let defaultValue: String?
    }
    var parsed: [Parameter] = []
    for parameter in parameters {
      var text = parameter.trimmingCharacters(in: .whitespaces)
      var defaultValue: String?
      // The default: after a top-level ` = `.
      if let range = text.range(of: " = ") ?? text.range(of: "=") {
        defaultValue = String(text[range.upperBound...]).trimmingCharacters(in: .whitespaces)
        text = String(text[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
      }
      let head = text.prefix { $0 != ":" }.split(separator: " ").map(String.init)
      let label = head.count > 1 ? head[0] : head.first
      let name = head.last ?? ""
      parsed.append(
        Parameter(
          label: label == "_" ? nil : label,
          name: name,
          declaration: text,
          defaultValue: defaultValue
        )
      )
    }
    let prefix = String(declaration[..<open])
    let suffix = String(declaration[declaration.index(after: close)...])
    let requirement =
      prefix + "(" + parsed.map(\.declaration).joined(separator: ", ") + ")" + suffix
    let defaulted = parsed.indices.filter { parsed[$0].defaultValue != nil }
    guard !defaulted.isEmpty else { return (requirement, []) }
    guard defaulted.count <= 3 else { return (nil, []) }
    // One overload per non-empty subset of the defaulted parameters left out.
    let effects =
      (suffix.contains("async") ? "await " : "")
    let tries = suffix.contains("throws") ? "try " : ""
    let functionName =
      prefix.components(separatedBy: "func ").last?
      .prefix { $0 != "<" && $0 != "(" } ?? ""
    var overloads: [String] = []
    for mask in 1..<(1 << defaulted.count) {
      let omitted = Set(defaulted.indices.filter { mask & (1 << $0) != 0 }.map { defaulted[$0] })
      let kept = parsed.indices.filter { !omitted.contains($0) }
      let signature =
        prefix + "(" + kept.map { parsed[$0].declaration }.joined(separator: ", ") + ")" + suffix
      let arguments = parsed.indices.map { index -> String in
        let value = omitted.contains(index) ? parsed[index].defaultValue! : parsed[index].name
        return parsed[index].label.map { "\($0): \(value)" } ?? value
      }
      overloads.append(
        "\(isPublic ? "public " : "")\(signature) {\n    \(tries)\(effects)\(functionName)(\(arguments.joined(separator: ", ")))\n  }"
      )
    }
    return (requirement, overloads)
  }

  /// The edits in a file: its injections' substitutions, and, in a class's file, its protocol
  /// appended at the end.
  func edits(in file: ScannedFile, migrated: Set<String>, indentUnit: String = "  ") -> [LineEdit] {
    let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var edits: [LineEdit] = []
    let migratedClasses = Set(
      extracted.filter { migrated.contains($0.key) }.map(\.value.className)
    )
    for (line, pairs) in (substitutions[file.path] ?? [:]).sorted(by: { $0.key < $1.key }) {
      var text = lines[line - 1]
      for (original, replacement) in pairs {
        guard
          let className = extracted.values.first(where: { replacement.contains("any \($0.name)") })?
            .className,
          migratedClasses.contains(className)
        else { continue }
        text = text.replacingOccurrences(of: original, with: replacement)
      }
      if text != lines[line - 1] { edits.append(LineEdit(first: line, last: line, lines: [text])) }
    }
    for (className, text) in protocols.sorted(by: { $0.key < $1.key })
    where text.file == file.path && migratedClasses.contains(className) {
      // After the last line (a trailing empty line stays last).
      let end = lines.last == "" ? lines.count : lines.count + 1
      edits.append(
        LineEdit(
          first: end,
          last: end - 1,
          lines: text.text.split(separator: "\n", omittingEmptySubsequences: false).map {
            // Written with two spaces a level: each level becomes the file's.
            let levels = $0.prefix { $0 == " " }.count / 2
            return String(repeating: indentUnit, count: levels) + $0.dropFirst(levels * 2)
          }
        )
      )
    }
    return edits
  }

  /// The spies of the protocols extracted for migrated instances, from the spy generator.
  func spyFiles(for migrated: Set<String>) -> [SingletonMigrator.SourceFile] {
    guard let output = spyOutput(for: migrated) else { return [] }
    return output.files.map { SingletonMigrator.SourceFile(path: $0.name, contents: $0.contents) }
  }

  func spyDiagnostics(for migrated: Set<String>) -> [Diagnostic] {
    spyOutput(for: migrated)?.diagnostics ?? []
  }

  /// A symbol graph of the extracted protocols, handed to the spy generator.
  private func spyOutput(for migrated: Set<String>) -> SpyGenerator.Output? {
    let classes = Set(extracted.filter { migrated.contains($0.key) }.map(\.value.className))
    let chosen = protocols.filter { classes.contains($0.key) }.sorted { $0.key < $1.key }
    guard !chosen.isEmpty else { return nil }
    var symbols: [[String: Any]] = []
    var relationships: [[String: Any]] = []
    func fragments(_ declaration: String, mainActor: Bool) -> [[String: String]] {
      mainActor
        ? [
          ["kind": "text", "spelling": "@"], ["kind": "attribute", "spelling": "MainActor"],
          ["kind": "text", "spelling": " " + declaration],
        ]
        : [["kind": "text", "spelling": declaration]]
    }
    for (_, text) in chosen {
      let id = "migrate-singletons.\(text.name)"
      let access = text.isPublic ? "public" : "internal"
      symbols.append([
        "kind": ["identifier": "swift.protocol"], "identifier": ["precise": id],
        "pathComponents": [text.name],
        "declarationFragments": fragments("protocol \(text.name)", mainActor: text.isMainActor),
        "accessLevel": access,
      ])
      relationships.append([
        "kind": "conformsTo", "source": id, "target": "s:s9AnyObjecta",
        "targetFallback": "Swift.AnyObject",
      ])
      if text.isSendable {
        relationships.append([
          "kind": "conformsTo", "source": id, "target": "s:s8SendableP",
          "targetFallback": "Swift.Sendable",
        ])
      }
      for (index, requirement) in text.requirements.enumerated() {
        let memberID = "\(id).\(index)"
        symbols.append([
          "kind": ["identifier": requirement.kind], "identifier": ["precise": memberID],
          "pathComponents": [text.name, requirement.name],
          "declarationFragments": fragments(requirement.declaration, mainActor: false),
          "accessLevel": access,
        ])
        relationships.append(["kind": "requirementOf", "source": memberID, "target": id])
      }
    }
    for (index, type) in declaredTypes.enumerated() {
      let id = "migrate-singletons.type.\(index)"
      let name = type.path.joined(separator: ".")
      symbols.append([
        "kind": ["identifier": type.kind], "identifier": ["precise": id],
        "pathComponents": type.path,
        "declarationFragments": [
          ["kind": "text", "spelling": "\(type.kind.dropFirst(6)) \(name)\(type.inheritance)"]
        ],
        "accessLevel": "internal",
      ])
      let words = Set(type.inheritance.split { !($0.isLetter || $0.isNumber) }.map(String.init))
      if !words.isDisjoint(with: ["Equatable", "Hashable", "Comparable"]) {
        relationships.append(["kind": "conformsTo", "source": id, "target": "s:SQ"])
      }
      if words.contains("Sendable") {
        relationships.append(["kind": "conformsTo", "source": id, "target": "s:s8SendableP"])
      }
    }
    let graph: [String: Any] = [
      "module": ["name": moduleName ?? "App"], "symbols": symbols,
      "relationships": relationships,
    ]
    let generator = SpyGenerator(
      options: .init(
        protocols: chosen.map(\.value.name),
        command: "swift package migrate-singletons --extract-protocol"
      )
    )
    guard let data = try? JSONSerialization.data(withJSONObject: graph) else { return nil }
    return try? generator.generate(symbolGraph: data)
  }
}
