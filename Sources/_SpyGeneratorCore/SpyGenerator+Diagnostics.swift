/// The generator's messages: each names the protocol (or class), the requirement where there is
/// one, the reason, and the way out.
extension SpyGenerator {
  /// A name given with `--protocol` (or `"protocols"`) that the module does not declare.
  static func noProtocol(_ name: String, reader: SymbolGraphReader) -> Diagnostic {
    let module = reader.graph.module.name
    if reader.classNamed(name) != nil {
      return Diagnostic(
        .error,
        "No protocol \(name) in module \(module): \(name) is a class. Generate its subclass spy "
          + "with --class \(name) (or list it under \"classes\" in \(SpyConfiguration.fileName)) "
          + "instead of --protocol."
      )
    }
    return Diagnostic(
      .error,
      "No protocol \(name) in module \(module)\(suggestion(for: name, among: reader.protocols)): "
        + "correct or remove --protocol \(name) (or its entry under \"protocols\" in "
        + "\(SpyConfiguration.fileName))."
    )
  }

  /// A name given with `--class` (or `"classes"`) that the module does not declare.
  static func noClass(_ name: String, reader: SymbolGraphReader) -> Diagnostic {
    let module = reader.graph.module.name
    if reader.protocolNamed(name) != nil {
      return Diagnostic(
        .error,
        "No class \(name) in module \(module): \(name) is a protocol, and every protocol gets a "
          + "spy without --class: remove --class \(name) (or its entry under \"classes\" in "
          + "\(SpyConfiguration.fileName))."
      )
    }
    return Diagnostic(
      .error,
      "No class \(name) in module \(module)\(suggestion(for: name, among: reader.classes)): "
        + "correct or remove --class \(name) (or its entry under \"classes\" in "
        + "\(SpyConfiguration.fileName))."
    )
  }

  /// A name given with `--skip` (or `"skip"`) that the module does not declare.
  static func skipMatchesNothing(_ name: String, reader: SymbolGraphReader) -> Diagnostic {
    let module = reader.graph.module.name
    return Diagnostic(
      .warning,
      "--skip \(name): module \(module) has no protocol \(name)"
        + "\(suggestion(for: name, among: reader.protocols)), so the option leaves nothing out: "
        + "correct the name, or remove it (a protocol that was renamed or removed?)."
    )
  }

  /// `--marker` when no protocol carries the marker: nothing would be generated, silently.
  static func markerSelectsNothing(_ marker: String, module: String) -> Diagnostic {
    Diagnostic(
      .warning,
      "No protocol of module \(module) has a doc-comment line `\(marker)`, so --marker selects "
        + "none and no spy was generated: add the line to the doc comment of each protocol that "
        + "needs a spy, or drop --marker (\"marker\": true in \(SpyConfiguration.fileName))."
    )
  }

  /// Why a protocol whose parents from other modules have requirements the generator cannot
  /// see gets no spy.
  static func externalParents(_ parents: [String], of name: String) -> String {
    "No spy for protocol \(name): it refines \(parents.joined(separator: ", ")), from another "
      + "module, whose requirements are not in this module's symbol graph, so its spy would not "
      + "conform. Give generate-spies that module's symbol graph with --dependency-graph (the "
      + "plugin does for the target's dependencies), write this spy by hand (see \"Writing a "
      + "spy and a stub\"), or "
      + wayToSkip(name) + "."
  }

  /// A protocol whose spy would have the name of another's (`A.BClient` and `AB.Client`).
  static func sameSpyName(_ path: String, as owner: String, spyName: String) -> Diagnostic {
    Diagnostic(
      .warning,
      "No spy for protocol \(path): its spy would be named \(spyName), as the spy of \(owner) "
        + "is. Write this spy by hand under another name, or " + wayToSkip(path) + "."
    )
  }

  /// A class member the subclass spy cannot override.
  static func notOverridden(_ member: String, of name: String, reason: String) -> Diagnostic {
    Diagnostic(
      .warning,
      "\(name)Spy does not override \(name).\(member): \(reason). Calls to it run the real "
        + "implementation and are not recorded; if a test must see them, write this spy by hand, "
        + "or remove --class \(name) (or its entry under \"classes\" in "
        + "\(SpyConfiguration.fileName))."
    )
  }

  /// A class no other module can subclass.
  static func notSubclassable(_ name: String, accessLevel: String) -> Diagnostic {
    Diagnostic(
      .error,
      "Class \(name) is \(accessLevel), so no other module can subclass it: make it open to "
        + "generate its spy, or remove --class \(name) (or its entry under \"classes\" in "
        + "\(SpyConfiguration.fileName))."
    )
  }

  /// A spy the compiler rejected (`--verify-with`): it is not written.
  ///
  /// - Parameters:
  ///   - file: The spy's file name, such as `AccountSpy.swift`.
  ///   - error: The compiler's first error for it.
  ///   - named: Whether its protocol was named with `--protocol` (the run then fails).
  static func doesNotCompile(file: String, error: String, named: Bool) -> Diagnostic {
    let name = String(file.dropLast("Spy.swift".count))
    return Diagnostic(
      named ? .error : .warning,
      "No spy for \(name): the spy generate-spies wrote does not compile, so it was not written "
        + "(\(error)). This is a bug of generate-spies: please report it with the protocol. "
        + "Write this spy by hand, or " + wayToSkip(name) + "."
    )
  }

  /// `, did you mean X?` when a declared name is close to `name`, else nothing.
  private static func suggestion(for name: String, among symbols: [SymbolGraph.Symbol]) -> String {
    let lowered = name.lowercased()
    let limit = max(1, name.count / 4)
    var best: (name: String, distance: Int)?
    for symbol in symbols {
      let candidate = symbol.name
      guard abs(candidate.count - name.count) <= limit else { continue }
      let distance = editDistance(lowered, candidate.lowercased(), limit: limit)
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best.map { " (did you mean \($0.name)?)" } ?? ""
  }

  /// The edit distance of two names (insertions, deletions, substitutions, and swaps of two
  /// neighbors such as `Lodaing`), or a value above `limit` once it is certain.
  static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    var beforePrevious: [Int] = []
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      // A swap reaches back two rows: stop only when both are past the limit.
      if min(current.min() ?? 0, previous.min() ?? 0) > limit { return limit + 1 }
      beforePrevious = previous
      previous = current
    }
    return previous[b.count]
  }
}
