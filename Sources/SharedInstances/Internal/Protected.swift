import _SharedInstancesShims

/// A value guarded by a mutex: the package's one lock type, on every platform.
///
/// Like `Synchronization.Mutex` (which needs macOS 15 / iOS 18), values go in and out only
/// through `sending` parameters and results, so the box can be `Sendable` for any value.
package final class Protected<Value>: @unchecked Sendable {
  // @unchecked: `value` is only read or written while `mutex` is held.
  private var value: Value
  private let mutex: OpaquePointer

  package init(_ value: sending Value) {
    self.value = value
    self.mutex = si_mutex_create()
  }

  deinit { si_mutex_destroy(mutex) }

  /// Runs `body` with exclusive access to the value. Never call user code from `body`.
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    si_mutex_lock(mutex)
    defer { si_mutex_unlock(mutex) }
    return try body(&value)
  }
}

extension Protected where Value: Sendable {
  /// The value now, read under the lock without passing it `inout`.
  ///
  /// Use it to read a stored closure: `withLock { $0 }` hands a function value `inout` through
  /// the generic `Value`, and the write-back stores it re-abstracted, one thunk deeper on every
  /// read, until calling it overflows the stack.
  package func load() -> Value {
    withLock { value in
      let copy = value
      return copy
    }
  }
}

/// A bare mutex for the few places that guard several stored properties at once.
@usableFromInline
final class _Mutex: @unchecked Sendable {
  // @unchecked: the underlying pthread mutex is itself thread-safe.
  @usableFromInline let raw: OpaquePointer

  @usableFromInline init() { raw = si_mutex_create() }
  deinit { si_mutex_destroy(raw) }

  @usableFromInline func lock() { si_mutex_lock(raw) }
  @usableFromInline func unlock() { si_mutex_unlock(raw) }

  @usableFromInline func withLock<R>(_ body: () throws -> R) rethrows -> R {
    si_mutex_lock(raw)
    defer { si_mutex_unlock(raw) }
    return try body()
  }
}
