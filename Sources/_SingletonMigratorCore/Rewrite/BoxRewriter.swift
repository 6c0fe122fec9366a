import Foundation
import _SpyGeneratorCore

/// Writes the box and the computed accessor that replace a shared instance's declaration, so
/// that every call site compiles unchanged:
///
/// ```swift
/// static let shared = ArticleManager()
/// // becomes
/// static var shared: ArticleManager { sharedBox.value }
/// static let sharedBox = Resettable<ArticleManager> { ArticleManager() }
/// ```
struct BoxRewriter {
  static let accessLevels: Set<String> = [
    "open", "public", "package", "internal", "fileprivate", "private",
  ]

  let file: ScannedFile
  /// Names already declared in each container (`""` for the top level), to keep the box's
  /// name free.
  let takenNames: [String: Set<String>]
  /// `Resettable`, or `SharedInstances.Resettable` when the target declares a type of that name.
  var boxType = "Resettable"
  /// One level of indentation: the package's `.swift-format`, else the file's own.
  var indentUnit: String? = nil

  /// The box's name: `sharedBox`, or a longer one when that name is taken.
  func boxName(for instance: SharedInstance) -> String {
    let taken = takenNames[instance.container ?? ""] ?? []
    // `default` is spelled with backticks; `defaultBox` needs none.
    let name = instance.name.filter { $0 != "`" }
    for candidate in ["\(name)Box", "\(name)SharedBox", "_\(name)Box"]
    where !taken.contains(candidate) {
      return candidate
    }
    return "_\(name)ResettableBox"
  }

  /// The edit for one instance, or a diagnostic saying why it is left as it is.
  ///
  /// - Parameter protocolType: With `--extract-protocol`, the existential the box and the
  ///   accessor hold (`any ArticleManaging`).
  func edit(
    for instance: SharedInstance,
    protocolType: String? = nil
  ) -> Result<LineEdit, MigrationFailure> {
    let declaration = instance.declaration
    let placement: (indent: String, suffix: String)
    switch self.placement(of: instance) {
    case .success(let found): placement = found
    case .failure(let failure): return .failure(failure)
    }
    let layout = Layout(
      indent: placement.indent,
      unit: indentUnit ?? Self.indentUnit(of: file),
      attributesOnOwnLines: declaration.attributesOnOwnLines
    )
    let box = boxName(for: instance)
    let valueType = protocolType ?? instance.type
    let accessorType =
      protocolType.map { type in
        declaration.type.map {
          $0.hasSuffix("!") ? "(\(type))!" : $0.hasSuffix("?") ? "(\(type))?" : type
        }
          ?? type
      } ?? (declaration.type ?? instance.type)
    let accessor = self.accessor(of: instance, type: accessorType, box: box, layout: layout)
    let note = "/// The box behind `\(instance.name.filter { $0 != "`" })`: tests override it."
    let boxLine = boxDeclaration(of: instance, valueType: valueType, box: box, layout: layout)
    let indent = layout.indent
    var text = indent + accessor + "\n" + indent + note + "\n" + indent + boxLine
    text += placement.suffix
    if text.hasSuffix(" ") { text = text.trimmingCharacters(in: .whitespaces) }
    return .success(
      LineEdit(
        first: declaration.line,
        last: declaration.endLine,
        lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      )
    )
  }

  /// The indentation of the declaration's lines, and what shares its first and last lines:
  /// indentation before, a comment after; anything else leaves the instance as it is.
  private func placement(
    of instance: SharedInstance
  ) -> Result<(indent: String, suffix: String), MigrationFailure> {
    let declaration = instance.declaration
    let bytes = file.bytes
    guard declaration.line >= 1, declaration.endLine <= file.lineStarts.count,
      file.lineStarts[declaration.line - 1] <= declaration.start
    else {
      return .failure(
        MigrationFailure(instance: instance, reason: "the scanner lost track of its lines")
      )
    }
    let lineStart = file.lineStarts[declaration.line - 1]
    let prefix = String(decoding: bytes[lineStart..<declaration.start], as: UTF8.self)
    let lastLineEnd =
      declaration.endLine < file.lineStarts.count
      ? file.lineStarts[declaration.endLine] - 1 : bytes.count
    let suffix = String(
      decoding: bytes[min(declaration.end, lastLineEnd)..<lastLineEnd],
      as: UTF8.self
    )
    let trimmedSuffix = suffix.trimmingCharacters(in: .whitespaces)
    guard prefix.allSatisfy({ $0 == " " || $0 == "\t" }),
      trimmedSuffix.isEmpty || trimmedSuffix.hasPrefix("//") || trimmedSuffix.hasPrefix("/*")
    else {
      return .failure(
        MigrationFailure(
          instance: instance,
          reason: "other code shares its line: put the declaration on lines of its own"
        )
      )
    }
    return .success((prefix, suffix))
  }

