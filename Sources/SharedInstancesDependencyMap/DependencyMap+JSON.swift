import Foundation

extension DependencyMap {
  /// `dependencies.json`: the map for tools (schema in <doc:FindingHiddenDependencies>), and
  /// the format of the fragment each test process writes.
  ///
  /// Written by hand rather than with `JSONEncoder`, which is an order of magnitude slower on
  /// Linux: keys in a fixed order, two-space indentation, one array element per line.
  package func json() -> String {
    Self.json(snapshot)
  }

  package static func json(_ tests: Tests) -> String {
    let rows = rows(tests)
    var out = "{\n  \"schemaVersion\": 1,\n  \"tests\": ["
    for (index, test) in tests.keys.sorted().enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += "    {\n      \"suite\": \(quoted(test.suite)),\n"
      out += "      \"name\": \(quoted(test.name)),\n      \"dependencies\": ["
      let dependencies = tests[test]!.sorted { $0.key < $1.key }
      for (position, (box, kinds)) in dependencies.enumerated() {
        out += position == 0 ? "\n" : ",\n"
        out += "        {\"box\": \(quoted(box.type)), "
        out += "\"declaredAt\": \(quoted(box.declaredAt)), \"kinds\": "
        out += array(kinds.sorted().map(\.rawValue)) + "}"
      }
      out += dependencies.isEmpty ? "]\n    }" : "\n      ]\n    }"
    }
    out += tests.isEmpty ? "],\n  \"boxes\": [" : "\n  ],\n  \"boxes\": ["
    for (index, row) in rows.enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += "    {\n      \"box\": \(quoted(row.box.type)),\n"
      out += "      \"declaredAt\": \(quoted(row.box.declaredAt)),\n"
      out += "      \"readForRealBy\": \(array(row.readForRealBy.map(\.path))),\n"
      out += "      \"setBy\": \(array(row.setBy.map(\.path))),\n"
      out += "      \"overriddenBy\": \(array(row.overriddenBy.map(\.path)))\n    }"
    }
    out += rows.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
    return out
  }

  private static func array(_ strings: [String]) -> String {
    "[" + strings.map(quoted).joined(separator: ", ") + "]"
  }

  /// A JSON string literal.
  static func quoted(_ string: String) -> String {
    let body = escaped(string, if: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { scalar in
      switch scalar {
      case "\"": "\\\""
      case "\\": "\\\\"
      case "\n": "\\n"
      case _ where scalar.value < 0x20:
        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: nil
      }
    }
    return "\"" + body + "\""
  }

  // MARK: Reading

  /// Why a `dependencies.json` (or a process's fragment of one) could not be read.
  package struct ReadError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. `test 2 ("ProfileTests/showsName()"): dependency 1 has the unknown
    /// kind "reads"`.
    package let problem: String

    package init(problem: String) { self.problem = problem }

    package var description: String { problem }
  }

  /// The tests of a `dependencies.json` (the `boxes` views are derived, and not read).
  ///
  /// - Throws: ``ReadError`` naming the first thing that is not as `json()` writes it.
  package static func tests(json text: String) throws(ReadError) -> Tests {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    } catch {
      throw ReadError(
        problem: "it is not JSON (\(text.isEmpty ? "the file is empty" : "\(error)"))"
      )
    }
    guard let object = object as? [String: Any], let tests = object["tests"] as? [Any] else {
      throw ReadError(problem: "it has no \"tests\" array")
    }
    guard let version = object["schemaVersion"] as? Int, version == 1 else {
      throw ReadError(
        problem: "its schemaVersion is \(object["schemaVersion"].map { "\($0)" } ?? "missing"), "
          + "not 1 (written by another version of SharedInstances)"
      )
    }
    var result: Tests = [:]
    for (index, test) in tests.enumerated() {
      guard let test = test as? [String: Any], let suite = test["suite"] as? String,
        let name = test["name"] as? String
      else { throw ReadError(problem: "test \(index + 1) has no \"suite\" and \"name\" strings") }
      let id = TestID(suite: suite, name: name)
      guard let dependencies = test["dependencies"] as? [Any] else {
        throw ReadError(problem: "test \(index + 1) (\"\(id.path)\") has no \"dependencies\" array")
      }
      var entry: [Box: Set<DependencyKind>] = [:]
      for (position, dependency) in dependencies.enumerated() {
        let what = "test \(index + 1) (\"\(id.path)\"): dependency \(position + 1)"
        guard let dependency = dependency as? [String: Any],
          let type = dependency["box"] as? String,
          let declaredAt = dependency["declaredAt"] as? String,
          let kinds = dependency["kinds"] as? [String]
        else {
          throw ReadError(problem: "\(what) has no \"box\", \"declaredAt\" and \"kinds\"")
        }
        var parsed: Set<DependencyKind> = []
        for kind in kinds {
          guard let known = DependencyKind(rawValue: kind) else {
            let names = DependencyKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ReadError(problem: "\(what) has the unknown kind \"\(kind)\" (known: \(names))")
          }
          parsed.insert(known)
        }
        entry[Box(type: type, declaredAt: declaredAt), default: []].formUnion(parsed)
      }
      for (box, kinds) in entry { result[id, default: [:]][box, default: []].formUnion(kinds) }
    }
    return result
  }
}
