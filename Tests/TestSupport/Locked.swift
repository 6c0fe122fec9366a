import Foundation

/// A lock-guarded value shared by the test targets (the library's own lock is `package`
/// access, and tests should not lean on it to check the library).
public final class Locked<Value>: @unchecked Sendable {
  // @unchecked: `value` is only touched while `lock` is held.
  private let lock = NSLock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  public func get() -> Value {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  public func set(_ newValue: Value) { mutate { $0 = newValue } }

  @discardableResult
  public func mutate<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
