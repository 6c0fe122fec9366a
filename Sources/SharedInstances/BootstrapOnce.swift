/// A box for a system the program configures once at start-up: the shape of a logging, metrics
/// or tracing facade.
///
/// It is a ``Resettable`` whose reads return the system's default (a no-op backend, a console
/// logger), created on first read, until the program calls
/// ``bootstrap(_:fileID:filePath:line:column:)``. Only this type has `bootstrap`: the compiler
/// rejects it on an ordinary box. A second bootstrap stops the program with a message naming the
/// box and where it was first bootstrapped, as `LoggingSystem.bootstrap` and
/// `MetricsSystem.bootstrap` do.
///
/// Every use is a read of ``Resettable/value`` (or ``Resettable/withValue(_:)``), so tests see
/// the dependency: inside an isolated test the box starts from the default again, each test
/// bootstraps its own backend (tests that run in parallel never see each other's), and a strict
/// test that forgot to bootstrap fails, told to bootstrap it.
///
/// ```swift
/// public enum MetricsSystem {
///   static let factory = BootstrapOnce<any MetricsFactory>(name: "MetricsSystem.factory") {
///     NoOpMetricsFactory()
///   }
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
/// ## Set, override and reset
///
/// - ``Resettable/set(_:fileID:filePath:line:column:)`` on a bootstrap-once box *is* a
///   bootstrap: it counts as the box's one bootstrap (``isBootstrapped`` is true afterwards, and
///   a later `bootstrap` or `set` stops the program, or fails the test), so that no path installs
///   a second system unnoticed. Call `bootstrap(_:)`, which says what it does.
/// - ``Resettable/override(with:fileID:filePath:line:column:)`` installs a test double, as on
///   every box; it is not a bootstrap.
/// - ``Resettable/reset(fileID:filePath:line:column:)`` makes reads return the default again,
///   but the program still counts as bootstrapped.
public final class BootstrapOnce<Shared>: Resettable<Shared> {
  /// Creates a bootstrap-once box whose reads return the default until it is bootstrapped.
  ///
  /// ```swift
  /// static let factory = BootstrapOnce<any MetricsFactory>(name: "MetricsSystem.factory") {
  ///   NoOpMetricsFactory()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: What messages, records and the map call the box, such as
  ///     `"MetricsSystem.factory"`.
  ///   - makeDefault: Creates the system's default, which reads return until the bootstrap.
  ///     It runs at most once per generation, like a factory, and must not read this box.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  @_alwaysEmitIntoClient
  public convenience init(
    name: String? = nil,
    default makeDefault: @escaping @Sendable () -> Shared,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      makeDefault,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      name: name
    )
  }

  @usableFromInline
  init(_ makeDefault: @escaping @Sendable () -> Shared, location: _SourceLocation, name: String?) {
    super.init(factory: makeDefault, location: location, name: name, style: .bootstrap)
  }

  /// Installs the system's value, once per program: every read returns `instance` from now on.
  ///
  /// Call it at start-up, before the code that reads the box runs (reads before it got the
  /// default). In the program, a second bootstrap stops it with a message naming the box and
  /// where it was first bootstrapped: a system configured twice is a bug to fix, not a state to
  /// run on.
  ///
  /// Inside an isolated test the bootstrap is the test's own: tests running in parallel each
  /// bootstrap their own backend, and none of them, nor the program's bootstrap, is seen by
  /// another test. A second bootstrap in one test fails that test (and installs the second
  /// value, so the test runs on).
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
  /// A library that wraps the box (a system's own `bootstrap` function) forwards its caller's
  /// location, so that a failure points at the caller's line, not into the library. Its
  /// callers need no change: the location parameters come last, with defaults, so
  /// `MetricsSystem.bootstrap(factory)` compiles as before and now passes its own line:
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
  /// Without forwarding, both bootstraps are at the library's line: the stop says that they went
  /// through that one line, and how to have the callers named.
  ///
  /// - Parameters:
  ///   - instance: The value every read returns from now on.
  ///   - fileID: The caller's location, for the failure of a second bootstrap. Leave the
  ///     default, or forward your caller's.
  ///   - filePath: The caller's location. Leave the default, or forward your caller's.
  ///   - line: The caller's location. Leave the default, or forward your caller's.
  ///   - column: The caller's location. Leave the default, or forward your caller's.
  @_alwaysEmitIntoClient
  public func bootstrap(
    _ instance: Shared,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    _Bootstraps.claim(_identity, at: location)
    _slotForChange(.bootstrap, location: location)?.store(instance, isOverride: false)
  }

  /// Whether the box was bootstrapped (by ``bootstrap(_:fileID:filePath:line:column:)`` or a
  /// `set`): in an isolated test, by that test (or the scope it is nested in); elsewhere, by the
  /// program.
  ///
  /// A ``Resettable/reset(fileID:filePath:line:column:)`` makes reads return the default
  /// again, but the program still counts as bootstrapped: a second bootstrap stops it all the
  /// same.
  ///
  /// ```swift
  /// if !MetricsSystem.factory.isBootstrapped {
  ///   MetricsSystem.factory.bootstrap(ConsoleMetricsFactory())
  /// }
  /// ```
  @_alwaysEmitIntoClient
  public var isBootstrapped: Bool { _Bootstraps.isBootstrapped(_identity) }
}

