import Foundation

extension SpyRenderer {
  /// The statements that record a call to a method or initializer and answer it, after the
  /// closures it keeps and the `@autoclosure` arguments of no value it evaluates: `record(…)`,
  /// with `return` when it follows other statements (and `try` or `await` when the arguments it
  /// records are evaluated so), and the write-backs of its `inout` parameters before the answer
  /// is returned.
  func body(
    of member: Member,
    recorder: String,
    call: String,
    arguments: [String],
    afterKeeping: Bool
  ) -> [String] {
    let writeBacks = member.parameters.filter { $0.isInout && !$0.isClosure }.map { parameter in
      wrapList(
        indent: "    ",
        head: "\(recorder)writeBack",
        items: [
          "&\(parameter.name)", "for: \(call)",
          "parameter: \"\(parameter.name.trimmingBackticks)\"",
        ],
        tail: ""
      ).joined(separator: "\n")
    }
    var prefix = ""
    if let result = member.returnType {
      if !writeBacks.isEmpty {
        prefix = "let result: \(result) = "
      } else if afterKeeping || member.returnsExplicitly {
        prefix = "return "
      }
    }
    let evaluations = member.parameters.compactMap(\.evaluated).filter { $0.type != "Void" }
    let effects =
      (evaluations.contains { $0.effects.contains("try") } ? "try " : "")
      + (evaluations.contains { $0.effects.contains("await") } ? "await " : "")
    if member.isRethrows, writeBacks.isEmpty, let body = callThrough(member) {
      return rethrowingBody(
        of: member,
        recorder: recorder,
        call: call,
        arguments: arguments,
        effects: effects,
        body
      )
    }
    var tail = answerTail(member)
    // A typed throw returning nothing: the compiler cannot infer `Result` as `Void` there.
    if case .typed = member.throwing, member.returnType == nil { tail += " as Void" }
    var lines = wrapCall(
      indent: "    ",
      head: prefix + withEffects(effects, answer(member, recorder: recorder, call: call)),
      items: arguments,
      tail: tail
    )
    lines += writeBacks
    if member.returnType != nil, !writeBacks.isEmpty { lines.append("    return result") }
    return lines
  }

  /// The body of a `rethrows` method that calls its closure: the stubbed answer if there is
  /// one, else what the closure returns (for a method returning nothing, the closure is always
  /// called). A `rethrows` method cannot throw on its own, so only the closure's errors reach
  /// the caller.
  private func rethrowingBody(
    of member: Member,
    recorder: String,
    call: String,
    arguments: [String],
    effects: String,
    _ body: (name: String, effects: String)
  ) -> [String] {
    guard let result = member.returnType else {
      return wrapList(
        indent: "    ",
        head: "\(effects)\(recorder)record(\(call)",
        items: arguments,
        tail: ")",
        emptyParens: false
      ) + ["    \(body.effects)\(body.name)()"]
    }
    return wrapList(
      indent: "    ",
      head: "if let answer: \(result) = \(effects)\(recorder)record(\(call)",
      items: arguments,
      tail: ", default: nil) { return answer }",
      emptyParens: false
    ) + ["    return \(body.effects)\(body.name)()"]
  }

  /// `try await record(…`: an answer with `try` and `await` where `effects` needs them, and the
  /// answer its own `try`.
  private func withEffects(_ effects: String, _ answer: String) -> String {
    guard !effects.isEmpty else { return answer }
    let answerTries = answer.hasPrefix("try ")
    let rest = answerTries ? String(answer.dropFirst("try ".count)) : answer
    let needsTry = answerTries || effects.contains("try")
    return (needsTry ? "try " : "") + (effects.contains("await") ? "await " : "") + rest
  }

