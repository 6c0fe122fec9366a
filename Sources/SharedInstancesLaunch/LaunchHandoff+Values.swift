import Foundation

extension LaunchHandoff {
  /// What `SystemBoxes.date` serves in the launched process.
  public enum Dates: Codable, Sendable, Hashable {
    /// Always `date`.
    case constant(Date)
    /// `start`, then each read `seconds` later than the one before.
    case incrementing(from: Date, by: TimeInterval)
  }

  /// What `SystemBoxes.uuid` serves in the launched process.
  public enum UUIDs: Codable, Sendable, Hashable {
    /// Always `uuid`.
    case constant(UUID)
    /// `00000000-0000-0000-0000-000000000000`, then `…01`, `…02`: as `UUIDGenerator.incrementing`.
    case incrementing
  }

  /// What `SystemBoxes.continuousClock` and `SystemBoxes.suspendingClock` serve in the launched
  /// process.
  public enum Clocks: Codable, Sendable, Hashable {
    /// A clock whose `now` starts `seconds` after its origin, and whose sleeps return at once,
    /// moving `now` to their deadline: as `ImmediateClock`, so that a launched tool's retries
    /// and timeouts take no real time.
    case immediate(startingAt: TimeInterval)
    /// A clock whose `now` starts `seconds` after its origin and moves only when the test
    /// advances it (`PreparedLaunch.advanceClock(by:)`), while the process runs; a sleep returns
    /// once the clock reaches its deadline. For a long-running process: a server's periodic job,
    /// a cache that expires, a timeout, driven by the test with no real wait.
    ///
    /// ```swift
    /// handoff.clock = .test(startingAt: 0)
    /// let launch = try PreparedLaunch(handoff)
    /// // … launch the server, wait until its job sleeps (`LaunchReport.clockSleeps`) …
    /// try launch.advanceClock(by: .seconds(60))
    /// ```
    case test(startingAt: TimeInterval)
  }

  /// What `SystemBoxes.random` serves in the launched process.
  public enum Randomness: Codable, Sendable, Hashable {
    /// The numbers `SeededRandomNumberGenerator(seed:)` draws: the same in the test and in the
    /// launched process.
    case seeded(UInt64)
  }
}

/// A value of the user defaults a launched process starts with: a property-list value.
public enum LaunchDefaultsValue: Codable, Sendable, Hashable {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case data(Data)
  case date(Date)
  indirect case array([LaunchDefaultsValue])
  indirect case dictionary([String: LaunchDefaultsValue])

  /// The property-list value `UserDefaults` stores.
  var propertyList: Any {
    switch self {
    case .string(let value): value
    case .int(let value): value
    case .double(let value): value
    case .bool(let value): value
    case .data(let value): value
    case .date(let value): value
    case .array(let values): values.map(\.propertyList)
    case .dictionary(let values): values.mapValues(\.propertyList)
    }
  }
}
