#if canImport(Dispatch)
  import Dispatch
#endif

extension Resettable where Shared: Sendable {
  /// Creates a box for a `@MainActor` class, whose factory runs on the main actor.
  ///
  /// A `@MainActor` class is `Sendable`, so its box can be a `static let`; the factory is
  /// isolated to the main actor, so the first read must happen there. Later reads, from any
  /// thread, return the created instance. A `static let` declared inside the `@MainActor` class
  /// is itself isolated to the main actor: declare it `nonisolated` for code elsewhere to read.
  /// The other options are those of ``init(in:name:inTests:_:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// @MainActor final class Router {
  ///   static let shared = Resettable(mainActor: { Router() })
  /// }
  ///
  /// @MainActor final class ProfileCoordinator {
  ///   nonisolated static let shared = Resettable(
  ///     in: Session.lifetime,
  ///     mainActor: { ProfileCoordinator() }
  ///   )
  /// }
  /// ```
  ///
  /// > Important: The first read (the one that runs the factory) must happen on the main
  /// > actor. A first read anywhere else stops the program with a message naming the box (and
  /// > the running test). In a Swift Testing test's isolated scope it fails the test instead,
  /// > and the instance is created on the main actor.
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to, if any.
  ///   - name: What messages, records and the map call the box; without a name they call it
  ///     by its type and where it is declared.
  ///   - policy: What isolated tests get when they did not override the box.
  ///   - factory: Creates the instance on the main actor.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  @_alwaysEmitIntoClient
  public convenience init(
    in lifetime: SharedLifetime? = nil,
    name: String? = nil,
    inTests policy: TestPolicy = .optional,
    mainActor factory: @escaping @MainActor @Sendable () -> Shared,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(
      factory: Self._onMainActor(factory, name: name, location: location),
      location: location,
      name: name,
      lifetime: lifetime,
      requiresOverrideInTests: policy._requiresOverride,
      testDefault: policy._testDefault
    )
  }

  /// `factory`, run on the main actor: a first read elsewhere stops the program (or, in a Swift
  /// Testing test's scope, fails the test and creates the instance on the main actor).
  ///
  /// Emitted in the caller's module, so that a program without such a box carries none of it;
  /// the message is built by the non-generic `_MainActorFactory.firstReadOffMainActor`.
  @_alwaysEmitIntoClient
  static func _onMainActor(
    _ factory: @escaping @MainActor @Sendable () -> Shared,
    name: String?,
    location: _SourceLocation
  ) -> @Sendable () -> Shared {
    {
      if _MainQueue.isCurrent { return MainActor.assumeIsolated { factory() } }
      _MainActorFactory.firstReadOffMainActor(Shared.self, name: name, location: location)
      return _MainQueue.runOnMainActor(factory)
    }
  }
}

/// Where a `@MainActor` factory first read off the main actor can keep the run alive.
@usableFromInline
enum _MainActorFactory {
  /// Inside a Swift Testing test's scope, where the main actor is not blocked by the test (it
  /// awaits) and the main queue is drained: wait for the factory to run there. Elsewhere (an
  /// XCTest test, which blocks the main thread; production) it stops the program.
  static var canHopToMainActor: Bool {
    _ProcessWords.isolationIsActive && _Isolation.hooks.runsInScopeOfTestTask()
  }

  /// A box of `type` (named `name`, declared at `location`) with a `@MainActor` factory was
  /// first read off the main actor: stops the program, or where the factory can run on the main
  /// actor instead (`canHopToMainActor`), fails the test and returns, for the caller to run it
  /// there.
  @usableFromInline
  static func firstReadOffMainActor(
    _ type: Any.Type,
    name: String?,
    location: _SourceLocation
  ) {
    let message = """
      \(_BoxIdentity.description(of: type, name: name, location: location)) has a @MainActor \
      factory but was first read off the main actor. Read it first from the main actor (for \
      example in the app's start-up or a @MainActor test), or override it in the test.
      """
    guard canHopToMainActor else { _ProcessStop.stop(message) }
    // In a test's scope every test gets a fresh box, so reading it first at start-up cannot
    // protect tests: report, and create it on the main actor to keep the run alive.
    _Diagnostics.report(
      _Diagnostic(
        message: message + " The test goes on: the instance was created on the main actor for it.",
        location: location
      )
    )
  }
}

/// Whether the caller runs on the main actor, without trapping when it does not.
///
/// On Apple platforms that is the main thread. On Linux the main queue, which the main actor
/// runs on, may be drained by a worker thread (Swift Testing does so), so the main queue is
/// marked and recognized by a queue-specific value as well.
///
/// Where Dispatch is missing (WASI), the main thread is the only one.
@usableFromInline
enum _MainQueue {
  #if canImport(Dispatch)
    private static let key: DispatchSpecificKey<UInt8> = {
      let key = DispatchSpecificKey<UInt8>()
      DispatchQueue.main.setSpecific(key: key, value: 1)
      return key
    }()

    @usableFromInline static var isCurrent: Bool {
      _Platform.isMainThread || DispatchQueue.getSpecific(key: key) != nil
    }

    /// Runs `factory` on the main actor, waiting for the main queue.
    @_alwaysEmitIntoClient
    static func runOnMainActor<Shared: Sendable>(
      _ factory: @MainActor @Sendable () -> Shared
    ) -> Shared {
      DispatchQueue.main.sync { MainActor.assumeIsolated { factory() } }
    }
  #else
    @usableFromInline static var isCurrent: Bool { _Platform.isMainThread }

    /// Runs `factory` on the main actor: the caller's thread, the only one.
    @_alwaysEmitIntoClient
    static func runOnMainActor<Shared: Sendable>(
      _ factory: @MainActor @Sendable () -> Shared
    ) -> Shared {
      MainActor.assumeIsolated { factory() }
    }
  #endif
}
