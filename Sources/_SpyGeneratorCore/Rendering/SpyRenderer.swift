import Foundation

/// Writes the Swift source of one spy.
struct SpyRenderer {
  let target: SpyTarget
  let module: String
  /// The command that regenerates the file, for its header.
  let command: String
  /// The module's types that do not declare `Equatable`.
  let typesThatAreNotEquatable: Set<String>
  /// The module's types: which are `Equatable`, `Sendable`, protocols, closure typealiases.
  var types = ModuleTypes()

  var spyName: String { target.spyName }

  /// Whether the spy holds a `Spy` rather than inheriting from it: a class spy, which
  /// subclasses its class, the spy of a protocol constrained to a class (`NSObjectProtocol`
  /// refinements subclass `NSObject`), an actor spy, and the spy of a protocol with a
  /// requirement Swift allows neither beside nor in place of a member of `Spy` (see
  /// ``SpyMembers``).
  var isComponent: Bool {
    target.isClass || target.superclassName != nil || target.isActor || target.holdsItsSpy
  }

  /// Whether the spy overrides the member of `Spy` with `member`'s name and type.
  func overridesSpyMember(_ member: Member) -> Bool {
    !isComponent && SpyMembers.relation(of: member) == .overrides
  }

  /// Whether the spy overrides `Spy`'s method with this name, such as `keep(_:as:)`.
  func overridesSpyMethod(named name: String) -> Bool {
    target.members.contains { $0.displayName == name && overridesSpyMember($0) }
  }

  /// What calls `Spy`'s `keep` or `lastKept` for `member`: `Self.statics.`, `spy.`, `super.`
  /// where the spy overrides the method for a requirement, or nothing.
  func keeper(_ member: Member, overriding name: String) -> String {
    if member.isStatic { return "Self.statics." }
    if isComponent { return "spy." }
    return overridesSpyMethod(named: name) ? "super." : recorder(for: member)
  }

  /// The spied type as the spy's code names it: with its module when Foundation or the
  /// library, which every spy imports, has a type of the same name (`protocol Notification`), or
  /// it is ambiguous.
  var spelledTypeName: String {
    let first = String(target.typeName.prefix { $0 != "." })
    return Self.importedTypeNames.contains(first)
      ? "\(module).\(target.typeName)" : target.typeName
  }

  /// What the body of `member` calls the spy's operations on: `Self.statics.` for a static
  /// member, `spy.` in a component, `self.` where a parameter has the name of one of them
  /// (`func save(record: Int)`), else nothing.
  func recorder(for member: Member) -> String {
    if member.isStatic { return "Self.statics." }
    if isComponent { return "spy." }
    let shadowed = member.parameters.contains {
      Self.spyOperations.contains($0.name.trimmingBackticks)
    }
    return shadowed ? "self." : ""
  }

  /// The operations of `Spy` a generated body calls.
  static let spyOperations: Set = [
    "record", "recordThrowing", "recordStubbed", "keep", "lastKept", "writeBack", "stub",
  ]

  var hasStatics: Bool { target.members.contains(where: \.isStatic) }

  func render() -> String {
    let names = CaseNames(target.members)
    var lines: [String] = []
    lines += header()
    lines.append("")
    lines += classDeclaration()
    lines += callEnum(names)
    if isComponent {
      lines.append("")
      lines += componentStorage()
    } else if target.members.contains(where: { $0.kind == .initializer })
      || target.synthesized.contains(.decodable) || target.rawValue != nil
    {
      lines.append("")
      lines += inheritedInitializer()
    }
    if hasStatics {
      lines.append("")
      lines += staticsStorage()
    }
    for (index, member) in target.members.enumerated() {
      lines.append("")
      if member.isDeprecated { lines.append("  " + Self.deprecated) }
      lines += implementation(of: member, names: names.names[index])
    }
    lines += identity()
    let added = AddedNames(target.members, caseNames: names)
    for (index, member) in target.members.enumerated() {
      for parameter in member.parameters where parameter.isClosure && parameter.isEscaping {
        lines.append("")
        if member.isDeprecated { lines.append("  " + Self.deprecated) }
        lines += keptAccessor(
          member,
          parameter,
          caseName: names.names[index].get,
          name: added.name(of: .kept, member: index, parameter: parameter)
        )
      }
    }
    for (index, member) in target.members.enumerated() {
      for parameter in member.parameters where parameter.isInout && !parameter.isClosure {
        lines.append("")
        if member.isDeprecated { lines.append("  " + Self.deprecated) }
        lines += writeBackStub(
          member,
          parameter,
          caseName: names.names[index].get,
          name: added.name(of: .writeBack, member: index, parameter: parameter)
        )
      }
    }
    lines.append("}")
    lines += placeholderConformance()
    return lines.joined(separator: "\n") + "\n"
  }