// @unchecked: it adds no state to the `Resettable` it is, whose slots guard theirs.
extension BootstrapOnce: @unchecked Sendable where Shared: Sendable {}

extension Resettable {
  /// A `set` on a bootstrap-once box is its bootstrap (see ``BootstrapOnce``).
  @_alwaysEmitIntoClient
  final func _setIsBootstrap(at location: _SourceLocation) {
    _Bootstraps.claimIfBootstrapOnce(_identity, at: location)
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
/// code into every program.
@usableFromInline
enum _Bootstraps {
  /// Guards `_BoxIdentity.bootstrapLocation` of every box.
  static let lock = _Mutex()

  /// Counts a bootstrap of the box at `location`: in a scope, the scope's own (a second one is
  /// reported there, by `_SharedInstancesIsolation`); elsewhere, the program's, which stops the
  /// program if it is the second.
  @usableFromInline
  static func claim(_ identity: _BoxIdentity, at location: _SourceLocation) {
    if _ProcessWords.isolationIsActive,
      _Isolation.hooks.bootstrapInScope(of: identity, at: location)
    {
      return
    }
    claimForProgram(identity, at: location)
  }

  /// `claim`, for a `set` of any box: only a bootstrap-once box's counts.
  @usableFromInline
  static func claimIfBootstrapOnce(_ identity: _BoxIdentity, at location: _SourceLocation) {
    if identity.style == .bootstrap { claim(identity, at: location) }
  }

  /// Whether the box was bootstrapped: in a scope, by the scope; elsewhere, by the program.
  @usableFromInline
  static func isBootstrapped(_ identity: _BoxIdentity) -> Bool {
    if _ProcessWords.isolationIsActive,
      let inScope = _Isolation.hooks.isBootstrappedInScope(identity)
    {
      return inScope
    }
    return location(of: identity) != nil
  }

  /// Records the program's bootstrap of `identity`; stops the program if it is the second.
  static func claimForProgram(_ identity: _BoxIdentity, at location: _SourceLocation) {
    let first: _SourceLocation? = lock.withLock {
      if let first = identity.bootstrapLocation { return first }
      identity.bootstrapLocation = location
      return nil
    }
    guard let first else { return }
    _ProcessStop.stop(
      """
      \(identity.description) can only be bootstrapped once per process: \
      \(sites(again: location, first: first)) Bootstrap the system once, at start-up; in tests, \
      bootstrap it inside an isolated test (@Test(.isolatedShared)), where each test has its \
      own.
      """
    )
  }

  /// Where the two bootstraps were made. Both at one line is a function that bootstraps the box
  /// for its callers (a facade's `bootstrap`) without forwarding their location: that line names
  /// neither caller, so the message says how to find them.
  static func sites(again: _SourceLocation, first: _SourceLocation) -> String {
    guard "\(again.fileID)" == "\(first.fileID)", again.line == first.line else {
      return """
        it was bootstrapped again at \(again.fileID):\(again.line), and first bootstrapped at \
        \(first.fileID):\(first.line).
        """
    }
    return """
      it was bootstrapped twice, both times through \(again.fileID):\(again.line), a function \
      that bootstraps it for its callers (such as a system's bootstrap function) without \
      passing on where it was called from, so that line names neither caller. The backtrace \
      below, if the runtime prints one, shows this second caller; to have both named, let that \
      function take `fileID: StaticString = #fileID, filePath: StaticString = #filePath, \
      line: UInt = #line, column: UInt = #column` and pass them to bootstrap(_:) (its callers \
      compile unchanged).
      """
  }

  static func location(of identity: _BoxIdentity) -> _SourceLocation? {
    lock.withLock { identity.bootstrapLocation }
  }
}