  /// The closure a `rethrows` method calls when nothing is stubbed: its first parameter that
  /// takes no arguments and returns what the method returns, with the `try` and `await` its
  /// call needs.
  func callThrough(_ member: Member) -> (name: String, effects: String)? {
    for parameter in member.parameters where parameter.isClosure && !parameter.isInout {
      var type = types.closureAliases[parameter.type] ?? parameter.type
      // Attributes such as `@Sendable` and `@MainActor` do not change the call.
      while type.hasPrefix("@"), let space = type.firstIndex(of: " ") {
        type = String(type[type.index(after: space)...])
      }
      guard type.hasPrefix("()"), let arrow = type.range(of: "->") else { continue }
      let effects = type[type.index(type.startIndex, offsetBy: 2)..<arrow.lowerBound]
        .split(separator: " ")
      var result = String(type[arrow.upperBound...]).trimmingSpaces
      if result == "()" { result = "Void" }
      guard result == (member.returnType ?? "Void") else { continue }
      let isAsync = effects.contains("async")
      if isAsync && !member.isAsync { continue }
      let isThrowing = effects.contains { $0.hasPrefix("throws") }
      return (parameter.name, (isThrowing ? "try " : "") + (isAsync ? "await " : ""))
    }
    return nil
  }

  /// ` async throws(E)`: the effects of a property's getter.
  func accessorEffects(_ member: Member) -> String {
    let throwing: String
    switch member.throwing {
    case .no: throwing = ""
    case .any: throwing = " throws"
    case .typed(let failure): throwing = " throws(\(failure))"
    }
    return (member.isAsync ? " async" : "") + throwing
  }

  /// Whether `type` mentions one of the member's own generic parameters.
  func mentionsGenerics(_ type: String, in member: Member) -> Bool {
    let words = Set(
      identifiers(inType: type).map { $0.split(separator: ".").first.map(String.init) ?? $0 }
    )
    return member.genericNames.contains(where: words.contains)
  }

  /// The generic parameters of `member` that Swift can infer from `type`: those it names other
  /// than as the base of a member type (`T` in `[T]`, not in `T.Element` nor in
  /// `Map<T, U>.BaseType`).
  func inferableGenerics(in type: String, of member: Member) -> [String] {
    var characters = Array(type)
    // Drops the generic arguments of every type whose member is named: `Map<T, U>.BaseType`
    // becomes `Map.BaseType`.
    while let close = characters.indices.dropLast().first(where: {
      characters[$0] == ">" && characters[$0 + 1] == "."
    }) {
      var depth = 0
      var open = close
      while open > characters.startIndex {
        if characters[open] == ">" { depth += 1 }
        if characters[open] == "<" { depth -= 1 }
        if depth == 0 { break }
        open -= 1
      }
      guard depth == 0 else { break }
      characters.removeSubrange(open...close)
    }
    let words = Set(identifiers(inType: String(characters)))
    return member.genericNames.filter(words.contains)
  }

  /// The accessor of a kept closure whose type mentions the method's generic parameters: a
  /// generic method that returns the closure when it was kept for the type asked for.
  ///
  /// ```swift
  /// spy.runCompletion(as: Int.self)?(3)
  /// ```
  func genericKeptAccessor(
    _ member: Member,
    _ parameter: Parameter,
    caseName: String,
    name: String
  ) -> [String] {
    let recorder = keeper(member, overriding: "lastKept(_:as:)")
    let (generics, clause, whereClause) = genericClause(for: parameter.type, in: member)
    let asType = generics.count == 1 ? "as _: \(generics[0]).Type = \(generics[0]).self" : ""
    let isStatic = member.isStatic ? "static " : accessorIsolation
    return [
      "  /// The `\(parameter.name.trimmingBackticks)` argument of the latest call to "
        + "`\(member.displayName)`,",
      "  /// if that call's generic types are the ones asked for.",
    ]
      + wrapList(
        indent: "  ",
        head: "\(isStatic)func \(name)\(clause)",
        items: asType.isEmpty ? [] : [asType],
        tail: " -> (\(parameter.type))?\(whereClause) {",
        declaration: true
      ) + [
        "    \(recorder)lastKept(\"\(keptName(caseName, parameter))\")",
        "  }",
      ]
  }