  /// `head { body }` on one line when it fits in 100 columns, else on three.
  func braced(_ head: String, _ body: String) -> [String] {
    let line = "\(head) { \(body) }"
    return line.count <= 100 ? [line] : ["\(head) {", "    \(body)", "  }"]
  }

  // MARK: - Pieces

  private func header() -> [String] {
    var lines = [
      "// Generated by `swift package generate-spies` from module \(module). Do not edit:",
      "// regenerate with",
    ]
    var current = "//  "
    for word in command.split(separator: " ") {
      if current.count + word.count + 1 > 98 {
        lines.append(current + " \\")
        current = "//    "
      }
      current += " " + word
    }
    lines.append(current)
    lines.append("")
    // Sorted as swift-format's OrderedImports wants them: plain imports, then @testable ones.
    var imports = ["Foundation", "SharedInstancesTesting"] + target.imports
    if !target.isInternal { imports.append(module) }
    lines += Set(imports).sorted().map { module in
      // `@_spi(A) @_spi(B) import M`: the groups of the SPI declarations the spy names.
      let groups = target.spiGroups[module] ?? []
      return groups.map { "@_spi(\($0)) " }.joined() + "import \(module)"
    }
    if target.isInternal { lines.append("@testable import \(module)") }
    if target.importsNetworking {
      lines += [
        "", "#if canImport(FoundationNetworking)", "  import FoundationNetworking", "#endif",
      ]
    }
    return lines
  }

  private func classDeclaration() -> [String] {
    let kind = target.isClass ? "class" : "protocol"
    let summary =
      "/// A spy for the \(kind) `\(target.typeName)`: it records every call and answers with"
    var lines =
      summary.count <= 100
      ? [summary, "/// what the test stubbed."]
      : Array(
        wrapComment(
          "A spy for the \(kind) `\(target.typeName)`: it records every call and answers with "
            + "what the test stubbed.",
          indent: ""
        ).dropFirst()
      )
    if target.isMainActor {
      lines.append("///")
      lines.append("/// The protocol is main-actor isolated: call the spy on the main actor.")
    }
    if target.isActor {
      let why =
        "`\(target.typeName)` is bound to actors, so the spy is an actor that holds its `Spy` in "
        + "`spy`: tests stub it and read its calls without `await`."
      lines += wrapComment(why, indent: "")
    } else if isComponent {
      var why = "It subclasses `\(target.typeName)`, so it holds its `Spy` in `spy`."
      if target.holdsItsSpy {
        why =
          "`\(target.typeName)` requires a member that a subclass of `Spy` cannot declare "
          + "(such as a `description` that is no `String`), so the spy holds its `Spy` in `spy`."
      } else if target.inheritsNSObject {
        why =
          "`\(target.typeName)` refines `NSObjectProtocol`, so the spy subclasses `NSObject` "
          + "and holds its `Spy` in `spy`."
      } else if let superclass = target.superclass {
        why =
          "`\(target.typeName)` is constrained to the class `\(superclass)`, so the spy "
          + "subclasses it and holds its `Spy` in `spy`."
      }
      lines += wrapComment(why, indent: "")
    }
    let generics = target.associatedTypes
    let spyType =
      generics.isEmpty ? spyName : "\(spyName)<\(generics.map(\.name).joined(separator: ", "))>"
    // An actor is `Sendable` by itself.
    let parents =
      (target.superclassName.map { [$0] } ?? [])
      + (isComponent ? [spelledTypeName] : ["Spy<\(spyType).Call>", spelledTypeName])
      + (target.isActor ? [] : ["@unchecked Sendable"])
    let parameters = generics.map {
      $0.constraint.isEmpty ? $0.name : "\($0.name): \($0.constraint)"
    }
    let parameterList = parameters.isEmpty ? "" : "<\(parameters.joined(separator: ", "))>"
    let whereClause =
      target.whereRequirements.isEmpty
      ? "" : "where \(target.whereRequirements.joined(separator: ", "))"
    let keyword = target.isActor ? "actor" : "final class"
    if target.isDeprecated { lines.append(Self.deprecated) }
    let oneLine =
      "\(keyword) \(spyName)\(parameterList): \(parents.joined(separator: ", "))"
      + (whereClause.isEmpty ? "" : " " + whereClause) + " {"
    if oneLine.count <= 100 {
      lines.append(oneLine)
    } else {
      // One parent per line, as swift-format lays out an inheritance clause that does not fit;
      // generic parameters one per line too when the first line still does not fit.
      let comma = parents.count > 1 ? "," : ""
      var parentIndent = "  "
      let firstLine = "\(keyword) \(spyName)\(parameterList): \(parents[0])\(comma)"
      if firstLine.count > 100, parameters.isEmpty,
        let broken = Self.brokenParent(parents[0], after: "\(keyword) \(spyName): ", comma: comma)
      {
        lines += broken
        parentIndent = ""
      } else if firstLine.count <= 100 || parameters.isEmpty {
        lines.append(firstLine)
      } else {
        lines.append("\(keyword) \(spyName)<")
        for (index, parameter) in parameters.enumerated() {
          lines.append("  " + parameter + (index == parameters.count - 1 ? "" : ","))
        }
        if (">: \(parents[0])\(comma)").count > 100,
          let broken = Self.brokenParent(parents[0], after: ">: ", comma: comma)
        {
          lines += broken
          parentIndent = ""
        } else {
          lines.append(">: \(parents[0])\(comma)")
        }
      }
      for (index, parent) in parents.enumerated().dropFirst() {
        lines.append(parentIndent + parent + (index == parents.count - 1 ? "" : ","))
      }
      lines +=
        target.whereRequirements.isEmpty
        ? ["{"]
        : TypeLayout.whereLines(indent: "", requirements: target.whereRequirements, brace: true)
    }
    if !target.isActor {
      let reason =
        isComponent
        ? "  // @unchecked: its only state is `spy`, which guards everything with its lock."
        : "  // @unchecked: no state of its own; the spy's lock guards all of it."
      lines.append(reason)
    }
    return lines
  }