  /// The indentation the written lines use, and how attributes stand before a declaration.
  private struct Layout {
    /// The declaration's own indentation.
    let indent: String
    /// One level.
    let unit: String
    /// Whether the declaration's attributes stood on lines of their own.
    let attributesOnOwnLines: Bool

    /// `indent` and `levels` more.
    func deeper(_ levels: Int) -> String {
      indent + String(repeating: unit, count: levels)
    }

    /// Whether every line of `text`, indented, fits in 100 columns.
    func fits(_ text: String) -> Bool {
      text.split(separator: "\n").allSatisfy { (indent + $0).count <= 100 }
    }

    /// A declaration: its attributes, as the original's stood, then its other parts.
    func joined(_ attributes: [String], _ parts: [String]) -> String {
      let rest = parts.filter { !$0.isEmpty }.joined(separator: " ")
      guard !attributes.isEmpty else { return rest }
      if attributesOnOwnLines {
        return attributes.joined(separator: "\n" + indent) + "\n" + indent + rest
      }
      return attributes.joined(separator: " ") + " " + rest
    }
  }

  /// The computed property that replaces the declaration: its attributes and modifiers, and a
  /// body that reads (and for a `var`, sets) the box; on more lines when one is too long.
  private func accessor(
    of instance: SharedInstance,
    type: String,
    box: String,
    layout: Layout
  ) -> String {
    let declaration = instance.declaration
    let (indent, i1, i2, i3) = (layout.indent, layout.deeper(1), layout.deeper(2), layout.deeper(3))
    var accessorModifiers: [String] = []
    for modifier in declaration.modifiers where !["lazy", "final"].contains(modifier) {
      if modifier == "nonisolated(unsafe)" {
        if declaration.container.contains(where: \.isMainActor) {
          accessorModifiers.append("nonisolated")
        }
        continue
      }
      if modifier == "class" {
        accessorModifiers.append("static")
        continue
      }
      accessorModifiers.append(modifier)
    }
    let body: String
    switch instance.shape {
    case .call, .closure:
      body = "{ \(box).value }"
    case .mutable:
      body =
        "{\n\(i1)get { \(box).value }\n\(i1)set { \(box).set(newValue) }\n\(indent)}"
    case .bootstrap:
      body =
        "{\n\(i1)get { \(box).currentValue }\n\(i1)set {\n"
        + "\(i2)if let newValue { \(box).set(newValue) } else { \(box).reset() }\n"
        + "\(i1)}\n\(indent)}"
    }
    let accessor = layout.joined(
      declaration.attributes,
      accessorModifiers + ["var \(instance.name): \(type) \(body)"]
    )
    // Too long for 100 columns: the getter, or the setter's branches, on lines of their own.
    guard !layout.fits(accessor) else { return accessor }
    let longBody: String
    switch instance.shape {
    case .call, .closure:
      longBody = "{\n\(i1)\(box).value\n\(indent)}"
    case .mutable:
      longBody = body
    case .bootstrap:
      longBody =
        "{\n\(i1)get { \(box).currentValue }\n\(i1)set {\n"
        + "\(i2)if let newValue {\n\(i3)\(box).set(newValue)\n"
        + "\(i2)} else {\n\(i3)\(box).reset()\n\(i2)}\n"
        + "\(i1)}\n\(indent)}"
    }
    return layout.joined(
      declaration.attributes,
      accessorModifiers + ["var \(instance.name): \(type) \(longBody)"]
    )
  }

