/// Lays out declarations whose types or `where` clauses do not fit in 100 columns the way
/// `swift format` accepts them (it keeps line breaks where its own layout may break, so each
/// rule below is one it leaves alone; `FormatLintTests` lints the results):
///
/// - a labelled type, `label: Type` (a parameter, a `Call` case's value), breaks after the
///   label and puts the type on the next line, indented;
/// - a property's type, `var name: Type {`, likewise, with the brace on a line of its own;
/// - a type that still does not fit breaks inside its first bracket, `(` or `<` (never `[`): the
///   contents on their own lines (one line if they fit, else one element a line, each laid out
///   the same way), then the closing bracket and the rest of the type, laid out the same way;
/// - a `where` clause that does not fit after what it constrains goes on a line of its own, and
///   one requirement a line when it does not fit there either.
enum TypeLayout {
  static let columns = 100

  /// `head type tail` (`head` such as `_ handler:`, `tail` such as `,`): one line if it fits,
  /// else the type on the lines after `head`.
  static func labelled(indent: String, head: String, type: String, tail: String) -> [String] {
    let oneLine = indent + head + " " + type + tail
    if oneLine.count <= columns { return [oneLine] }
    return [indent + head] + self.type(type, indent: indent + "  ", tail: tail)
  }

  /// A labelled item such as `_ handler: Type` or `count: Int = 0`, laid out by ``labelled``
  /// when it has a label, else by ``type(_:indent:tail:)``.
  static func item(_ item: String, indent: String, tail: String) -> [String] {
    let oneLine = indent + item + tail
    if oneLine.count <= columns { return [oneLine] }
    let pieces = DeclarationParser.splitTopLevel(item, separator: ":")
    guard pieces.count > 1, isLabel(pieces[0]) else {
      return type(item, indent: indent, tail: tail)
    }
    let type = pieces.dropFirst().joined(separator: ":").trimmingSpaces
    return labelled(indent: indent, head: pieces[0] + ":", type: type, tail: tail)
  }

  /// `var name: Type {` (`head` is `var name:`): one line if it fits; the brace on the next line
  /// if only the brace does not; else the type on the lines after `head` and the brace on a
  /// line of its own.
  static func property(indent: String, head: String, type: String) -> [String] {
    let declaration = indent + head + " " + type
    if declaration.count + 2 <= columns { return [declaration + " {"] }
    // Where only the brace does not fit, swift-format keeps the type on the line, the brace
    // on the next.
    if declaration.count <= columns { return [declaration, indent + "{"] }
    return [indent + head] + self.type(type, indent: indent + "  ", tail: "") + [indent + "{"]
  }

  /// `type` followed by `tail`, starting at `indent`.
  static func type(_ type: String, indent: String, tail: String) -> [String] {
    let oneLine = indent + type + tail
    if oneLine.count <= columns { return [oneLine] }
    // A dictionary, `[Key: Value]`: its value on the lines after the key, as swift-format has it.
    if type.hasPrefix("["), type.hasSuffix("]") {
      let contents = String(type.dropFirst().dropLast())
      let pieces = DeclarationParser.splitTopLevel(contents, separator: ":")
      if pieces.count == 2 {
        return [indent + "[" + pieces[0].trimmingSpaces + ":"]
          + self.type(pieces[1].trimmingSpaces, indent: indent + "  ", tail: "]" + tail)
      }
    }
    guard let group = firstGroup(in: type) else { return [oneLine] }
    var lines = [indent + group.before + String(group.open)]
    let inner = indent + "  "
    if (inner + group.contents).count <= columns {
      lines.append(inner + group.contents)
    } else {
      let elements = DeclarationParser.splitTopLevel(group.contents, separator: ",")
        .map(\.trimmingSpaces)
      for (index, element) in elements.enumerated() {
        lines += item(element, indent: inner, tail: index == elements.count - 1 ? "" : ",")
      }
    }
    return lines + self.type(String(group.close) + group.after, indent: indent, tail: tail)
  }