  private func callEnum(_ names: CaseNames) -> [String] {
    // No requirements: no cases, and an enum without cases must say it is `Hashable`.
    if target.members.isEmpty { return ["  enum Call: SpyCall, Hashable {}"] }
    var lines = ["  enum Call: SpyCall {"]
    var methodNames: [String] = []
    for (index, member) in target.members.enumerated() {
      let name = names.names[index]
      let values = recordedValues(member)
      if member.isDeprecated { lines.append("    " + Self.deprecated) }
      lines += caseDeclaration(
        escaped(name.get),
        items: values.map { labeled($0.label, $0.type) },
        emptyParens: false
      )
      methodNames.append(name.get)
      if let setter = name.set {
        let newValue = recordedForm(of: member.returnType ?? "Void", in: member).type
        lines += caseDeclaration(
          escaped(setter),
          items: values.map { labeled($0.label, $0.type) } + ["newValue: \(newValue)"]
        )
        methodNames.append(setter)
        if member.isDeprecated { lines.insert("    " + Self.deprecated, at: lines.count - 1) }
      }
    }
    lines.append("")
    if methodNames.isEmpty {
      lines.append("    enum Method {}")
    } else {
      lines.append("    enum Method {")
      for name in methodNames {
        let line = "      case \(escaped(name))"
        lines += line.count <= 100 ? [line] : ["      case", "        \(escaped(name))"]
      }
      lines.append("    }")
    }
    lines.append("")
    // It names the deprecated requirements' cases.
    if target.members.contains(where: \.isDeprecated) { lines.append("    " + Self.deprecated) }
    lines.append("    var method: Method {")
    lines.append("      switch self {")
    for name in methodNames {
      let line = "      case .\(escaped(name)): .\(escaped(name))"
      if line.count <= 100 {
        lines.append(line)
      } else {
        lines += ["      case .\(escaped(name)):", "        .\(escaped(name))"]
      }
    }
    lines.append("      }")
    lines.append("    }")
    lines.append("  }")
    return lines
  }

  /// The first `(` of `text` that no `)` after it closes.
  static func firstUnclosedParenthesis(in text: String) -> String.Index? {
    var open: [String.Index] = []
    for index in text.indices {
      if text[index] == "(" { open.append(index) }
      if text[index] == ")", !open.isEmpty { open.removeLast() }
    }
    return open.first
  }

  /// A first parent that does not fit on its line (`Spy<SomeSpy<A, B>.Call>`), as swift-format
  /// lays it out: its generic argument on a line of its own, `.Call` under it where that does
  /// not fit either, then `>`; the other parents follow unindented.
  static func brokenParent(_ parent: String, after head: String, comma: String) -> [String]? {
    guard parent.hasSuffix(">"), let open = parent.firstIndex(of: "<") else { return nil }
    let argument = String(parent[parent.index(after: open)..<parent.index(before: parent.endIndex)])
    var lines = [head + parent[...open]]
    if ("  " + argument).count > 100, argument.hasSuffix(">.Call") {
      let base = String(argument.dropLast(5))
      if ("  " + base).count > 100, let angle = base.firstIndex(of: "<") {
        // The spy's own generic arguments do not fit either: on a line of their own.
        lines += [
          "  " + base[...angle],
          "    " + base[base.index(after: angle)..<base.index(before: base.endIndex)],
          "  >", "    .Call",
        ]
      } else {
        lines += ["  " + base, "    .Call"]
      }
    } else {
      lines.append("  " + argument)
    }
    return lines + [">\(comma)"]
  }

  /// A `Call` case: `case name(values)`, laid out by ``wrapList``; where even `case name(` does
  /// not fit in 100 columns (overloads whose names add every type), the name goes on a line of
  /// its own under `case`, as swift-format lays it out.
  private func caseDeclaration(_ name: String, items: [String], emptyParens: Bool = true)
    -> [String]
  {
    let fits = ("    case " + name + (items.isEmpty ? "" : "(")).count <= 100
    return (fits ? [] : ["    case"])
      + wrapList(
        indent: fits ? "    " : "      ",
        head: fits ? "case \(name)" : name,
        items: items,
        tail: "",
        emptyParens: emptyParens,
        declaration: true
      )
  }

