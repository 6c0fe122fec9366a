import Foundation

/// The JSON both commands' configuration files share (`generate-spies.json`,
/// `migrate-singletons.json`): an object whose only key, `targets`, lists one object per
/// target, each with a known set of keys. It reads that scaffolding and each entry's typed
/// values; ``SpyConfiguration`` and the migrator's configuration read what the keys mean.
///
/// ```swift
/// let entries = try TargetEntries.parse(
///   data, file: "generate-spies.json", keys: ["target", "output"],
///   required: #""target" and "output""#, explainsInvalidJSON: true)
/// let target = try entries[0].string("target")
/// ```
package enum TargetEntries {
  /// What is wrong, naming the file, the entry and the key.
  package struct Error: Swift.Error, Equatable, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
      self.description = description
    }
  }

  /// One object of `targets`.
  package struct Entry {
    /// Where it is, for messages: `generate-spies.json, targets[2]`.
    package let place: String
    /// Its keys and values, as JSONSerialization reads them.
    package let fields: [String: Any]

    /// The value of `key`: a string that is not empty.
    package func string(_ key: String) throws(Error) -> String {
      guard let value = fields[key] as? String, !value.isEmpty else {
        throw Error("\(place) needs \"\(key)\": a non-empty string.")
      }
      return value
    }

    /// The value of `key`: a list of names, empty where the key is absent.
    package func names(_ key: String) throws(Error) -> [String] {
      guard let value = fields[key] else { return [] }
      guard let list = value as? [String] else {
        throw Error("\(place): \"\(key)\" must be a list of names.")
      }
      return list
    }

    /// The value of `key`: true or false, false where the key is absent.
    package func flag(_ key: String) throws(Error) -> Bool {
      guard let value = fields[key] else { return false }
      guard let flag = value as? Bool else {
        throw Error("\(place): \"\(key)\" must be true or false.")
      }
      return flag
    }
  }

  /// Reads a configuration file's `targets`.
  ///
  /// - Parameters:
  ///   - data: The file's contents.
  ///   - file: The file's name, for messages.
  ///   - keys: The keys an entry may have: any other is an error (a typo would silently do
  ///     nothing).
  ///   - required: The keys every entry needs, as the message for an entry that is not an object
  ///     names them: `"target" and "output"`.
  ///   - explainsInvalidJSON: Whether a file that is not JSON gets the parser's reason, apart
  ///     from JSON that is not an object (`generate-spies.json`), or one message for both
  ///     (`migrate-singletons.json`).
  /// - Returns: The entries, in the file's order.
  /// - Throws: ``Error`` for a file that is not a JSON object, a top-level key other than
  ///   `targets`, `targets` that is not a list, an entry that is not an object, or an entry with
  ///   an unknown key.
  package static func parse(
    _ data: Data,
    file: String,
    keys: Set<String>,
    required: String,
    explainsInvalidJSON: Bool
  ) throws(Error) -> [Entry] {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw explainsInvalidJSON
        ? Error("\(file) is not valid JSON: \(error.localizedDescription)")
        : Error("\(file) must hold a JSON object with \"targets\": [ … ].")
    }
    guard let object = root as? [String: Any] else {
      throw Error(
        "\(file) must hold \(explainsInvalidJSON ? "an" : "a JSON") object with "
          + "\"targets\": [ … ]."
      )
    }
    if let unknown = Set(object.keys).subtracting(["targets"]).sorted().first {
      throw Error(
        "\(file) has the unknown key \"\(unknown)\"; the only top-level key is \"targets\"."
      )
    }
    guard let list = object["targets"] as? [Any] else {
      throw Error("\(file) must list its targets in \"targets\": [ … ].")
    }
    var entries: [Entry] = []
    for (index, item) in list.enumerated() {
      let place = "\(file), targets[\(index)]"
      guard let fields = item as? [String: Any] else {
        throw Error("\(place) must be an object with \(required).")
      }
      if let unknown = Set(fields.keys).subtracting(keys).sorted().first {
        throw Error(
          "\(place) has the unknown key \"\(unknown)\"; the keys are "
            + keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + "."
        )
      }
      entries.append(Entry(place: place, fields: fields))
    }
    return entries
  }
}
