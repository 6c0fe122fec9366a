extension DependencyMap {
  /// `dependencies.html`: one self-contained page (inline style, script and data; it loads
  /// nothing) with the hidden dependencies first, a table of the boxes by view, a boxes × tests
  /// matrix grouped by suite, and a graph of suites and boxes, all filtered by test, box and
  /// view.
  package func html() -> String {
    Self.html(snapshot)
  }

  static func html(_ tests: Tests) -> String {
    page.beforeData + pageData(tests) + "\n" + page.afterData
  }

  /// The kinds of a dependency as the page's script reads them, one bit each.
  static func pageBits(_ kinds: Set<DependencyKind>) -> Int {
    kinds.reduce(0) { bits, kind in
      switch kind {
      case .readsRealInstance: bits | 1
      case .overrides: bits | 2
      // A test default is a double the test got without overriding: the "overridden" view.
      case .readsOverride, .readsTestDefault: bits | 4
      case .sets: bits | 8
      case .resets: bits | 16
      }
    }
  }

  /// The data, compact: `{"suites": [name…], "boxes": [[type, declaredAt]…], "tests":
  /// [[suite index, name, [box index, kind bits, …]]…]}`, the boxes in the order of the rows
  /// (hidden dependencies first), the tests sorted.
  static func pageData(_ tests: Tests) -> String {
    let rows = rows(tests)
    let boxIndex = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.box, $0) })
    let suites = Set(tests.keys.map(\.suite)).sorted()
    let suiteIndex = Dictionary(uniqueKeysWithValues: suites.enumerated().map { ($1, $0) })
    var out = "{\"schemaVersion\":1,\"suites\":["
    out += suites.map(scriptQuoted).joined(separator: ",") + "],\"boxes\":["
    out += rows.map { "[\(scriptQuoted($0.box.type)),\(scriptQuoted($0.box.declaredAt))]" }
      .joined(separator: ",\n")
    out += "],\"tests\":["
    for (index, test) in tests.keys.sorted().enumerated() {
      if index > 0 { out += ",\n" }
      out += "[\(suiteIndex[test.suite]!),\(scriptQuoted(test.name)),["
      let dependencies = tests[test]!.map { (boxIndex[$0.key]!, pageBits($0.value)) }.sorted {
        $0.0 < $1.0
      }
      out += dependencies.map { "\($0.0),\($0.1)" }.joined(separator: ",")
      out += "]]"
    }
    return out + "]}"
  }

  /// A JSON string that is safe inside a `<script>` element: `<`, `>` and `&` escaped, so no
  /// name can close the element or open a comment.
  private static func scriptQuoted(_ string: String) -> String {
    escaped(quoted(string), if: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 }) { scalar in
      switch scalar {
      case "<": "\\u003c"
      case ">": "\\u003e"
      case "&": "\\u0026"
      default: nil
      }
    }
  }
}