  private func componentStorage() -> [String] {
    var lines = [
      "  /// The recording: calls, stubs and waits.",
      // An actor's `Sendable` spy is read and stubbed from anywhere, without `await`.
      "  \(target.isActor ? "nonisolated " : "")let spy: Spy<Call>",
      "",
    ]
    var handOff = wrapList(
      indent: "    ",
      head: "spy = Spy(",
      items: ["name: \"\(spyName)\""] + Self.locationArguments,
      tail: "",
      openParen: false
    )
    if target.isClass || target.superclassName != nil { handOff.append("    super.init()") }
    lines += locationInitializer(head: "init", handOff: handOff)
    return lines
  }

  /// The initializer that takes its caller's source location, so that failures of unstubbed
  /// calls point at the line that made the spy, and hands it to `Spy` (`handOff`), after what
  /// every initializer of a `RawRepresentable` spy starts with.
  private func locationInitializer(
    head: String,
    parameters: [String] = [],
    handOff: [String]
  ) -> [String] {
    var lines = [
      "  /// Creates the spy; failures of unstubbed calls point at the line that calls this."
    ]
    lines += wrapList(
      indent: "  ",
      head: head,
      items: parameters + [
        "fileID: StaticString = #fileID",
        "filePath: StaticString = #filePath",
        "line: UInt = #line",
        "column: UInt = #column",
      ],
      tail: " {",
      forceBreak: true
    )
    lines += rawValueInitialization
    lines += handOff
    lines.append("  }")
    return lines
  }

  /// The source location ``locationInitializer(head:parameters:handOff:)`` hands on to `Spy`.
  private static let locationArguments = [
    "fileID: fileID", "filePath: filePath", "line: line", "column: column",
  ]

  /// The spy of the static requirements: a fresh one in each isolated test, one for the process
  /// elsewhere (`Spy.perTest(name:)`).
  private func staticsStorage() -> [String] {
    // A generic class has no static stored property: one spy per specialization.
    if !target.associatedTypes.isEmpty {
      return [
        "  /// Records the calls to static requirements: one spy per specialization, and each",
        "  /// isolated test has its own (see `Spy.perSpecialization(of:)`).",
        "  static var statics: Spy<Call> { Spy<Call>.perSpecialization(of: Self.self).value }",
      ]
    }
    return [
      "  /// Records the calls to static requirements: each isolated test has its own (see",
      "  /// `Spy.perTest(name:)`), other code shares one for the process.",
      "  static var statics: Spy<Call> { staticSpies.value }",
    ]
      + wrapList(
        indent: "  ",
        head: "private static let staticSpies = Spy<Call>.perTest",
        items: ["name: \"\(spyName).statics\""],
        tail: ""
      )
  }

  /// `==` and `hash(into:)` by identity, for a protocol that refines `Equatable` or `Hashable`:
  /// a spy equals only itself.
  private func identity() -> [String] {
    var lines: [String] = []
    if target.isEquatableByIdentity {
      lines += [
        "",
        "  /// Whether two spies are the same spy (`Equatable`).",
        "  static func == (lhs: \(spyName), rhs: \(spyName)) -> Bool {",
        "    lhs === rhs",
        "  }",
      ]
    }
    lines += synthesizedRequirements()
    if target.isHashableByIdentity {
      lines += [
        "",
        "  /// Hashes the spy's identity (`Hashable`).",
        "  \(accessorIsolation)func hash(into hasher: inout Hasher) {",
        "    hasher.combine(ObjectIdentifier(self))",
        "  }",
      ]
    }
    return lines
  }

  /// `rawValue = 0`: what every initializer of a `RawRepresentable` spy starts with.
  var rawValueInitialization: [String] {
    target.rawValue.map { ["    rawValue = \($0.initial)"] } ?? []
  }

