import Foundation

/// The checked-in configuration of `generate-spies`: which targets get spies, where they go, and
/// which protocols to leave out, read by the command and by `--check` alike.
///
/// The file is `generate-spies.json` at the package's root:
///
/// ```json
/// {
///   "targets": [
///     {
///       "target": "App",
///       "output": "Tests/AppTests/Spies",
///       "skip": ["LegacyBridge"],
///       "classes": ["Tracker"]
///     }
///   ]
/// }
/// ```
///
/// With it, `swift package --allow-writing-to-package-directory generate-spies` (no options)
/// regenerates every listed target, and `… generate-spies --check` checks them.
public struct SpyConfiguration: Equatable, Sendable {
  /// The file's name, at the package's root.
  public static let fileName = "generate-spies.json"

  /// One target's spies.
  public struct Target: Equatable, Sendable {
    /// The source target whose protocols get spies.
    public var target: String
    /// The folder the spies go into, relative to the package's root.
    public var output: String
    /// Only these protocols; empty means every protocol that qualifies.
    public var protocols: [String]
    /// Protocols that get no spy.
    public var skip: [String]
    /// Open classes that get a subclass spy.
    public var classes: [String]
    /// Only protocols whose doc comment has a line `spy: generate`.
    public var marker: Bool
    /// Protocols (or `Protocol.requirement(label:)`) whose requirements with a default
    /// implementation the spy implements and records too.
    public var spyDefaults: [String]

    /// Creates a target's configuration.
    ///
    /// ```swift
    /// SpyConfiguration.Target(target: "App", output: "Tests/AppTests/Spies", skip: ["Legacy"])
    /// ```
    ///
    /// - Parameters:
    ///   - target: The source target.
    ///   - output: The output folder, relative to the package's root.
    ///   - protocols: Only these protocols; empty for all.
    ///   - skip: Protocols that get no spy.
    ///   - classes: Open classes that get a subclass spy.
    ///   - marker: Whether only protocols marked `spy: generate` get a spy.
    ///   - spyDefaults: Protocols whose defaulted requirements the spy records too.
    public init(
      target: String,
      output: String,
      protocols: [String] = [],
      skip: [String] = [],
      classes: [String] = [],
      marker: Bool = false,
      spyDefaults: [String] = []
    ) {
      self.target = target
      self.output = output
      self.protocols = protocols
      self.skip = skip
      self.classes = classes
      self.marker = marker
      self.spyDefaults = spyDefaults
    }
  }

  /// The targets, in the file's order.
  public var targets: [Target]

  /// Creates a configuration.
  ///
  /// ```swift
  /// let configuration = SpyConfiguration(targets: [.init(target: "App", output: "Tests/Spies")])
  /// ```
  ///
  /// - Parameter targets: The targets.
  public init(targets: [Target]) {
    self.targets = targets
  }

  /// The entry for `name`, if the file lists it.
  ///
  /// ```swift
  /// let app = configuration.target(named: "App")
  /// ```
  ///
  /// - Parameter name: A target's name.
  /// - Returns: Its configuration, or nil.
  public func target(named name: String) -> Target? {
    targets.first { $0.target == name }
  }

  /// A file that cannot be used, with what is wrong and where.
  public struct Error: Swift.Error, Equatable, CustomStringConvertible {
    /// What is wrong, naming the file and the entry.
    public let description: String
  }

  /// Reads and checks a configuration file's contents.
  ///
  /// ```swift
  /// let configuration = try SpyConfiguration.parse(Data(contentsOf: url), file: "generate-spies.json")
  /// ```
  ///
  /// - Parameters:
  ///   - data: The file's contents.
  ///   - file: The file's name, for messages.
  /// - Returns: The configuration.
  /// - Throws: ``Error`` naming the file, the entry and the key that is wrong: not JSON, a missing
  ///   `target` or `output`, a key the generator does not know (a typo would silently do
  ///   nothing), a value of the wrong type, an `output` outside the package, or a target listed
  ///   twice.
  public static func parse(_ data: Data, file: String = fileName) throws(Error) -> SpyConfiguration
  {
    let entries = try reading { () throws(TargetEntries.Error) in
      try TargetEntries.parse(
        data,
        file: file,
        keys: ["target", "output", "protocols", "skip", "classes", "marker", "spyDefaults"],
        required: #""target" and "output""#,
        explainsInvalidJSON: true
      )
    }
    var targets: [Target] = []
    for entry in entries {
      let place = entry.place
      let target = try reading { () throws(TargetEntries.Error) in
        let marker = try entry.flag("marker")
        return Target(
          target: try entry.string("target"),
          output: try entry.string("output"),
          protocols: try entry.names("protocols"),
          skip: try entry.names("skip"),
          classes: try entry.names("classes"),
          marker: marker,
          spyDefaults: try entry.names("spyDefaults")
        )
      }
      // The plugin may write only into the package: a folder inside it, relative to its root.
      let components = target.output.split(separator: "/")
      if target.output.hasPrefix("/") || target.output.hasPrefix("~")
        || components.contains("..")
      {
        throw Error(
          description: "\(place): \"output\" must be a folder inside the package, relative to its "
            + "root (such as \"Tests/\(target.target)Tests/Spies\"), not \"\(target.output)\"."
        )
      }
      if targets.contains(where: { $0.target == target.target }) {
        throw Error(description: "\(place) lists target \(target.target) a second time.")
      }
      targets.append(target)
    }
    return SpyConfiguration(targets: targets)
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