  /// The lines that close a declaration's parameters, `) async -> R where A: B {` (`tail` is all
  /// after the parenthesis): one line if it fits, else the `where` clause on lines of its own.
  static func closing(indent: String, tail: String) -> [String] {
    let oneLine = indent + ")" + tail
    if oneLine.count <= columns { return [oneLine] }
    guard let clause = whereClause(in: tail) else {
      // A result type that does not fit: broken as any type is.
      let brace = tail.hasSuffix(" {")
      let result = ")" + (brace ? String(tail.dropLast(2)) : tail)
      return type(result, indent: indent, tail: brace ? " {" : "")
    }
    let before = indent + ")" + clause.before
    var lines =
      before.count <= columns ? [before] : type(")" + clause.before, indent: indent, tail: "")
    // After a result broken over lines, the clause stays on its last line when it fits there.
    let requirements = clause.requirements.joined(separator: ", ")
    let sameLine = (lines.last ?? "") + " where " + requirements + (clause.brace ? " {" : "")
    if lines.count > 1, sameLine.count <= columns {
      lines[lines.count - 1] = sameLine
      return lines
    }
    return lines
      + whereLines(indent: indent, requirements: clause.requirements, brace: clause.brace)
  }

  /// `where A, B {` at `indent`: on one line if it fits; else `where A, B` and the brace on a
  /// line of its own; else `where`, one requirement a line, and the brace.
  static func whereLines(indent: String, requirements: [String], brace: Bool) -> [String] {
    let clause = indent + "where " + requirements.joined(separator: ", ")
    if (clause + (brace ? " {" : "")).count <= columns { return [clause + (brace ? " {" : "")] }
    var lines: [String]
    if clause.count <= columns {
      lines = [clause]
    } else {
      lines = [indent + "where"]
      for (index, requirement) in requirements.enumerated() {
        lines.append(indent + "  " + requirement + (index == requirements.count - 1 ? "" : ","))
      }
    }
    return lines + (brace ? [indent + "{"] : [])
  }

  /// `tail` split at its top-level ` where `: what precedes it, the requirements, and whether a
  /// ` {` ends it.
  static func whereClause(
    in tail: String
  ) -> (before: String, requirements: [String], brace: Bool)? {
    var depth = 0
    var previous: Character = " "
    let characters = Array(tail)
    for index in characters.indices {
      switch characters[index] {
      case "(", "[", "<": depth += 1
      case ")", "]": depth -= 1
      case ">" where previous != "-": depth -= 1
      case " " where depth == 0 && characters[index...].starts(with: " where "):
        var clause = String(characters[(index + " where ".count)...])
        let brace = clause.hasSuffix(" {")
        if brace { clause.removeLast(2) }
        let requirements = DeclarationParser.splitTopLevel(clause, separator: ",")
          .map(\.trimmingSpaces)
        return (String(characters[..<index]), requirements, brace)
      default: break
      }
      previous = characters[index]
    }
    return nil
  }

  /// The first top-level parenthesis or angle bracket of `type` that is not its first
  /// character's closing one: what precedes it, the bracket, its contents, its closing bracket,
  /// and what follows. Square brackets stay with what they hold, as swift-format keeps them
  /// (`[@Sendable (` … `) -> Void]`).
  private static func firstGroup(
    in type: String
  ) -> (before: String, open: Character, contents: String, close: Character, after: String)? {
    let characters = Array(type)
    var start = 0
    if let first = characters.first, ")>".contains(first) { start = 1 }
    var depth = 0
    var open: Int?
    var previous: Character = " "
    for index in characters.indices.dropFirst(start) {
      let character = characters[index]
      switch character {
      case "(", "<":
        if depth == 0 && open == nil { open = index }
        depth += 1
      case ")", ">":
        if character == ">" && previous == "-" { break }
        depth -= 1
        if depth == 0, let start = open {
          // An empty group, such as `()` of a closure without parameters, has nothing to break.
          if index == start + 1 {
            open = nil
            break
          }
          return (
            String(characters[..<start]), characters[start],
            String(characters[(start + 1)..<index]), character,
            String(characters[(index + 1)...])
          )
        }
      default: break
      }
      previous = character
    }
    return nil
  }

  /// Whether `text` is a parameter's or an element's label: `handler`, `_ handler`.
  private static func isLabel(_ text: String) -> Bool {
    let words = text.split(separator: " ")
    return (1...2).contains(words.count)
      && words.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" } }
  }
}