  /// What the spy writes for the standard library's protocols its protocol refines
  /// (``SynthesizedParent``).
  private func synthesizedRequirements() -> [String] {
    var lines: [String] = []
    let spy = isComponent ? "spy." : ""
    if let rawValue = target.rawValue {
      var body = ["    self.rawValue = rawValue"]
      if isComponent {
        body.append("    spy = Spy(name: \"\(spyName)\")")
        if target.superclassName != nil { body.append("    super.init()") }
      } else {
        body.append("    super.init()")
      }
      lines +=
        [
          "",
          "  /// The raw value (`RawRepresentable`): \(rawValue.initial), or the one it was created with.",
          "  let rawValue: \(rawValue.type)",
          "",
          "  /// A fresh spy with this raw value (`RawRepresentable`); it always succeeds.",
          "  init?(rawValue: \(rawValue.type)) {",
        ] + body + ["  }"]
    }
    if target.synthesized.contains(.comparable) {
      lines += [
        "",
        "  /// Orders spies by identity (`Comparable`): a spy is equal only to itself.",
        "  static func < (lhs: \(spyName), rhs: \(spyName)) -> Bool {",
        "    ObjectIdentifier(lhs) < ObjectIdentifier(rhs)",
        "  }",
      ]
    }
    if target.synthesized.contains(.caseIterable) {
      lines += [
        "",
        "  /// No spies (`CaseIterable`): a spy is no case of an enumeration.",
        "  static var allCases: [\(spyName)] { [] }",
      ]
    }
    if target.synthesized.contains(.debugDescription) {
      lines += [
        "",
        "  /// The spy's name and calls (`CustomDebugStringConvertible`).",
        "  \(accessorIsolation)var debugDescription: String { \(spy)description }",
      ]
    }
    lines += servedElements()
    if target.synthesized.contains(.decodable) {
      var body = rawValueInitialization + ["    super.init()"]
      if isComponent {
        body = rawValueInitialization + ["    spy = Spy(name: \"\(spyName)\")"]
        if target.superclassName != nil { body.append("    super.init()") }
      }
      lines +=
        [
          "",
          "  /// A fresh spy: a spy has nothing to decode (`Decodable`).",
          "  init(from decoder: any Decoder) throws {",
        ] + body + ["  }"]
    }
    if target.synthesized.contains(.encodable) {
      lines += [
        "",
        "  /// Encodes `nil`: a spy has nothing to encode (`Encodable`).",
        "  \(accessorIsolation)func encode(to encoder: any Encoder) throws {",
        "    var container = encoder.singleValueContainer()",
        "    try container.encodeNil()",
        "  }",
      ]
    }
    return lines
  }

  /// The array a `Sequence` or `Collection` spy serves (`elements`, kept by the spy's lock),
  /// and the requirements it meets with it: `makeIterator()`, or a collection's positions
  /// (`Int`, from 0) and elements.
  private func servedElements() -> [String] {
    guard let element = target.servedElement else { return [] }
    let keeper =
      isComponent ? "spy." : overridesSpyMethod(named: "keep(_:as:)") ? "super." : ""
    var lines = [
      "",
      "  /// The elements the spy serves as a \(kindOfElements): none until the test sets them.",
      "  \(accessorIsolation)var elements: [\(element)] {",
      "    get { \(keeper)lastKept(\"elements\") ?? [] }",
      "    set { \(keeper)keep(newValue, as: \"elements\") }",
      "  }",
    ]
    if target.synthesized.contains(.collection), target.writesPositions {
      lines += [
        "",
        "  /// The position of the first of `elements` (`Collection`).",
        "  \(accessorIsolation)var startIndex: Int { 0 }",
        "",
        "  /// The position after the last of `elements` (`Collection`).",
        "  \(accessorIsolation)var endIndex: Int { elements.count }",
        "",
        "  /// The position after `i` (`Collection`).",
        "  \(accessorIsolation)func index(after i: Int) -> Int { i + 1 }",
        "",
        "  /// The element of `elements` at `position` (`Collection`).",
        "  \(accessorIsolation)subscript(position: Int) -> \(element) { elements[position] }",
      ]
    }
    if target.synthesized.contains(.contiguousBytes) {
      lines += [
        "",
        "  /// Reads the bytes of `elements` (`ContiguousBytes`).",
        "  \(accessorIsolation)func withUnsafeBytes<R>(",
        "    _ body: (UnsafeRawBufferPointer) throws -> R",
        "  ) rethrows -> R {",
        "    try elements.withUnsafeBytes(body)",
        "  }",
      ]
    }
    if !target.synthesized.contains(.collection), target.writesPositions {
      lines += [
        "",
        "  /// Iterates over `elements` as they are when it starts (`Sequence`).",
        "  \(accessorIsolation)func makeIterator() -> IndexingIterator<[\(element)]> {",
        "    elements.makeIterator()",
        "  }",
      ]
    }
    return lines
  }

  private var kindOfElements: String {
    target.synthesized.contains(.collection) ? "collection" : "sequence"
  }

  private func inheritedInitializer() -> [String] {
    locationInitializer(
      head: "override init",
      parameters: ["name: String? = nil"],
      handOff: wrapList(
        indent: "    ",
        head: "super.init",
        items: ["name: name"] + Self.locationArguments,
        tail: ""
      )
    )
  }

  /// The values a call records: every parameter but closures, as its `Call` stores it; the
  /// value of an `@autoclosure` the spy evaluates, unless it is `Void`.
  private func recordedValues(_ member: Member) -> [(label: String, type: String, value: String)] {
    member.parameters.filter { isRecorded($0, in: member) }.map { parameter in
      var type = parameter.evaluated?.type ?? parameter.type
      if parameter.isVariadic { type = "[\(type)]" }
      let form = recordedForm(of: type, in: member)
      let value = parameter.name + (parameter.evaluated == nil ? "" : "()")
      return (parameter.caseLabel ?? "", form.type, form.value(value))
    }
  }

