import Foundation

/// One variable behind its own lock: a single read or a single write is atomic, nothing more.
///
/// The port of the Objective-C pattern keeps each of its statics in one of these, so that Swift
/// sees no data race (and ThreadSanitizer none either) while the pattern's real bug stays: it
/// reads and writes its two variables in separate steps that other threads can come between.
final class Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `stored` is only touched while `lock` is held.
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  /// The value, read or written in one locked step.
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }

  /// Runs `body` on the value with the lock held: one atomic read-modify-write.
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.withLock { body(&stored) }
  }
}
