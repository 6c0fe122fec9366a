import _SharedInstancesShims

extension Resettable {
  /// Creates a bootstrap-once box: the shape of a logging, metrics or tracing system that the
  /// program configures once at start-up.
  ///
  /// Until ``bootstrap(_:fileID:filePath:line:column:)`` is called, ``value`` returns the
  /// system's default, which `makeDefault` creates on first read (a no-op backend, a console
  /// logger). The program bootstraps the box once; a second bootstrap stops the program with a
  /// message naming the box and where it was first bootstrapped, as `LoggingSystem.bootstrap`
  /// and `MetricsSystem.bootstrap` do.
  ///
  /// Every use is a read of ``value`` (or ``withValue(_:)``), so tests see the dependency:
  /// inside an isolated test the box starts from the default again, each test bootstraps its
  /// own backend (tests that run in parallel never see each other's), and a strict test that
  /// forgot to bootstrap fails, told to bootstrap it.
  ///
  /// ```swift
  /// public enum MetricsSystem {
  ///   static let factory = Resettable<any MetricsFactory>.bootstrapOnce(
  ///     name: "MetricsSystem.factory"
  ///   ) { NoOpMetricsFactory() }
  ///
  ///   public static func bootstrap(_ factory: any MetricsFactory) {
  ///     self.factory.bootstrap(factory)
  ///   }
  /// }
  ///
  /// // In a counter's initializer: a read that strict mode and the dependency map see.
  /// let handler = MetricsSystem.factory.value.makeCounter(label: label)
  ///
  /// @Test(.isolatedShared(.strict)) func countsRequests() {
  ///   let metrics = InMemoryMetrics()
  ///   MetricsSystem.bootstrap(metrics)  // this test's own backend
  ///   handle(request)
  ///   #expect(metrics.counter("requests") == 1)
  /// }
  /// ```
  ///
  /// This replaces the recipe of an ``empty(name:fileID:filePath:line:column:)`` box read with
  /// `currentValue ?? default` and changed with ``setIfEmpty(_:fileID:filePath:line:column:)``:
  /// ``currentValue`` is a check, not a read, so neither strict mode nor the dependency map saw
  /// the code that depends on the system.
  ///
  /// - Parameters:
  ///   - name: What messages, records and the map call the box, such as
  ///     `"MetricsSystem.factory"`.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  ///   - makeDefault: Creates the system's default, which reads return until the bootstrap.
  ///     It runs at most once per generation, like a factory, and must not read this box.
  /// - Returns: A box whose reads return the default until it is bootstrapped.
  @_alwaysEmitIntoClient
  public static func bootstrapOnce(
    name: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    default makeDefault: @escaping @Sendable () -> Shared
  ) -> Resettable {
    Resettable(
      factory: makeDefault,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      name: name,
      style: .bootstrap
    )
  }