  /// The box's declaration: on one line; else with a one-line factory on a line of its own;
  /// else with its arguments on lines of their own: the first whose lines fit in 100 columns.
  private func boxDeclaration(
    of instance: SharedInstance,
    valueType: String,
    box: String,
    layout: Layout
  ) -> String {
    let declaration = instance.declaration
    let (indent, i1, i2) = (layout.indent, layout.deeper(1), layout.deeper(2))
    let factory = Self.factory(of: instance)
    // Named after the declaration it replaces, so that messages, records and the dependency
    // map say `Manager.shared` rather than `Resettable<Manager>`.
    let name = "name: \"\(instance.qualifiedName.filter { $0 != "`" })\""
    let head = "\(boxType)<\(valueType)>"
    var layouts: [String]
    if instance.shape == .bootstrap {
      layouts = ["\(head).empty(\(name))"]
    } else if instance.hasMainActorFactory {
      layouts = ["\(head)(\(name), mainActor: \(factory))"]
    } else {
      layouts = ["\(head)(\(name)) \(factory)"]
    }
    let oneLineBody =
      !factory.contains("\n") && factory.hasPrefix("{ ")
      ? String(factory.dropFirst(2).dropLast(2)) : nil
    if let oneLineBody, instance.shape != .bootstrap {
      layouts.append(
        instance.hasMainActorFactory
          ? "\(head)(\(name), mainActor: {\n\(i1)\(oneLineBody)\n\(indent)})"
          : "\(head)(\(name)) {\n\(i1)\(oneLineBody)\n\(indent)}"
      )
    }
    switch instance.shape {
    case .bootstrap:
      layouts.append("\(head).empty(\n\(i1)\(name)\n\(indent))")
    case _ where instance.hasMainActorFactory:
      // A closure of several lines moves one level in, with its arguments.
      let closure =
        oneLineBody.map { "{\n\(i2)\($0)\n\(i1)}" }
        ?? factory.replacingOccurrences(of: "\n", with: "\n" + layout.unit)
      layouts.append("\(head)(\n\(i1)\(name),\n\(i1)mainActor: \(closure)\n\(indent))")
    default:
      let closure = oneLineBody.map { "{\n\(i1)\($0)\n\(indent)}" } ?? factory
      layouts.append("\(head)(\n\(i1)\(name)\n\(indent)) \(closure)")
    }
    let attributes = declaration.attributes.filter {
      $0.hasPrefix("@MainActor") || $0.hasPrefix("@available") || $0.hasPrefix("@_spi")
        || $0.hasPrefix("@usableFromInline")
    }
    let modifiers = boxModifiers(of: instance)
    let boxLines = layouts.map { layout.joined(attributes, modifiers + ["let \(box) = \($0)"]) }
    return boxLines.first(where: layout.fits) ?? boxLines[boxLines.count - 1]
  }

  /// The box's modifiers: the declaration's access level (`open` becomes `public`), `static`,
  /// and the isolation opt-out the box still needs.
  private func boxModifiers(of instance: SharedInstance) -> [String] {
    let declaration = instance.declaration
    let modifiers = declaration.modifiers
    let access = modifiers.first { Self.accessLevels.contains($0) }.map {
      $0 == "open" ? "public" : $0
    }
    let unsafe = modifiers.contains("nonisolated(unsafe)")
    let plainNonisolated = modifiers.contains("nonisolated")
    var boxModifiers: [String] = []
    if let access { boxModifiers.append(access) }
    if declaration.isStatic { boxModifiers.append("static") }
    // A box of a `Sendable` class (or of a `Sendable` protocol) is itself `Sendable`: the opt-out
    // that a mutable `var` needed is dropped, or the compiler warns that it is unnecessary.
    if unsafe && !instance.isSendable {
      boxModifiers.append("nonisolated(unsafe)")
    } else if plainNonisolated || (unsafe && declaration.container.contains(where: \.isMainActor)) {
      boxModifiers.append("nonisolated")
    }
    return boxModifiers
  }

  /// The box's factory, from the declaration's initial value: a closure literal as it is, a
  /// call wrapped in one; none for a box set at start-up.
  private static func factory(of instance: SharedInstance) -> String {
    var initializer = (instance.declaration.initializer ?? "").trimmingCharacters(
      in: .whitespacesAndNewlines
    )
    // `.init(…)` meant the declared type; in a box of a protocol it must say so.
    if initializer.hasPrefix(".") { initializer = instance.type + initializer }
    switch instance.shape {
    case .closure:
      // `{ … }()`: the closure literal, without the call.
      var literal = initializer
      literal.removeLast()  // `)`
      while literal.last?.isWhitespace ?? false { literal.removeLast() }
      literal.removeLast()  // `(`
      while literal.last?.isWhitespace ?? false { literal.removeLast() }
      return literal
    case .call, .mutable:
      return "{ \(initializer) }"
    case .bootstrap:
      return ""
    }
  }

  /// The edit that imports SharedInstances, or nil when the file does: after the last import,
  /// or, in a file with none, after its header comments (a license) and before the first
  /// declaration's own comments.
  func importEdit() -> LineEdit? {
    guard !file.imports.contains("SharedInstances") else { return nil }
    if let line = file.lastImportLine {
      // In the group of plain imports that ends at the last one, where that group is sorted
      // (swift-format's OrderedImports keeps it so): at its place in the order.
      var first = line
      while first > 1, Self.plainImport(file.line(first - 1)) != nil { first -= 1 }
      let modules = (first...line).compactMap { Self.plainImport(file.line($0)) }
      if modules.count == line - first + 1, modules.count > 1, modules == modules.sorted(),
        let place = modules.firstIndex(where: { $0 > "SharedInstances" })
      {
        return LineEdit(
          first: first + place,
          last: first + place - 1,
          lines: ["import SharedInstances"]
        )
      }
      return LineEdit(first: line + 1, last: line, lines: ["import SharedInstances"])
    }
    // The last line of the last comment block followed by a blank line, before the code.
    let firstCodeLine = file.tokens.first?.line ?? Int.max
    var headerEnd = 0
    for comment in file.comments where comment.line < firstCodeLine {
      let lastLine =
        comment.line
        + file.bytes[comment.start..<comment.end].filter { $0 == UInt8(ascii: "\n") }.count
      if file.line(lastLine + 1).allSatisfy(\.isWhitespace), lastLine + 1 < firstCodeLine {
        headerEnd = lastLine
      }
    }
    guard headerEnd > 0 else {
      return LineEdit(first: 1, last: 0, lines: ["import SharedInstances", ""])
    }
    // After the header and its blank line.
    return LineEdit(
      first: headerEnd + 2,
      last: headerEnd + 1,
      lines: ["import SharedInstances", ""]
    )
  }

  /// The module of a line that is a plain import (`import NIOCore`, no attribute, no kind),
  /// else nil.
  static func plainImport(_ line: String) -> String? {
    let pattern = #"^import\s+([A-Za-z_][\w.]*)\s*(//.*)?$"#
    guard let match = line.range(of: pattern, options: .regularExpression) else { return nil }
    return line[match].dropFirst("import".count).split(whereSeparator: \.isWhitespace).first
      .map(String.init)
  }

  /// The file's indentation step: tabs, or the most common number of spaces one line is
  /// indented past the line before it; two spaces when nothing says.
  static func indentUnit(of file: ScannedFile) -> String {
    var counts: [Int: Int] = [:]
    var previous = 0
    var tabs = 0
    var spaces = 0
    for number in 1...max(1, file.lineStarts.count) {
      let line = file.line(number)
      guard !line.allSatisfy(\.isWhitespace) else { continue }
      if line.hasPrefix("\t") { tabs += 1 } else if line.hasPrefix(" ") { spaces += 1 }
      let width = line.prefix { $0 == " " }.count
      if width > previous { counts[width - previous, default: 0] += 1 }
      previous = width
    }
    if tabs > spaces { return "\t" }
    guard let step = counts.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key,
      step <= 8
    else { return "  " }
    return String(repeating: " ", count: step)
  }
}

/// A shared instance the migrator leaves as it is, and why.
public struct MigrationFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The instance.
  public let instance: SharedInstance
  /// Why it is not migrated, and what to do.
  public let reason: String

  /// `Sources/App/Manager.swift:12: warning: Manager.shared not migrated: …`.
  public var description: String {
    "\(instance.location): warning: \(instance.qualifiedName) not migrated: \(reason)"
  }
}
