import Foundation

// Shapes of shared instances that older apps hold: each is migrated, left alone with the reason,
// or refused with the reason, and the plan lists every one.

/// Push registration: nil when the environment has no token (a failable initializer).
public final class PushRegistry: Sendable {
  public let token: String

  init?(token: String?) {
    guard let token else { return nil }
    self.token = token
  }

  /// Migrated: a box of the optional.
  public static let shared: PushRegistry? = {
    PushRegistry(token: ProcessInfo.processInfo.environment["CORPUS_PUSH_TOKEN"] ?? "none")
  }()
}

/// The Objective-C era's singleton: refused (written as a `static let`, it would be migrated).
public final class LegacyCenter: Sendable {
  public class var shared: LegacyCenter {
    struct Static {
      static let instance = LegacyCenter()
    }
    return Static.instance
  }
}

extension DateFormatter {
  /// Migrated: Foundation's formatter is a class, known without a symbol graph.
  static let rfc822: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
    return formatter
  }()
}

/// Left alone: a value type, copied on every read.
struct DisplaySettings {
  static let shared = DisplaySettings()
  var largeText = false
}

/// The request a thread is serving: per thread, and per task.
public final class RequestContext: Sendable {
  public let id: Int

  init(id: Int) { self.id = id }

  /// Left alone: each thread has its own.
  public static var current: RequestContext {
    if let context = Thread.current.threadDictionary["RequestContext"] as? RequestContext {
      return context
    }
    let context = RequestContext(id: 0)
    Thread.current.threadDictionary["RequestContext"] = context
    return context
  }
}

enum RequestScope {
  /// Left alone: each task sees its own.
  @TaskLocal static var context: RequestContext?
}

/// Formats a date for a mail header.
func mailDate(_ date: Date) -> String {
  DateFormatter.rfc822.string(from: date)
}