  /// Installs the system's value, once per program: every read returns `instance` from now on.
  ///
  /// Call it at start-up, before the code that reads the box runs (reads before it got the
  /// default). In the program, a second bootstrap stops it with a message naming the box and
  /// where it was first bootstrapped: a system configured twice is a bug to fix, not a state to
  /// run on.
  ///
  /// Inside an isolated test the bootstrap is the test's own, like ``set(_:fileID:filePath:line:column:)``:
  /// tests running in parallel each bootstrap their own backend, and none of them, nor the
  /// program's bootstrap, is seen by another test. A second bootstrap in one test fails that
  /// test (and installs the second value, so the test runs on).
  ///
  /// ```swift
  /// @main struct Server {
  ///   static func main() async throws {
  ///     MetricsSystem.factory.bootstrap(PrometheusFactory())
  ///     try await run()
  ///   }
  /// }
  /// ```
  ///
  /// A library that wraps the box forwards its caller's location, so that a failure points at
  /// the caller's line, not into the library:
  ///
  /// ```swift
  /// public static func bootstrap(
  ///   _ factory: any MetricsFactory,
  ///   fileID: StaticString = #fileID,
  ///   filePath: StaticString = #filePath,
  ///   line: UInt = #line,
  ///   column: UInt = #column
  /// ) {
  ///   self.factory.bootstrap(factory, fileID: fileID, filePath: filePath, line: line, column: column)
  /// }
  /// ```
  ///
  /// > Important: Only a box made with
  /// > ``bootstrapOnce(name:fileID:filePath:line:column:default:)`` can be bootstrapped; calling
  /// > this on any other box stops the program. Use ``set(_:fileID:filePath:line:column:)`` there.
  ///
  /// - Parameters:
  ///   - instance: The value every read returns from now on.
  ///   - fileID: The caller's location, for the failure of a second bootstrap. Leave the
  ///     default, or forward your caller's.
  ///   - filePath: The caller's location. Leave the default, or forward your caller's.
  ///   - line: The caller's location. Leave the default, or forward your caller's.
  ///   - column: The caller's location. Leave the default, or forward your caller's.
  public func bootstrap(
    _ instance: Shared,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard _identity.style == .bootstrap else { _Bootstraps.notBootstrapOnce(_identity, location) }
    // In a scope, a second bootstrap is reported there (`_SharedInstancesIsolation`).
    if !si_isolation_is_active()
      || !_Isolation.hooks.bootstrapInScope(of: _identity, at: location)
    {
      _Bootstraps.claim(_identity, at: location)
    }
    _slotForChange(.bootstrap, location: location)?.store(instance, isOverride: false)
  }

  /// Whether the box was bootstrapped: in an isolated test, by that test (or the scope it is
  /// nested in); elsewhere, by the program.
  ///
  /// A ``reset(fileID:filePath:line:column:)`` makes reads return the default again, but the
  /// program still counts as bootstrapped: a second bootstrap stops it all the same.
  ///
  /// ```swift
  /// if !MetricsSystem.factory.isBootstrapped {
  ///   MetricsSystem.factory.bootstrap(ConsoleMetricsFactory())
  /// }
  /// ```
  public var isBootstrapped: Bool {
    guard _identity.style == .bootstrap else { return false }
    if si_isolation_is_active(), let inScope = _Isolation.hooks.isBootstrappedInScope(_identity) {
      return inScope
    }
    return _Bootstraps.location(of: _identity) != nil
  }
}

extension _Change {
  @_alwaysEmitIntoClient static var bootstrap: _Change {
    _Change(name: "bootstrap(_:)", kindBits: 2)
  }
}

/// Where each bootstrap-once box was bootstrapped outside isolated tests: once per program.
///
/// Each box keeps its own bootstrap's location (`_BoxIdentity.bootstrapLocation`), under one
/// lock: a bootstrap happens once per box, and a table keyed by box would bring a dictionary's
/// code into every program (issue 30, item 8).
enum _Bootstraps {
  /// Guards `_BoxIdentity.bootstrapLocation` of every box.
  static let lock = _Mutex()

  /// Records the program's bootstrap of `identity`; stops the program if it is the second.
  static func claim(_ identity: _BoxIdentity, at location: _SourceLocation) {
    let first: _SourceLocation? = lock.withLock {
      if let first = identity.bootstrapLocation { return first }
      identity.bootstrapLocation = location
      return nil
    }
    guard let first else { return }
    _ProcessStop.stop(
      """
      \(identity.description) can only be bootstrapped once per process: it was bootstrapped \
      again at \(location.fileID):\(location.line), and first bootstrapped at \
      \(first.fileID):\(first.line). Bootstrap the system once, at start-up; in tests, \
      bootstrap it inside an isolated test (@Test(.isolatedShared)), where each test has its \
      own.
      """
    )
  }

  static func location(of identity: _BoxIdentity) -> _SourceLocation? {
    lock.withLock { identity.bootstrapLocation }
  }

  static func notBootstrapOnce(_ identity: _BoxIdentity, _ location: _SourceLocation) -> Never {
    _ProcessStop.stop(
      """
      bootstrap(_:) was called at \(location.fileID):\(location.line) on \
      \(identity.description), which is not a bootstrap-once box. Declare it with \
      Resettable.bootstrapOnce(default:), or install its value with set(_:).
      """
    )
  }
}
