import Foundation

/// A log with a category, kept in memory for the diagnostics screen.
public final class AppLogger: @unchecked Sendable {
  // @unchecked: `lines` is only touched while `lock` is held.
  private let lock = NSLock()
  private var lines: [String] = []
  public let category: String

  public init(category: String) {
    self.category = category
  }

  public func info(_ message: String) {
    lock.withLock { lines.append("[\(category)] \(message)") }
  }

  public func error(_ message: String) {
    lock.withLock { lines.append("[\(category)] error: \(message)") }
  }

  public var recent: [String] { lock.withLock { Array(lines.suffix(20)) } }
}

/// The app's log.
public let log = AppLogger(category: "app")

/// Crash reports, owned by the crash SDK's start-up: kept as it is (allowed in
/// migrate-singletons.json).
public enum Diagnostics {
  public static let crashLog = AppLogger(category: "crash")
}
