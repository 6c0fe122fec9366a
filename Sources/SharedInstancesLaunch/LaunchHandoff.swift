import Foundation

/// What a launched process serves instead of the system: the test doubles a test hands to an
/// app, a server or a tool it starts.
///
/// `SharedInstancesLaunch` is the receiving end, linked by the program: in a debug build it takes
/// a hand-off it was launched with before `main` runs, and makes the whole process one isolated
/// test. The test builds this value, prepares it (`PreparedLaunch` in
/// `SharedInstancesTesting`) and passes the environment or arguments it gets to whatever
/// launches the process. Every part is data, so it crosses the process boundary as JSON: network
/// stubs, the date, UUIDs and random numbers, user defaults, fresh folders, `Codable` overrides
/// of named boxes, and a scenario the program declared.
///
/// ```swift
/// var handoff = LaunchHandoff()
/// handoff.stub(.get("https://example.com/feed.json"), .text(#"[{"title":"Hello"}]"#))
/// handoff.date = .constant(Date(timeIntervalSince1970: 0))
/// handoff.uuid = .incrementing
/// try handoff.scenario("slowFeed", SlowFeed(seconds: 2))
/// let launch = try PreparedLaunch(handoff)        // import SharedInstancesTesting
/// let result = try await launch.run(feedTool)     // or launch.environment, for any launcher
/// #expect(result.standardOutput.contains("Hello"))
/// ```
///
/// > Important: A release build ignores hand-offs completely unless it opts in at compile time
/// > with the package trait `LaunchHandoffInRelease`; no environment variable can turn it on.
public struct LaunchHandoff: Codable, Sendable, Hashable {
  /// The network stubs, tried newest first. A request no stub matches fails in the process and
  /// fails the launching test, and never reaches the network.
  public var stubs: [LaunchStub] = []
  /// What `SystemBoxes.date` serves; nil: the system's date.
  public var date: Dates?
  /// What `SystemBoxes.uuid` serves; nil: random UUIDs.
  public var uuid: UUIDs?
  /// What `SystemBoxes.random` serves; nil: the system's generator.
  public var random: Randomness?
  /// What `SystemBoxes.continuousClock` and `.suspendingClock` serve; nil: the system's clocks.
  public var clock: Clocks?
  /// The contents of the user defaults `SystemBoxes.userDefaults` serves: a suite of its own,
  /// empty but for these. Nil: the system's standard defaults.
  public var userDefaults: [String: LaunchDefaultsValue]?
  /// Whether `SystemBoxes.directories` serves fresh, empty folders, removed when the test ends.
  public var freshDirectories = false
  /// Overrides of named boxes the program declared overridable, as JSON, by box name.
  public var overrides: [String: Data] = [:]
  /// The scenario the program applies, if any: one it declared, by name.
  public var scenarioName: String?
  /// The scenario's parameters, as JSON.
  public var scenarioParameters: Data?
  /// Whether a read of a real instance in the launched process fails the launching test, as in
  /// a strict isolated test.
  public var isStrict = false

  /// Creates a hand-off that changes nothing but the network: every request fails until a stub
  /// answers it.
  public init() {}

  /// Declares that requests `matcher` matches get `responses`, in order; the last one answers
  /// every later request.
  ///
  /// ```swift
  /// handoff.stub(.get("https://example.com/feed.json"), .status(503), .text("[]"))
  /// ```
  ///
  /// - Parameters:
  ///   - matcher: Which requests the stub answers.
  ///   - responses: The answers, in order.
  public mutating func stub(_ matcher: LaunchStub.Matcher, _ responses: LaunchStub.Response...) {
    stubs.append(
      LaunchStub(matcher: matcher, responses: responses.isEmpty ? [.status(200)] : responses)
    )
  }

  /// Overrides the named box `name` with `value` in the launched process.
  ///
  /// The program declares the box overridable (`LaunchReceiver.declare(overridable:)`); a name
  /// it does not declare fails the launching test.
  ///
  /// ```swift
  /// try handoff.override(named: "Settings.shared", with: Settings(pageSize: 5))
  /// ```
  ///
  /// - Parameters:
  ///   - name: The box's name (`Resettable(name:)`).
  ///   - value: The value the box serves.
  /// - Throws: The encoder's error when `value` does not encode.
  public mutating func override<Value: Encodable>(named name: String, with value: Value) throws {
    overrides[name] = try Self.encoder.encode(value)
  }

  /// Chooses the scenario `name`, which the program declared, with `parameters`.
  ///
  /// ```swift
  /// try handoff.scenario("failingFeed", FailingFeed(status: 503))
  /// ```
  ///
  /// - Parameters:
  ///   - name: The scenario's name, as the program declared it (`LaunchScenario`).
  ///   - parameters: What the scenario's closure receives.
  /// - Throws: The encoder's error when `parameters` does not encode.
  public mutating func scenario<Parameters: Encodable>(
    _ name: String,
    _ parameters: Parameters
  ) throws {
    scenarioName = name
    scenarioParameters = try Self.encoder.encode(parameters)
  }

  /// Chooses the scenario `name`, which takes no parameters.
  ///
  /// ```swift
  /// handoff.scenario("signedOut")
  /// ```
  ///
  /// - Parameter name: The scenario's name, as the program declared it.
  public mutating func scenario(_ name: String) {
    scenarioName = name
    scenarioParameters = nil
  }

  static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .secondsSince1970
    return encoder
  }()
}