  /// The typed way to stub what a method writes back into one of its `inout` parameters:
  /// `stub<Case><Parameter>` (see ``AddedNames``), which calls `Spy.stub(_:writingBack:_:)`.
  func writeBackStub(
    _ member: Member,
    _ parameter: Parameter,
    caseName: String,
    name: String
  ) -> [String] {
    let recorder = recorder(for: member)
    let parameterName = parameter.name.trimmingBackticks
    var generics = ""
    var whereClause = ""
    var type = parameter.type
    if mentionsGenerics(parameter.type, in: member) {
      let clause = genericClause(for: parameter.type, in: member)
      let inferable = Set(inferableGenerics(in: parameter.type, of: member))
      if clause.names.allSatisfy(inferable.contains) {
        (_, generics, whereClause) = clause
      } else {
        // `inout T.Element`: a stub generic over `T` would not compile, as nothing in the body's
        // type lets Swift infer `T`; the test names the concrete type in its closure instead.
        let generic = "Inout" + parameterName.capitalizedFirst
        generics = "<\(generic)>"
        type = generic
      }
    } else if type.hasPrefix("some ") {
      // `inout some HashFunction`: a generic parameter of the stub stands for the opaque type.
      let generic = "Some" + parameterName.capitalizedFirst
      generics = "<\(generic): \(type.dropFirst("some ".count))>"
      type = generic
    }
    let isStatic = member.isStatic ? "static " : accessorIsolation
    let body = "_ body: @escaping @Sendable (inout \(type)) -> Void"
    let declaration: [String]
    if ("  \(isStatic)func \(name)\(generics)(").count > 100, whereClause.isEmpty {
      // A name that does not fit beside `func` (a case name that adds every type) goes under
      // it, as swift-format lays it out, its generic parameter on a line of its own.
      declaration =
        ["  \(isStatic)func"]
        + (generics.isEmpty
          ? ["    \(name)("]
          : ["    \(name)<", "      \(generics.dropFirst().dropLast())", "    >("])
        + ["      \(body)", "    )", "  {"]
    } else {
      declaration = wrapList(
        indent: "  ",
        head: "\(isStatic)func \(name)\(generics)",
        items: [body],
        tail: "\(whereClause) {",
        declaration: true
      )
    }
    return [
      "  /// Makes `\(member.displayName)` write back into its `\(parameterName)` argument: `body`",
      "  /// receives the value the caller passed and changes it.",
    ]
      + declaration
      + wrapList(
        indent: "    ",
        head: "\(recorder)stub",
        items: [".\(escaped(caseName))", "writingBack: \"\(parameterName)\"", "body"],
        tail: ""
      ) + ["  }"]
  }

  /// The generic parameters of `member` that `type` mentions, as a clause such as `<T>`: bare
  /// when `type` uses them alone, with the method's constraints (and `where` clause) when it
  /// reaches into them, as `T.Element` does.
  func genericClause(
    for type: String,
    in member: Member
  ) -> (names: [String], clause: String, whereClause: String) {
    let words = Set(identifiers(inType: type))
    let generics = member.genericNames.filter { generic in
      words.contains(generic) || words.contains { $0.hasPrefix(generic + ".") }
    }
    let needsConstraints = words.contains { word in
      generics.contains { word.hasPrefix($0 + ".") }
    }
    guard needsConstraints, let open = member.head.firstIndex(of: "<") else {
      return (generics, "<\(generics.joined(separator: ", "))>", "")
    }
    var whereClause = ""
    if let range = member.tail.range(of: " where ") {
      whereClause = String(member.tail[range.lowerBound...])
    }
    return (generics, String(member.head[open...]), whereClause)
  }
}

extension SpyTarget {
  /// The target with the parameters whose type is a typealias of a function type marked as
  /// closures: they stay out of `Call`, and escaping ones are kept.
  func resolvingClosureAliases(_ aliases: [String: String]) -> SpyTarget {
    guard !aliases.isEmpty else { return self }
    var target = self
    for index in target.members.indices {
      for parameterIndex in target.members[index].parameters.indices {
        var type = target.members[index].parameters[parameterIndex].type
        while type.hasSuffix("?") || type.hasSuffix("!") { type = String(type.dropLast()) }
        if type.hasPrefix("("), type.hasSuffix(")") { type = String(type.dropFirst().dropLast()) }
        if aliases[type.trimmingSpaces] != nil {
          target.members[index].parameters[parameterIndex].isAliasedClosure = true
        }
      }
    }
    return target
  }
}