  private func isGeneric(_ type: String, in member: Member) -> Bool {
    if type.hasPrefix("some ") { return true }
    let words = Set(identifiers(in: type))
    return member.genericNames.contains { words.contains($0) }
  }

  private func identifiers(in type: String) -> [String] {
    type.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }.map(String.init)
  }

  private func implementation(of member: Member, names: CaseNames.Name) -> [String] {
    let recorder = recorder(for: member)
    let values = recordedValues(member)
    let call = "." + escaped(names.get)
    let override =
      target.isClass || overridesSpyMember(member) ? "override " : isolation(of: member)
    var lines: [String] = []
    let keeper = keeper(member, overriding: "keep(_:as:)")
    var keeps = member.parameters.filter { $0.isClosure && $0.isEscaping }.map { parameter in
      "    \(keeper)keep(\(parameter.name), as: \"\(keptName(names.get, parameter))\")"
    }
    // An `@autoclosure` of no value is evaluated for what it does.
    for parameter in member.parameters {
      if let evaluated = parameter.evaluated, evaluated.type == "Void" {
        keeps.append("    \(evaluated.effects)\(parameter.name)()")
      }
    }
    switch member.kind {
    case .method, .initializer:
      let head = override + member.head
      lines += wrapList(
        indent: "  ",
        head: head,
        items: member.parameters.map(\.declaration),
        tail: member.tail + " {",
        declaration: true
      )
      if member.kind == .initializer {
        lines += rawValueInitialization
        lines.append(isComponent ? "    spy = Spy(name: \"\(spyName)\")" : "    super.init()")
        if isComponent && target.superclassName != nil { lines.append("    super.init()") }
      }
      lines += keeps
      lines += body(
        of: member,
        recorder: recorder,
        call: call,
        arguments: values.map { labeled($0.label, $0.value) },
        afterKeeping: !keeps.isEmpty
      )
      lines.append("  }")
    case .property(let hasSetter):
      let effects = accessorEffects(member)
      let hasAccessors = hasSetter || !effects.isEmpty
      let getter = wrapCall(
        indent: hasAccessors ? "      " : "    ",
        head: (member.returnsExplicitly ? "return " : "")
          + answer(member, recorder: recorder, call: call),
        items: [],
        tail: answerTail(member)
      )
      lines += propertyHead("  " + override + member.head)
      if hasAccessors {
        lines.append("    get\(effects) {")
        lines += getter
        lines.append("    }")
      } else {
        lines += getter
      }
      if hasSetter, let setter = names.set {
        lines.append("    set {")
        let newValue = recordedForm(of: member.returnType ?? "Void", in: member).value("newValue")
        lines.append("      \(recorder)record(.\(escaped(setter))(newValue: \(newValue)))")
        lines.append("    }")
      }
      lines.append("  }")
    case .subscript(let hasSetter):
      lines += wrapList(
        indent: "  ",
        head: override + member.head,
        items: member.parameters.map(\.declaration),
        tail: member.tail + " {",
        declaration: true
      )
      let effects = accessorEffects(member)
      let getter = wrapCall(
        indent: hasSetter || !effects.isEmpty ? "      " : "    ",
        head: (member.returnsExplicitly ? "return " : "")
          + answer(member, recorder: recorder, call: call),
        items: values.map { labeled($0.label, $0.value) },
        tail: answerTail(member)
      )
      if !effects.isEmpty {
        // An effectful subscript has a getter only.
        lines.append("    get\(effects) {")
        lines += getter
        lines.append("    }")
      } else if hasSetter, let setter = names.set {
        lines.append("    get {")
        lines += getter
        lines.append("    }")
        lines.append("    set {")
        lines += wrapCall(
          indent: "      ",
          head: "\(recorder)record(.\(escaped(setter))",
          items: values.map { labeled($0.label, $0.value) } + [
            "newValue: "
              + recordedForm(of: member.returnType ?? "Void", in: member).value("newValue")
          ],
          tail: ")"
        )
        lines.append("    }")
      } else {
        lines += getter
      }
      lines.append("  }")
    }
    return lines
  }

  /// `nonisolated ` for a requirement declared so, in an actor or main-actor spy, where its
  /// implementation would otherwise be isolated.
  func isolation(of member: Member) -> String {
    member.isNonisolated && (target.isActor || target.isMainActor) ? "nonisolated " : ""
  }

  /// `nonisolated ` for the instance members the generator adds to an actor spy (kept closures,
  /// write-back stubs): tests use them without `await`, as they use `spy`.
  var accessorIsolation: String { target.isActor ? "nonisolated " : "" }

  /// `try recordThrowing(.open` — the call's opening, before its arguments.
  func answer(_ member: Member, recorder: String, call: String) -> String {
    switch member.throwing {
    case .any, .typed:
      return "try \(recorder)recordThrowing(\(call)"
    case .no:
      guard let result = member.returnType else { return "\(recorder)record(\(call)" }
      if placeholder(for: result, in: member) != nil { return "\(recorder)record(\(call)" }
      return "\(recorder)recordStubbed(\(call)"
    }
  }

  /// What closes the call opened by `answer`.
  func answerTail(_ member: Member) -> String {
    switch member.throwing {
    case .typed(let failure): return ", as: \(failure).self)"
    case .any: return ")"
    case .no:
      guard let result = member.returnType else { return ")" }
      if let value = placeholder(for: result, in: member) { return ", placeholder: \(value))" }
      return ")"
    }
  }

  /// The accessor `name` (see ``AddedNames``) of the closure `parameter` of `member` keeps.
  func keptAccessor(
    _ member: Member,
    _ parameter: Parameter,
    caseName: String,
    name property: String
  ) -> [String] {
    if mentionsGenerics(parameter.type, in: member) {
      return genericKeptAccessor(member, parameter, caseName: caseName, name: property)
    }
    let recorder = keeper(member, overriding: "lastKept(_:as:)")
    let isStatic = member.isStatic ? "static " : accessorIsolation
    return [
      "  /// The `\(parameter.name.trimmingBackticks)` argument of the latest call to `\(member.displayName)`."
    ]
      + TypeLayout.property(
        indent: "  ",
        head: "\(isStatic)var \(property):",
        type: "(\(parameter.type))?"
      )
      + [
        "    \(recorder)lastKept(\"\(keptName(caseName, parameter))\")",
        "  }",
      ]
  }

  /// The key a closure argument is kept under: its call's case name, which no other
  /// requirement has, and the parameter's name, `load.completion`.
  func keptName(_ caseName: String, _ parameter: Parameter) -> String {
    "\(caseName.trimmingBackticks).\(parameter.name.trimmingBackticks)"
  }

  /// A harmless value of `type` for an unstubbed call that already failed, if there is one.
  func placeholder(for type: String, in member: Member) -> String? {
    // `-> Self`: the spy itself.
    if type == spyName { return member.isStatic ? nil : "self" }
    if isGeneric(type, in: member) { return nil }
    // A function type returning an optional, `() throws -> Value?`, is no optional itself.
    let isFunction = DeclarationParser.splitTopLevel(type, separator: "-").count > 1
    if !isFunction, type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("Optional<") {
      return "nil"
    }
    let numbers: Set = [
      "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
      "Double", "Float", "CGFloat", "Decimal", "TimeInterval",
    ]
    if numbers.contains(type) { return "0" }
    switch type {
    case "Bool": return "false"
    case "String": return "\"\""
    case "Data": return "Data()"
    case "Date": return "Date(timeIntervalSince1970: 0)"
    default: break
    }
    if type.hasPrefix("[") && type.hasSuffix("]") {
      let inside = String(type.dropFirst().dropLast())
      let isDictionary = DeclarationParser.splitTopLevel(inside, separator: ":").count > 1
      return isDictionary ? "[:]" : "[]"
    }
    if type.hasPrefix("Set<") { return "[]" }
    if type.hasPrefix("(") && type.hasSuffix(")") && !type.contains("->") {
      let elements = DeclarationParser.splitTopLevel(
        String(type.dropFirst().dropLast()),
        separator: ","
      )
      var values: [String] = []
      for element in elements {
        let pieces = DeclarationParser.splitTopLevel(element, separator: ":")
        let elementType = (pieces.last ?? element).trimmingSpaces
        guard let value = placeholder(for: elementType, in: member) else { return nil }
        values.append(pieces.count > 1 ? "\(pieces[0].trimmingSpaces): \(value)" : value)
      }
      return "(\(values.joined(separator: ", ")))"
    }
    return nil
  }

  /// The opening of a property, `  var name: Type {`, laid out by ``TypeLayout`` where it does
  /// not fit.
  private func propertyHead(_ declaration: String) -> [String] {
    let indent = String(declaration.prefix { $0 == " " })
    let text = declaration.dropFirst(indent.count)
    guard (declaration + " {").count > 100, let colon = text.firstIndex(of: ":") else {
      return [declaration + " {"]
    }
    return TypeLayout.property(
      indent: indent,
      head: String(text[...colon]),
      type: String(text[text.index(after: colon)...]).trimmingSpaces
    )
  }

  /// What makes a declaration deprecated, so that it may mention deprecated ones silently.
  static let deprecated = "@available(*, deprecated)"

  // MARK: - Layout

  /// A call of `Spy`, `record(.case(items), placeholder: x)` (`head` is `record(.case`, `tail`
  /// what follows the case's arguments), on one line when it fits in 100 columns, else as
  /// swift-format lays it out: one argument of `record` per line, the case's arguments on their
  /// own lines too when the case does not fit either.
  func wrapCall(indent: String, head: String, items: [String], tail: String) -> [String] {
    let arguments = items.isEmpty ? "" : "(" + items.joined(separator: ", ") + ")"
    let oneLine = indent + head + arguments + tail
    // The call's own parenthesis: the first one `head` leaves open (a result's type before it,
    // `let result: (any Field)? = try record(`, has its own).
    guard oneLine.count > 100, let paren = Self.firstUnclosedParenthesis(in: head) else {
      return [oneLine]
    }
    let outer = String(head[...paren])
    let inner = String(head[head.index(after: paren)...])
    // The tail: `)`, or `, placeholder: nil)`, `, as: E.self) as Void`: the other arguments of
    // the call, and what follows its closing parenthesis.
    var rest: String?
    var after = String(tail.dropFirst())
    if tail.hasPrefix(", ") {
      let characters = Array(tail.dropFirst(2))
      var depth = 0
      var index = 0
      while index < characters.count {
        if characters[index] == "(" || characters[index] == "[" { depth += 1 }
        if characters[index] == ")" || characters[index] == "]" {
          if depth == 0 { break }
          depth -= 1
        }
        index += 1
      }
      rest = String(characters[..<index])
      after = String(characters[min(index + 1, characters.count)...])
    }
    let innerIndent = indent + "  "
    let comma = rest == nil ? "" : ","
    var lines = [indent + outer]
    if (innerIndent + inner + arguments + comma).count <= 100 {
      lines.append(innerIndent + inner + arguments + comma)
    } else {
      lines += wrapList(
        indent: innerIndent,
        head: inner,
        items: items,
        tail: comma,
        forceBreak: true
      )
    }
    if let rest { lines.append(innerIndent + rest) }
    lines.append(indent + ")" + after)
    return lines
  }

  /// `head(items)tail` on one line when it fits in 100 columns, else one item per line. The
  /// items of a `declaration` (parameters, a `Call` case's values) are laid out by
  /// ``TypeLayout`` where they do not fit, and so is a `where` clause in its `tail`.
  func wrapList(
    indent: String,
    head: String,
    items: [String],
    tail: String,
    forceBreak: Bool = false,
    openParen: Bool = true,
    emptyParens: Bool = true,
    declaration: Bool = false
  ) -> [String] {
    let open = openParen ? "(" : ""
    if items.isEmpty {
      let oneLine = indent + head + (emptyParens && openParen ? "()" : "") + tail
      guard declaration, oneLine.count > 100, let clause = TypeLayout.whereClause(in: oneLine)
      else { return [oneLine] }
      return [clause.before]
        + TypeLayout.whereLines(
          indent: indent,
          requirements: clause.requirements,
          brace: clause.brace
        )
    }
    let oneLine = indent + head + open + items.joined(separator: ", ") + ")" + tail
    if oneLine.count <= 100 && !forceBreak { return [oneLine] }
    var lines = [indent + head + open]
    for (index, item) in items.enumerated() {
      let comma = index == items.count - 1 ? "" : ","
      if declaration {
        lines += TypeLayout.item(item, indent: indent + "  ", tail: comma)
      } else {
        lines += Self.argument(item, indent: indent + "  ", tail: comma)
      }
    }
    lines += declaration ? TypeLayout.closing(indent: indent, tail: tail) : [indent + ")" + tail]
    return lines
  }

  /// A call's argument on a line of its own; a labeled one that does not fit and whose value
  /// cannot break (`for: .aCaseNameThatAddsEveryType`) has its value under its label, as
  /// swift-format puts it.
  static func argument(_ item: String, indent: String, tail: String) -> [String] {
    let line = indent + item + tail
    guard line.count > 100, let colon = item.range(of: ": ") else { return [line] }
    let label = item[..<colon.lowerBound]
    let value = item[colon.upperBound...]
    guard !label.isEmpty, label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
      !value.contains(where: { "([<{".contains($0) })
    else { return [line] }
    return [indent + label + ":", indent + "  " + value + tail]
  }

  func wrapComment(_ text: String, indent: String) -> [String] {
    var lines: [String] = []
    var current = indent + "///"
    for word in text.split(separator: " ") {
      if current.count + word.count + 1 > 100 {
        lines.append(current)
        current = indent + "///"
      }
      current += " " + word
    }
    lines.append(current)
    return [indent + "///"] + lines
  }

  func escaped(_ name: String) -> String {
    SwiftKeywords.all.contains(name) ? "`\(name)`" : name
  }
}

extension String {
  var trimmingBackticks: String { replacingAll("`", with: "") }
}

enum SwiftKeywords {
  static let all: Set = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "operator", "private", "protocol", "public",
    "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
    "return", "switch", "where", "while", "as", "Any", "catch", "false", "is", "nil", "super",
    "self", "Self", "throw", "throws", "true", "try",
  ]
}
