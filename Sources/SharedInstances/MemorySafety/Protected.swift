import _SharedInstancesShims

/// A value guarded by a mutex: the package's one lock type, on every platform.
///
/// Like `Synchronization.Mutex` (which needs macOS 15 / iOS 18), values go in and out only
/// through `sending` parameters and results, so the box can be `Sendable` for any value.
@usableFromInline
package final class Protected<Value>: @unchecked Sendable {
  // @unchecked: `value` is only read or written while `mutex` is held.
  @usableFromInline var value: Value
  @usableFromInline let mutex: OpaquePointer

  @_alwaysEmitIntoClient
  package init(_ value: sending Value) {
    self.value = value
    self.mutex = si_mutex_create()
  }

  deinit { si_mutex_destroy(mutex) }

  /// Runs `body` with exclusive access to the value. Never call user code from `body`.
  @_alwaysEmitIntoClient
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
  @_alwaysEmitIntoClient
  package func load() -> Value {
    withLock { value in
      let copy = value
      return copy
    }
  }
}

/// A bare mutex for the few places that guard several stored properties at once.
@usableFromInline
package final class _Mutex: @unchecked Sendable {
  // @unchecked: the underlying pthread mutex is itself thread-safe.
  @usableFromInline let raw: OpaquePointer

  @usableFromInline package init() { raw = si_mutex_create() }
  deinit { si_mutex_destroy(raw) }

  @usableFromInline package func lock() { si_mutex_lock(raw) }
  @usableFromInline package func unlock() { si_mutex_unlock(raw) }

  @usableFromInline package func withLock<R>(_ body: () throws -> R) rethrows -> R {
    si_mutex_lock(raw)
    defer { si_mutex_unlock(raw) }
    return try body()
  }
}

/// An integer that many threads read and change without a lock, for `SharedInstancesTesting`
/// (which does not see the C atomics) and the few counters that must not serialize tests.
package final class _AtomicInt: @unchecked Sendable {
  // @unchecked: `word` is only accessed through atomic operations.
  private let word: UnsafeMutablePointer<Int>

  package init(_ value: Int = 0) {
    word = .allocate(capacity: 1)
    word.initialize(to: value)
  }

  deinit { word.deallocate() }

  /// The value, with acquire ordering.
  package func load() -> Int { si_int_load_acquire(word) }

  /// Adds `delta` (sequentially consistent) and returns the new value.
  @discardableResult
  package func add(_ delta: Int) -> Int { si_int_fetch_add(word, delta) + delta }

  /// Replaces `expected` with `desired` if the value is `expected` (sequentially consistent).
  package func compareExchange(_ expected: Int, _ desired: Int) -> Bool {
    si_int_compare_exchange(word, expected, desired)
  }

  /// Applies `change` atomically, retrying until no other thread changed the value meanwhile,
  /// or until `change` returns nil; returns the value it was applied to (or last saw).
  @discardableResult
  package func update(_ change: (Int) -> Int?) -> Int {
    var seen = load()
    while let next = change(seen) {
      if compareExchange(seen, next) { return seen }
      seen = load()
    }
    return seen
  }
}

/// An object published once and read without a lock ever after: for what the testing module
/// installs once per process and every test reads.
@usableFromInline
package final class _PublishedOnce<Value: AnyObject & Sendable>: @unchecked Sendable {
  // @unchecked: `pointer` is only accessed atomically; the object it points to is retained
  // once, when published, and never released.
  @usableFromInline let pointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  @_alwaysEmitIntoClient
  package init() {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: nil)
  }

  deinit {
    if let raw = pointer.pointee { Unmanaged<Value>.fromOpaque(raw).release() }
    pointer.deallocate()
  }

  /// Publishes `value` unless something was published already; returns whether it was.
  @_alwaysEmitIntoClient @discardableResult
  package func publish(_ value: Value) -> Bool {
    let raw = Unmanaged.passRetained(value).toOpaque()
    guard si_ptr_compare_exchange(pointer, nil, raw) else {
      Unmanaged<Value>.fromOpaque(raw).release()
      return false
    }
    return true
  }

  /// What was published, if anything.
  @_alwaysEmitIntoClient
  package var value: Value? {
    si_ptr_load_acquire(pointer).map { Unmanaged<Value>.fromOpaque($0).takeUnretainedValue() }
  }
}
