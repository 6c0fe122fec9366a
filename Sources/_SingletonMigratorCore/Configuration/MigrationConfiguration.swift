import Foundation
import _SpyGeneratorCore

/// The contents of `migrate-singletons.json`, at a package's root: which targets the command
/// migrates or checks, and, for each, what it allows and how it extracts protocols.
///
/// ```json
/// {
///   "targets": [
///     {
///       "target": "App",
///       "allow": ["Legacy.shared"],
///       "classes": ["URLSession"],
///       "extractProtocol": true,
///       "spies": "Tests/AppTests/Spies"
///     }
///   ]
/// }
/// ```
///
/// ```swift
/// let configuration = try MigrationConfiguration.parse(Data(contentsOf: url))
/// ```
public struct MigrationConfiguration: Equatable, Sendable {
  /// The file's name at the package's root.
  public static let fileName = "migrate-singletons.json"

  /// One target's entry.
  public struct Target: Equatable, Sendable {
    /// The target's name.
    public var target: String
    /// Shared instances it keeps as they are (`Manager.shared`, `appCache`): `--check` passes
    /// them, the migration leaves them.
    public var allow: [String]
    /// Classes of other modules whose static instances count (`URLSession`).
    public var classes: [String]
    /// Whether the migration extracts protocols and writes their spies.
    public var extractProtocol: Bool
    /// Where the spies go, relative to the package's root (with `extractProtocol`).
    public var spies: String?

    /// Creates an entry.
    ///
    /// ```swift
    /// MigrationConfiguration.Target(target: "App", allow: ["Legacy.shared"])
    /// ```
    ///
    /// - Parameters:
    ///   - target: The target's name.
    ///   - allow: Instances kept as they are.
    ///   - classes: Classes of other modules that count.
    ///   - extractProtocol: Whether to extract protocols.
    ///   - spies: Where the spies go.
    public init(
      target: String,
      allow: [String] = [],
      classes: [String] = [],
      extractProtocol: Bool = false,
      spies: String? = nil
    ) {
      self.target = target
      self.allow = allow
      self.classes = classes
      self.extractProtocol = extractProtocol
      self.spies = spies
    }
  }

  /// The entries, in the file's order.
  public var targets: [Target]

  /// The entry of a target, if the file lists it.
  ///
  /// ```swift
  /// let entry = configuration.target(named: "App")
  /// ```
  ///
  /// - Parameter name: The target's name.
  /// - Returns: Its entry, or nil.
  public func target(named name: String) -> Target? { targets.first { $0.target == name } }

  /// A configuration file that cannot be used.
  public struct Error: Swift.Error, Equatable, CustomStringConvertible {
    /// What is wrong, naming the file, the entry and the key.
    public let description: String
  }

  /// Reads and checks a configuration file's contents.
  ///
  /// ```swift
  /// let configuration = try MigrationConfiguration.parse(data)
  /// ```
  ///
  /// - Parameters:
  ///   - data: The file's contents.
  ///   - file: The file's name, for messages.
  /// - Returns: The configuration.
  /// - Throws: ``Error`` naming the key that is wrong: not JSON, a missing `target`, an unknown
  ///   key (a typo would silently do nothing), a value of the wrong type, `spies` outside the
  ///   package, a target listed twice.
  public static func parse(_ data: Data, file: String = fileName) throws(Error)
    -> MigrationConfiguration
  {
    let entries = try reading { () throws(TargetEntries.Error) in
      try TargetEntries.parse(
        data,
        file: file,
        keys: ["target", "allow", "classes", "extractProtocol", "spies"],
        required: #""target""#,
        explainsInvalidJSON: false
      )
    }
    var targets: [Target] = []
    for entry in entries {
      let place = entry.place
      let name = try reading { () throws(TargetEntries.Error) in try entry.string("target") }
      let extract = try reading { () throws(TargetEntries.Error) in
        try entry.flag("extractProtocol")
      }
      var spies: String?
      if let value = entry.fields["spies"] {
        guard let folder = value as? String, !folder.isEmpty, !folder.hasPrefix("/"),
          !folder.split(separator: "/").contains("..")
        else {
          throw Error(
            description: "\(place): \"spies\" must be a folder inside the package, relative to "
              + "its root (such as \"Tests/\(name)Tests/Spies\")."
          )
        }
        spies = folder
      }
      if targets.contains(where: { $0.target == name }) {
        throw Error(description: "\(place) lists target \(name) a second time.")
      }
      let (allow, classes) = try reading { () throws(TargetEntries.Error) in
        (try entry.names("allow"), try entry.names("classes"))
      }
      targets.append(
        Target(
          target: name,
          allow: allow,
          classes: classes,
          extractProtocol: extract,
          spies: spies
        )
      )
    }
    return MigrationConfiguration(targets: targets)
  }

  /// What `body` reads from the file, its errors made this type's.
  private static func reading<Value>(
    _ body: () throws(TargetEntries.Error) -> Value
  ) throws(Error) -> Value {
    do {
      return try body()
    } catch {
      throw Error(description: error.description)
    }
  }
}
