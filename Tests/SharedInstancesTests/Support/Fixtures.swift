import Foundation

/// A class instances of which count themselves alive, so tests can see releases.
final class Instance: Sendable, CustomStringConvertible {
  static let alive = LiveCount()

  let label: String
  /// A process-wide order of creation (see `Stamp`).
  let stamp: Int

  init(_ label: String) {
    self.label = label
    self.stamp = Stamp.next()
    Instance.alive.add(1)
  }

  deinit { Instance.alive.add(-1) }

  var description: String { "Instance(\(label), #\(stamp))" }
}

final class LiveCount: @unchecked Sendable {
  // @unchecked: `count` is only touched while `lock` is held.
  private let lock = NSLock()
  private var count = 0
  func add(_ delta: Int) {
    lock.lock()
    count += delta
    lock.unlock()
  }
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
  /// Adds one and returns the new count.
  func increment() -> Int {
    lock.lock()
    defer { lock.unlock() }
    count += 1
    return count
  }
}

/// A strictly increasing counter shared by the whole test process.
enum Stamp {
  private static let counter = LiveCount()

  static func next() -> Int { counter.increment() }
}
