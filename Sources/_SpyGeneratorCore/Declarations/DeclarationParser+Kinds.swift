extension DeclarationParser {
  /// Reads one requirement's tokens, from its keyword (`func`, `var`, `init`, `subscript`) on,
  /// into a ``Member`` of its kind.
  struct Reader {
    let tokens: DeclarationTokens
    /// From the keyword to the end: what the spy restates, attributes and modifiers left out.
    let declaration: Range<Int>
    let owner: String
    /// Names of the member's own generic parameters.
    let generics: [String]

    private var end: Int { declaration.upperBound }

    private func startsWith(_ keyword: String) -> Bool {
      !declaration.isEmpty && tokens[declaration.lowerBound].isWord(keyword)
    }

    // MARK: - Kinds

    /// `func name<T: P>(parameters) effects -> Result where …`
    func function(isStatic: Bool) throws(Unsupported) -> Member {
      guard startsWith("func"), declaration.count > 1 else {
        throw Unsupported(reason: "unknown declaration")
      }
      let nameIndex = declaration.lowerBound + 1
      let name = tokens[nameIndex].spelling
      let clause = try parameterClause(from: nameIndex, isSubscript: false)
      let (isAsync, throwing, returnType) = effectsAndResult(clause.rest)
      if let returnType, returnType.hasPrefix("some ") {
        throw Unsupported(
          reason: "its opaque result type \(returnType) has no value a spy can make"
        )
      }
      // `func make<T: ~Copyable>() -> T`: a stub hands back a copy of what the test gave it,
      // which a noncopyable value has not.
      let suppressesCopyable = declaration.contains { index in
        tokens[index].isMark("~") && index + 1 < end && tokens[index + 1].isWord("Copyable")
      }
      if let returnType, suppressesCopyable,
        let generic = generics.first(where: { returnType.replacingWord($0, with: "") != returnType }
        )
      {
        throw Unsupported(
          reason: "its result \(returnType) may be noncopyable (\(generic): ~Copyable), and a "
            + "stub can only hand back a copy"
        )
      }
      let arrow = clause.rest.first { tokens[$0].kind == .arrow } ?? end
      let isRethrows = (clause.rest.lowerBound..<arrow).contains { tokens[$0].isWord("rethrows") }
      var member = Member(
        kind: .method,
        isStatic: isStatic,
        baseName: name,
        displayName: "\(name)(\(clause.parameters.map { "\($0.label ?? "_"):" }.joined()))",
        parameters: clause.evaluatingAutoclosures(
          isAsync: isAsync,
          mayThrow: throwing != .no || isRethrows
        ),
        isAsync: isAsync,
        throwing: throwing,
        returnType: returnType,
        genericNames: generics,
        head: (isStatic ? "static " : "") + "func " + tokens.spelling(clause.head),
        tail: tokens.spellingAfter(clause.rest),
        owner: owner
      )
      member.isRethrows = isRethrows
      return member
    }

    /// `func == (lhs: Self, rhs: Self) -> Bool`: a static method whose `Call` case is named in
    /// words, `equal`.
    func operatorFunction(fixity: String, isStatic: Bool) throws(Unsupported) -> Member {
      guard startsWith("func"), declaration.count > 1 else {
        throw Unsupported(reason: "unknown declaration")
      }
      // The operator's characters, up to a space or the parameter list.
      var nameEnd = declaration.lowerBound + 2
      while nameEnd < end, !tokens[nameEnd].spaceBefore, !tokens[nameEnd].isMark("(") {
        nameEnd += 1
      }
      let name = tokens.spelling((declaration.lowerBound + 1)..<nameEnd)
      let clause = try parameterClause(from: nameEnd, isSubscript: false)
      let (isAsync, throwing, returnType) = effectsAndResult(clause.rest)
      return Member(
        kind: .method,
        isStatic: isStatic,
        baseName: operatorName(name, fixity: fixity.trimmingSpaces),
        displayName: "\(name)(\(clause.parameters.map { _ in "_:" }.joined()))",
        parameters: clause.parameters,
        isAsync: isAsync,
        throwing: throwing,
        returnType: returnType,
        genericNames: generics,
        head: (isStatic ? "static " : "") + fixity + "func \(name) "
          + tokens.spelling(clause.head),
        tail: tokens.spellingAfter(clause.rest),
        owner: owner
      )
    }

    /// `init?<T>(parameters) effects`: met by an initializer that always succeeds.
    func initializer() throws(Unsupported) -> Member {
      guard startsWith("init") else { throw Unsupported(reason: "unknown declaration") }
      let clause = try parameterClause(from: declaration.lowerBound, isSubscript: false)
      let written = tokens.spelling(clause.head)
      let isFailable = written.hasPrefix("init?") || written.hasPrefix("init!")
      let head = isFailable ? "init" + written.dropFirst("init?".count) : written
      let (isAsync, throwing, _) = effectsAndResult(clause.rest)
      return Member(
        kind: .initializer,
        isStatic: false,
        baseName: "init",
        displayName: "init(\(clause.parameters.map { "\($0.label ?? "_"):" }.joined()))",
        parameters: clause.evaluatingAutoclosures(isAsync: isAsync, mayThrow: throwing != .no),
        isAsync: isAsync,
        throwing: throwing,
        returnType: nil,
        genericNames: generics,
        head: head,
        tail: tokens.spellingAfter(clause.rest),
        owner: owner
      )
    }

    /// `var name: Type { get async throws set }`
    func property(isStatic: Bool) throws(Unsupported) -> Member {
      var start = declaration.lowerBound
      if startsWith("var") || startsWith("let") { start += 1 }
      guard let colon = (start..<end).first(where: { tokens[$0].isMark(":") }) else {
        throw Unsupported(reason: "no type")
      }
      let name = tokens.spelling(start..<colon)
      let brace = ((colon + 1)..<end).first { tokens[$0].isMark("{") } ?? end
      let type = tokens.spelling((colon + 1)..<brace)
      let accessors = accessorClause(from: brace)
      return Member(
        kind: .property(hasSetter: accessors.hasSetter),
        isStatic: isStatic,
        baseName: name,
        displayName: name,
        parameters: [],
        isAsync: accessors.isAsync,
        throwing: accessors.throwing,
        returnType: type == "Void" || type == "()" ? nil : type,
        genericNames: [],
        head: (isStatic ? "static " : "") + "var \(name): \(type)",
        tail: "",
        owner: owner
      )
    }

    /// `subscript<T: P>(key: T) -> Result where … { get async throws set }`
    func subscriptMember(isStatic: Bool) throws(Unsupported) -> Member {
      guard startsWith("subscript") else { throw Unsupported(reason: "unknown declaration") }
      var clause = try parameterClause(from: declaration.lowerBound + 1, isSubscript: true)
      let brace = clause.rest.first { tokens[$0].isMark("{") } ?? end
      let result = clause.rest.lowerBound..<brace
      guard let returnType = effectsAndResult(result).returnType else {
        throw Unsupported(reason: "a subscript without a result")
      }
      // An effectful getter (`get async throws(E)`) is implemented like a property's.
      let accessors = accessorClause(from: brace)
      // A subscript's parameter has a label only when the declaration says it twice.
      for index in clause.parameters.indices where clause.parameters[index].label != nil {
        clause.parameters[index].restatesLabel = true
      }
      return Member(
        kind: .subscript(hasSetter: accessors.hasSetter),
        isStatic: isStatic,
        baseName: "subscript",
        displayName: "subscript(\(clause.parameters.map { "\($0.label ?? "_"):" }.joined()))",
        parameters: clause.parameters,
        isAsync: accessors.isAsync,
        throwing: accessors.throwing,
        returnType: returnType,
        genericNames: generics,
        head: (isStatic ? "static " : "") + "subscript" + tokens.spelling(clause.head),
        tail: " " + tokens.spelling(result),
        owner: owner
      )
    }

    // MARK: - Pieces

    /// A parameter list, read.
    private struct ParameterClause {
      /// What comes before the list: the name and the generic parameters.
      let head: Range<Int>
      var parameters: [Parameter]
      /// What the `@autoclosure` parameters' closures return and their effects, by position.
      let autoclosures: [Autoclosure?]
      /// What comes after the list: effects, result, `where` clause, accessors.
      let rest: Range<Int>

      /// The parameters with each `@autoclosure` the spy can evaluate marked so: one whose
      /// value is not a function, that throws only in a method that may throw, and is async
      /// only in an async method. Its value is what `Call` records.
      func evaluatingAutoclosures(isAsync: Bool, mayThrow: Bool) -> [Parameter] {
        zip(parameters, autoclosures).map { parameter, autoclosure in
          guard let autoclosure, !autoclosure.throws || mayThrow, !autoclosure.async || isAsync
          else { return parameter }
          var evaluated = parameter
          evaluated.evaluated = (
            autoclosure.result,
            (autoclosure.throws ? "try " : "") + (autoclosure.async ? "await " : "")
          )
          return evaluated
        }
      }
    }

    /// The closure type of an `@autoclosure` parameter, `() async throws -> Value`, whose value
    /// is not a function.
    private struct Autoclosure {
      let result: String
      let `throws`: Bool
      let async: Bool
    }

    /// Reads `<…>(a b: T, c: U)` from `start` on.
    private func parameterClause(
      from start: Int,
      isSubscript: Bool
    ) throws(Unsupported) -> ParameterClause {
      var index = start
      while index < end, !tokens[index].isMark("("), !tokens[index].isMark("<") { index += 1 }
      if index < end, tokens[index].isMark("<") { index = tokens.closing(index, in: declaration) }
      while index < end, !tokens[index].isMark("(") { index += 1 }
      guard index < end else { throw Unsupported(reason: "no parameter list") }
      let close = tokens.closing(index, in: declaration)
      var parameters: [Parameter] = []
      var autoclosures: [Autoclosure?] = []
      for piece in tokens.splitAtCommas((index + 1)..<max(index + 1, close - 1)) {
        let (parameter, autoclosure) = try parameter(piece, isSubscript: isSubscript)
        parameters.append(parameter)
        autoclosures.append(autoclosure)
      }
      return ParameterClause(
        head: start..<index,
        parameters: namingUnnamedParameters(parameters),
        autoclosures: autoclosures,
        rest: close..<end
      )
    }

    /// `label name: inout @escaping T...`
    private func parameter(
      _ range: Range<Int>,
      isSubscript: Bool
    ) throws(Unsupported) -> (Parameter, Autoclosure?) {
      guard let colon = range.first(where: { tokens[$0].isMark(":") }) else {
        throw Unsupported(reason: "a parameter without a type")
      }
      // Attributes of the parameter before its names, such as a result builder's
      // (`@CodeBlockItemListBuilder bodyBuilder: () -> …`): restated, never a label.
      let leadingAttributes = (range.lowerBound..<colon).prefix { tokens[$0].kind == .attribute }
      let names = (leadingAttributes.upperBound..<colon).map { tokens[$0].spelling }
      var type = Array((colon + 1)..<range.upperBound)
      var isInout = false
      if let first = type.first, tokens[first].isWord("inout") {
        isInout = true
        type.removeFirst()
      }
      if let first = type.first, tokens[first].isWord("repeat") || tokens[first].isWord("each") {
        throw Unsupported(reason: "a parameter pack (`repeat each T`), which no Call case can hold")
      }
      // Ownership and isolation the declaration restates and `Call` leaves out.
      let ownership: Set = ["borrowing", "consuming", "sending", "isolated", "__owned", "__shared"]
      var modifiers = ""
      while type.count > 1, tokens[type[0]].kind == .word,
        ownership.contains(tokens[type[0]].spelling), tokens[type[1]].spaceBefore
      {
        modifiers += tokens[type[0]].spelling + " "
        type.removeFirst()
      }
      // `@escaping` of the parameter itself, among its leading attributes; one inside the type
      // (`((@escaping () -> Void) -> Void)?`) belongs to the type.
      let isEscaping = removeLeadingEscaping(from: &type)
      var isVariadic = false
      if let last = type.last, tokens[last].kind == .ellipsis {
        isVariadic = true
        type.removeLast()
      }
      var isAutoclosure = false
      if type.count > 1, tokens[type[0]].kind == .attribute,
        tokens[type[0]].spelling == "@autoclosure", tokens[type[1]].spaceBefore
      {
        isAutoclosure = true
        type.removeFirst()
      }
      let label: String?
      let name: String
      switch names.count {
      case 1:
        label = isSubscript || names[0] == "_" ? nil : names[0]
        name = names[0]
      case 2:
        label = names[0] == "_" ? nil : names[0]
        name = names[1]
      default:
        throw Unsupported(reason: "a parameter it cannot read: \(tokens.spelling(range))")
      }
      var parameter = Parameter(
        label: label,
        name: name,
        type: tokens.spelling(type),
        isInout: isInout,
        isVariadic: isVariadic,
        isEscaping: isEscaping
      )
      parameter.modifiers = modifiers
      parameter.attributes = leadingAttributes.map { tokens[$0].spelling + " " }.joined()
      parameter.isAutoclosure = isAutoclosure
      return (parameter, isAutoclosure ? autoclosure(type) : nil)
    }

    /// Reads an `@autoclosure`'s type, `@Sendable () async throws -> Value`; nil when its value
    /// is a function (or it takes arguments, which an autoclosure cannot).
    private func autoclosure(_ type: [Int]) -> Autoclosure? {
      var position = 0
      // Attributes such as `@Sendable` do not change the call.
      while position < type.count, tokens[type[position]].kind == .attribute {
        position += 1
        while position < type.count, !tokens[type[position]].spaceBefore { position += 1 }
      }
      guard position + 1 < type.count, tokens[type[position]].isMark("("),
        tokens[type[position + 1]].isMark(")"), !tokens[type[position + 1]].spaceBefore,
        let arrow = type[position...].firstIndex(where: { tokens[$0].kind == .arrow })
      else { return nil }
      let result = type[(arrow + 1)...]
      guard !result.contains(where: { tokens[$0].kind == .arrow }) else { return nil }
      let effects = type[(position + 2)..<arrow]
      let spelled = tokens.spelling(result)
      return Autoclosure(
        result: spelled == "()" ? "Void" : spelled,
        throws: effects.contains { tokens[$0].isWord("throws") },
        async: effects.contains { tokens[$0].isWord("async") }
      )
    }

    /// Removes `@escaping` from the type's leading attributes (`@escaping @Sendable () -> Void`,
    /// `@Sendable @escaping () -> Void`); returns whether there was one.
    private func removeLeadingEscaping(from type: inout [Int]) -> Bool {
      var position = 0
      while position < type.count, tokens[type[position]].kind == .attribute {
        // The attribute with its arguments: the tokens up to the next space.
        var next = position + 1
        while next < type.count, !tokens[type[next]].spaceBefore { next += 1 }
        if next == position + 1, tokens[type[position]].spelling == "@escaping" {
          type.remove(at: position)
          return true
        }
        position = next
      }
      return false
    }

    /// Reads ` async throws(E) -> Result where …` after a parameter list.
    private func effectsAndResult(
      _ range: Range<Int>
    ) -> (isAsync: Bool, throwing: Member.Throwing, returnType: String?) {
      let whereIndex = range.first { tokens[$0].isWord("where") } ?? range.upperBound
      var rest = range.lowerBound..<whereIndex
      var returnType: String?
      if let arrow = rest.first(where: { tokens[$0].kind == .arrow }) {
        returnType = tokens.spelling((arrow + 1)..<rest.upperBound)
        rest = rest.lowerBound..<arrow
      }
      var index = rest.lowerBound
      let isAsync = index < rest.upperBound && tokens[index].isWord("async")
      if isAsync { index += 1 }
      let throwing =
        index < rest.upperBound ? throwsClause(at: index, typeAnyError: ["any Error"]) : .no
      if returnType == "Void" || returnType == "()" { returnType = nil }
      return (isAsync, throwing, returnType)
    }

    /// `throws` or `throws(E)` at `index`; `.no` for another token. A thrown type spelled as one
    /// of `typeAnyError` throws any error.
    private func throwsClause(at index: Int, typeAnyError: Set<String>) -> Member.Throwing {
      guard tokens[index].isWord("throws") else { return .no }
      guard index + 1 < end, tokens[index + 1].isMark("("), !tokens[index + 1].spaceBefore else {
        return .any
      }
      let close = tokens.closing(index + 1, in: declaration)
      let type = tokens.spelling((index + 2)..<max(index + 2, close - 1))
      return typeAnyError.contains(type) ? .any : .typed(type)
    }

    /// Reads the accessors of a property or subscript, `{ get async throws(E) set }`, from the
    /// brace at `brace` (no brace: a getter).
    private func accessorClause(
      from brace: Int
    ) -> (hasSetter: Bool, isAsync: Bool, throwing: Member.Throwing) {
      guard brace < end else { return (false, false, .no) }
      let accessors = (brace + 1)..<end
      var throwing = Member.Throwing.no
      for index in accessors where tokens[index].isWord("throws") {
        throwing = throwsClause(at: index, typeAnyError: ["any Error", "Error"])
      }
      return (
        accessors.contains { tokens[$0].isWord("set") },
        accessors.contains { tokens[$0].isWord("async") },
        throwing
      )
    }
  }
}
