/// The isolation a piece of code reads shared instances through, captured so that it can be
/// carried where task-locals do not reach.
///
/// Inside `@Test(.isolatedShared)` every ``Resettable`` resolves in the test's own scope, which
/// travels with the test's tasks (`async let`, task groups, `Task {}`) but not into
/// `Task.detached`, `DispatchQueue` callbacks, `Thread`s, `OperationQueue`s or
/// `NotificationCenter` observers. Capture ``current`` before the hop and run the callback in
/// it with ``run(_:)-(()->R)`` or ``bind(_:)-(()->Void)``.
///
/// ```swift
/// let scope = SharedScope.current
/// DispatchQueue.global().async {
///   scope.run {
///     ImageCache.shared.value.store(image)   // the test's override, not the real cache
///   }
/// }
/// ```
///
/// In production, and in tests that are not isolated, ``current`` is the process-wide state
/// and running in it costs nothing. Code running in a process-wide state that was carried this
/// way reads the process-wide instances, even while a `.processWide` test's scope is open.
public struct SharedScope: Sendable {
  let scope: _ScopeObject?

  /// The scope's internals, for `SharedInstancesTesting`.
  package var _scopeObject: _ScopeObject? { scope }

  /// The scope that reads on the current task resolve in.
  ///
  /// ```swift
  /// let scope = SharedScope.current
  /// Thread { scope.run { Analytics.shared.value.track("opened") } }.start()
  /// ```
  public static var current: SharedScope {
    guard _ProcessWords.isolationIsActive else { return SharedScope(scope: nil) }
    return SharedScope(scope: _Isolation.hooks.scopeForCapture())
  }

  /// Whether this is an isolated test's scope rather than the process-wide state.
  ///
  /// ```swift
  /// #expect(SharedScope.current.isIsolated)   // inside @Test(.isolatedShared)
  /// ```
  public var isIsolated: Bool { scope != nil }

  /// Runs `body` so that every shared instance it reads resolves in this scope.
  ///
  /// ```swift
  /// let scope = SharedScope.current
  /// NotificationCenter.default.addObserver(forName: .didLogin, object: nil, queue: nil) { _ in
  ///   scope.run { Session.shared.value.refresh() }
  /// }
  /// ```
  ///
  /// - Parameter body: The code to run.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func run<R>(_ body: () throws -> R) rethrows -> R {
    guard let scope = bound else { return try body() }
    return try _CurrentScope.$scope.withValue(scope, operation: body)
  }

  /// The scope to bind: the isolated scope, or, once isolation is used in the process, the
  /// marker of the process-wide instances (so that an open process-wide scope is not used).
  private var bound: _ScopeObject? {
    if let scope { return scope }
    return _ProcessWords.isolationIsActive ? _Isolation.hooks.processWideInstances : nil
  }

  /// Runs the asynchronous `body` so that every shared instance it reads resolves in this
  /// scope.
  ///
  /// ```swift
  /// let scope = SharedScope.current
  /// Task.detached { await scope.run { await Uploader.shared.value.flush() } }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor `body` runs on. Leave the default.
  ///   - body: The code to run.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func run<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> R
  ) async rethrows -> R {
    guard let scope = bound else { return try await body() }
    return try await _CurrentScope.$scope.withValue(scope, operation: body)
  }

  /// Returns a closure that runs `body` in this scope, wherever it is called.
  ///
  /// ```swift
  /// DispatchQueue.global().async(execute: SharedScope.current.bind {
  ///   ImageCache.shared.value.purge()
  /// })
  /// ```
  ///
  /// - Parameter body: The callback to wrap.
  /// - Returns: A callback that runs `body` in this scope.
  public func bind(_ body: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    { self.run(body) }
  }

  /// Returns a one-argument callback that runs `body` in this scope, wherever it is called.
  ///
  /// ```swift
  /// center.addObserver(forName: .didLogout, object: nil, queue: .main,
  ///                    using: SharedScope.current.bind { (_: Notification) in
  ///                      Session.currentUser.reset()
  ///                    })
  /// ```
  ///
  /// - Parameter body: The callback to wrap.
  /// - Returns: A callback that runs `body` in this scope.
  public func bind<Argument>(
    _ body: @escaping @Sendable (Argument) -> Void
  ) -> @Sendable (Argument) -> Void {
    { argument in self.run { body(argument) } }
  }
}
