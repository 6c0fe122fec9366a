// The core, `SharedInstances`: depends on `_SharedInstancesShims` alone; every other module depends
// on it, and it reaches the isolation layer only through the `_IsolationHooks` that layer installs.

/// A box for a shared instance that tests can override and reset, with no race between any of
/// its operations.
///
/// Declare it where you would write `static let shared = Manager()`. Production code reads
/// ``value``; the instance is created lazily, exactly once, on first read. Tests replace it
/// with a double through ``override(with:fileID:filePath:line:column:)`` or
/// ``withOverride(_:fileID:filePath:line:column:operation:)``, and
/// ``reset(fileID:filePath:line:column:)`` makes the next read create a fresh instance.
///
/// Box the protocol the shared instance conforms to, so that a test's double can stand in for
/// it (a class that is not `final` can also be replaced by a subclass):
///
/// ```swift
/// protocol ArticleManaging: Sendable {
///   func refresh()
/// }
///
/// final class ArticleManager: ArticleManaging {
///   static let shared = Resettable<any ArticleManaging> { ArticleManager() }
///   func refresh() { /* … */ }
/// }
///
/// ArticleManager.shared.value.refresh()      // created lazily, once
/// ArticleManager.shared.override(with: FakeArticleManager())
/// ArticleManager.shared.reset()              // the next read creates a fresh ArticleManager
/// ```
///
/// ## Guarantees
///
/// - **Exactly once.** The factory runs at most once per generation, however many threads read
///   a cold box at the same moment. Every override or reset starts a new generation.
/// - **Linearizable.** Once ``override(with:fileID:filePath:line:column:)`` returns, every read
///   on every thread returns the override until the next change. Once
///   ``reset(fileID:filePath:line:column:)`` returns, no read returns an instance created
///   before it: a factory that was still running when the reset happened has its result
///   dropped. This closes the race of the Objective-C `dispatch_once` + `setSharedInstance:`
///   pattern.
/// - **No shared lock around your code.** A factory runs holding only its own box's creation
///   lock, so a slow factory, or one that reads other boxes, never blocks unrelated boxes.
/// - **Reentrancy stops the program.** A factory that reads its own box on the same thread
///   (directly or through other boxes' factories) stops with a message naming the box, instead
///   of deadlocking. Reentrancy through *another* thread — a factory that waits on
///   `DispatchQueue.main.sync` while the main thread reads the same box — deadlocks, exactly
///   as `dispatch_once` and `static let` do; keep factories free of such waits. A factory (or an
///   ``update(fileID:filePath:line:column:_:)`` closure) that *changes* its own box on its
///   thread is not stopped: the change is ignored and reported, and the box gets what the
///   factory returns.
/// - **Nothing is kept alive.** After a reset or an override, the box holds no reference to the
///   instance it replaced once no read or borrow of it is in progress. An instance replaced
///   while ``value`` copies it out or ``withValue(_:)`` borrows it (on this thread or another)
///   is released when the last of those ends, on the thread that ends it: a weak reference to it
///   is nil once the reads and borrows that were running when `reset()` returned have ended. A
///   reference your code stored (`let manager = Manager.shared.value`) keeps it alive, as always.
/// - **Released outside every lock.** The box releases an instance — runs its `deinit` — with no
///   lock of the library held, and never while a factory or an `update` closure of any box runs
///   on that thread (the release then waits until the outermost of them returns). So a `deinit`
///   may read, override and reset boxes, its own included, and cannot deadlock with a factory.
/// - **Memory-safe in the builds you ship.** The rules reads and changes follow are stated in one
///   place (`Sources/SharedInstances/MemorySafety/`) and do not rely on the optimizer keeping
///   code in order; a release-build torture checks them (`scripts/torture.sh`, in CI, plain and
///   under AddressSanitizer, in both fence modes).
/// - **Changes never wait for reads.** An override or reset never waits for a read or a borrow,
///   not even one running on the same thread (a `signOut()` that resets its own box).
/// - **Reads take no lock; borrows write no shared memory.** ``value`` takes no lock, but it
///   returns a strong reference: retaining it writes the instance's reference count, which every
///   reader on every core shares, exactly as reading any shared object does. ``withValue(_:)``
///   borrows the instance instead: it writes no reference count and no memory another thread
///   reads, so calls on many cores at once scale as calls on a `static let` do. Use it on hot
///   paths that run on many threads.
///
/// ## Sendable
///
/// `Resettable` is `Sendable` when `Shared` is, so `static let shared = Resettable { … }`
/// compiles as is for a `Sendable` class, an actor, or a `@MainActor` class (declare its box
/// with ``init(in:name:inTests:mainActor:fileID:filePath:line:column:)``). For a legacy class that is not
/// `Sendable`, the box hands one instance to every thread that reads it, exactly as a
/// `static let` would; Swift 6 asks you to say you accept that, once, at the declaration:
///
/// ```swift
/// final class LegacyCache { static nonisolated(unsafe) let shared = Resettable { LegacyCache() } }
/// ```
///
/// ## Tests
///
/// In a test marked `@Test(.isolatedShared)` (module `SharedInstancesTesting`) every box
/// resolves in that test's own scope: overrides and resets made in the test are invisible to
/// other tests running in parallel, and vanish when it ends. See <doc:GettingStarted>.
public class Resettable<Shared> {
  @usableFromInline package let _global: _Slot
  @usableFromInline package let _factory: (@Sendable () -> Shared)?
  @usableFromInline package let _identity: _BoxIdentity
  /// `_identity`, its identifier and `_global` as plain words, for the isolated read
  /// (`_Isolation.beginRead`): a debug build (where tests run) retains and releases a class
  /// reference it loads, and these are objects every test shares. The box keeps them alive.
  @usableFromInline let _id: UInt64
  @usableFromInline let _unretainedIdentity: UnsafeRawPointer
  @usableFromInline let _unretainedGlobal: UnsafeRawPointer
  /// What isolated tests get when they did not override the box, declared with it
  /// (Resettable+TestDefault.swift).
  package let _testDefault: (@Sendable () -> Shared)?

  /// Creates a box whose instance `factory` creates on first read.
  ///
  /// Every option is a parameter with a default, so one initializer declares every kind of box:
  /// a name for messages, a lifetime that resets it with other boxes, and what isolated tests
  /// get when they did not override it.
  ///
  /// ```swift
  /// extension ArticleManager {
  ///   static let shared = Resettable { ArticleManager(session: .shared) }
  /// }
  ///
  /// enum Payments {
  ///   static let gateway = Resettable<any PaymentGateway>(
  ///     name: "Payments.gateway",
  ///     inTests: .required(default: { UnimplementedPaymentGateway() })
  ///   ) {
  ///     LivePaymentGateway()
  ///   }
  /// }
  ///
  /// enum Session {
  ///   static let lifetime = SharedLifetime("session")
  ///   static let cart = Resettable(in: lifetime) { Cart() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to, if any:
  ///     ``SharedLifetime/end(fileID:filePath:line:column:)`` resets it with the lifetime's other
  ///     boxes.
  ///   - name: What messages, records and the map call the box; without a name they call it
  ///     by its type and where it is declared.
  ///   - policy: What isolated tests get when they did not override the box (see
  ///     ``TestPolicy``). By default they may read the real instance.
  ///   - factory: Creates the instance. It runs at most once per generation, on the thread of
  ///     the first read, holding no lock that other boxes need. It must not read this box.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  @_alwaysEmitIntoClient
  public convenience init(
    in lifetime: SharedLifetime? = nil,
    name: String? = nil,
    inTests policy: TestPolicy = .optional,
    _ factory: @escaping @Sendable () -> Shared,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      factory: factory,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      name: name,
      lifetime: lifetime,
      requiresOverrideInTests: policy._requiresOverride,
      testDefault: policy._testDefault
    )
  }

  /// Creates an empty box, for an instance with a limited lifetime (the signed-in user, the
  /// current car).
  ///
  /// The box holds nothing until ``set(_:fileID:filePath:line:column:)``;
  /// ``reset(fileID:filePath:line:column:)`` (or the end of its `lifetime`) empties it again.
  /// Read it with ``currentValue`` or ``require(fileID:filePath:line:column:)`` where it may be
  /// empty; ``value`` stops the program when it is. Inside an isolated test, the box starts
  /// empty for that test; with a test default in `policy`, a test that reads it without setting
  /// it gets the default, and fails, naming the box: the code under test read a value the test
  /// never provided.
  ///
  /// ```swift
  /// enum Session {
  ///   static let lifetime = SharedLifetime("session")
  ///   static let currentUser = Resettable<User>.empty(in: lifetime)
  /// }
  ///
  /// Session.currentUser.set(user)                // signed in
  /// let name = Session.currentUser.currentValue?.name
  /// Session.lifetime.end()                       // signed out: empty again
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: The lifetime the box belongs to, if any: its end empties the box.
  ///   - name: What messages, records and the map call the box; without a name they call it
  ///     by its type and where it is declared.
  ///   - policy: What isolated tests get when they neither set nor overrode the box.
  ///   - fileID: Where the box is declared, for messages. Leave the default.
  ///   - filePath: Where the box is declared, for test failures. Leave the default.
  ///   - line: Where the box is declared. Leave the default.
  ///   - column: Where the box is declared. Leave the default.
  /// - Returns: A box with no instance and no factory.
  @_alwaysEmitIntoClient
  public static func empty(
    in lifetime: SharedLifetime? = nil,
    name: String? = nil,
    inTests policy: TestPolicy = .optional,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Resettable {
    Resettable(
      factory: nil,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      name: name,
      lifetime: lifetime,
      requiresOverrideInTests: policy._requiresOverride,
      testDefault: policy._testDefault
    )
  }

  @usableFromInline
  init(
    factory: (@Sendable () -> Shared)?,
    location: _SourceLocation,
    name: String?,
    lifetime: SharedLifetime? = nil,
    requiresOverrideInTests: Bool = false,
    testDefault: (@Sendable () -> Shared)? = nil,
    style: _BoxStyle? = nil,
    isTestInfrastructure: Bool = false
  ) {
    // The test policy arrives taken apart, so that a program's creators (emitted into it)
    // never need the metadata of `TestPolicy`.
    _global = _Slot()
    _factory = factory
    _testDefault = testDefault
    _identity = _BoxIdentity(
      sharedType: Shared.self,
      location: location,
      requiresOverrideInTests: requiresOverrideInTests,
      name: name,
      style: style ?? (factory == nil ? .empty : .factory),
      isTestInfrastructure: isTestInfrastructure
    )
    _id = _identity.id
    _unretainedIdentity = UnsafeRawPointer(Unmanaged.passUnretained(_identity).toOpaque())
    _unretainedGlobal = UnsafeRawPointer(Unmanaged.passUnretained(_global).toOpaque())
    lifetime?.add(self)
  }

  // MARK: - Reading

  /// The shared instance, created on first read.
  ///
  /// Inside an isolated test the instance is that test's own. A read of an instance that
  /// already exists takes no lock.
  ///
  /// ```swift
  /// let articles = ArticleManager.shared.value.articles
  /// ```
  ///
  /// The read returns a strong reference, which the caller releases when done: on a path that
  /// many threads run at once, prefer ``withValue(_:)``, which borrows the instance and writes no
  /// reference count.
  ///
  /// > Important: Reading an empty box (one made with ``empty(in:name:inTests:fileID:filePath:line:column:)``
  /// > that holds nothing) stops the program with a message naming the box. Use
  /// > ``currentValue`` or ``require(fileID:filePath:line:column:)`` where the box may be
  /// > empty.
  @_alwaysEmitIntoClient @inline(__always)
  public final var value: Shared {
    // The test path first, with no local of a generic type here: a debug build (where tests
    // run) would look up `Optional<Shared>`'s metadata on entry, on every read in a test.
    if _slowPath(_ProcessWords.isolationIsActive) { return _valueSlowPath() }
    return _processWideValue()
  }

  /// `value` where no isolation was used in the process: the production read, inlined.
  @_alwaysEmitIntoClient @inline(__always)
  final func _processWideValue() -> Shared {
    if _isSingleReference(Shared.self) {
      // A class instance (decided when the client specializes this): protected, retained and
      // unprotected in one out-of-line C call (invariant 3 of `_MemorySafety`).
      if let value = _global.loadProcessWideObject(Shared.self) { return value }
    } else {
      var read = _Read()
      if _global.beginRead(&read, symmetric: false) {
        var copy = read.copy(as: Shared.self)
        read.end(after: &copy)  // invariant 3 of `_MemorySafety`
        return copy
      }
    }
    return _valueSlowPath()
  }

  /// Calls `body` with the shared instance *borrowed*: no reference to it is retained or
  /// released, so calls on many threads at once scale as calls on a `static let` do.
  ///
  /// Use it where a shared instance sits on a hot path that runs on many threads (a request
  /// handler, an image pipeline, a parser). It reads exactly like ``value``: the instance is
  /// created on first use, and inside an isolated test it is the test's own.
  ///
  /// ```swift
  /// let user = try UserStore.shared.withValue { try $0.user(id: id) }
  /// Metrics.shared.withValue { $0.increment("requests") }
  /// ```
  ///
  /// A borrow never blocks a change and never waits for one: `body` may reset or override this
  /// very box (a `signOut()` that ends its own session), and a
  /// ``reset(fileID:filePath:line:column:)`` on another thread returns at once. The instance
  /// `body` received stays alive until `body` returns; once the borrows that were running when
  /// it was replaced have ended, the box releases it (on the thread that ends the last of them).
  /// Borrows may nest, in this box or others.
  ///
  /// - Parameter body: The code that uses the instance. Don't let the instance escape it: store
  ///   ``value`` instead if you need to keep it.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @_alwaysEmitIntoClient @inline(__always)
  public final func withValue<Result, Failure: Error>(
    _ body: (Shared) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    if _fastPath(!_ProcessWords.isolationIsActive),
      let borrow = _global.beginBorrow(symmetric: false)
    {
      defer { _global.endBorrow(borrow, symmetric: false) }
      return try _Slot.withInstance(in: borrow.cell, as: Shared.self, body)
    }
    return try _withValueSlowPath(body)
  }

  // Inlinable (so specialized in the caller's module) but never inlined: a first use, a thread
  // holding many borrows at once, and every borrow once isolation was used in the process.
  @_alwaysEmitIntoClient @inline(never)
  final func _withValueSlowPath<Result, Failure: Error>(
    _ body: (Shared) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // No isolation used yet: a first use, or every borrow word of this thread is taken.
    guard _ProcessWords.isolationIsActive else { return try body(_valueSlowPath()) }
    var scope: AnyObject? = nil
    if let borrow = _Isolation.borrow(box: _identity, global: _global, missedIn: &scope) {
      defer { borrow.end() }
      return try _Slot.withInstance(in: borrow.cell, as: Shared.self, body)
    }
    // A strong reference instead, read where the borrow attempt resolved.
    return try body(_readOrServe(in: scope))
  }

  // Inlinable (so specialized in the caller's module) but never inlined: the path of a first
  // read, and of every read once isolation was used in the process.
  @_alwaysEmitIntoClient @inline(never)
  final func _valueSlowPath() -> Shared {
    guard _ProcessWords.isolationIsActive else { return _firstProcessWideRead() }
    // The common read in a test: found and protected by non-generic library code, so that a
    // debug build does little generic work here.
    var read = _Read()
    var scope: AnyObject? = nil
    if _Isolation.beginRead(of: _id, _unretainedIdentity, _unretainedGlobal, &read, &scope) {
      var copy = read.copy(as: Shared.self)
      read.end(after: &copy)  // invariant 3 of `_MemorySafety`
      return copy
    }
    return _readOrServe(in: scope)
  }

  /// A read of the process-wide instance that the inlined path could not serve: the first read
  /// (creating the instance), or one while every word of the thread is taken. Apart from the
  /// isolated read, so that a debug build's isolated read needs no `Optional<Shared>` metadata.
  @_alwaysEmitIntoClient @inline(never)
  final func _firstProcessWideRead() -> Shared {
    if let value = _readOrCreate(in: nil) { return value }
    _identity.emptyFailure()
  }

  /// Reads in `scope`, creating the instance if there is a factory or a test default; for an
  /// empty box, serves the process-wide instance or the type's placeholder in a test's scope
  /// (failing the test), and stops the program where there is nothing to serve.
  @_alwaysEmitIntoClient
  final func _readOrServe(in scope: AnyObject?) -> Shared {
    if let value = _readOrCreate(in: scope) { return value }
    guard let scope else { _identity.emptyFailure() }
    return _servedForEmptyRead(in: scope)
  }

  /// An empty box read in a test's scope (or by work that outlived the test): the test fails,
  /// and is served the process-wide instance if there is one, else the placeholder of the type
  /// if it has one (`SpyPlaceholder`). With neither, no value exists to serve, and the program
  /// stops with a message naming the box and the test.
  @usableFromInline
  final func _servedForEmptyRead(in scope: AnyObject) -> Shared {
    _Isolation.hooks.servedForEmptyRead(self, in: scope)
  }

  /// Reads in the scope that applies here, creating the instance if there is a factory.
  @_alwaysEmitIntoClient
  final func _readOrCreate() -> Shared? {
    _readOrCreate(in: _ProcessWords.isolationIsActive ? _Isolation.resolve(box: _identity) : nil)
  }

  /// Reads in `scope` (already resolved), or in the process-wide instance when it is nil.
  @_alwaysEmitIntoClient
  final func _readOrCreate(in scope: AnyObject?) -> Shared? {
    if let scope { return _readOrCreateInScope(scope) }
    if let value = _global.load(Shared.self, symmetric: false) { return value }
    return _global.loadOrCreate(_identity, factory: _factory)?.value
  }

  /// Reads in `scope`, through the hooks: the isolated read path is out of the reach of
  /// production code, which never opens a scope.
  @usableFromInline
  final func _readOrCreateInScope(_ scope: AnyObject) -> Shared? {
    _Isolation.hooks.readOrCreate(self, in: scope)
  }

  /// The instance if there is one, without creating it.
  ///
  /// Use it for boxes with a limited lifetime, and wherever reading must not have the side
  /// effect of creating the instance.
  ///
  /// ```swift
  /// if let user = Session.currentUser.currentValue {
  ///   greeting = "Hello, \(user.name)"
  /// }
  /// ```
  @_alwaysEmitIntoClient
  public final var currentValue: Shared? {
    if _ProcessWords.isolationIsActive,
      let slot = _Isolation.slotHere(of: _identity, countingRead: true)
    {
      return slot.load(Shared.self, symmetric: true)
    }
    return _global.load(Shared.self, symmetric: false)
  }

  /// Returns the shared instance, creating it if the box has a factory, or throws when the box
  /// is empty.
  ///
  /// ```swift
  /// func showProfile() throws {
  ///   let user = try Session.currentUser.require()
  ///   render(user)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The caller's location, for the error. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  /// - Returns: The instance.
  /// - Throws: ``EmptySharedInstanceError`` when the box has no factory and nothing was set.
  @_alwaysEmitIntoClient
  public final func require(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws(EmptySharedInstanceError) -> Shared {
    if let value = _readOrCreate() { return value }
    throw _identity.emptyError(fileID: fileID, line: line)
  }

  /// Whether the instance that reads return is a test double: one set with
  /// ``override(with:fileID:filePath:line:column:)``, or inside an isolated test the box's test
  /// default.
  ///
  /// It is false for a created instance, for one installed with
  /// ``set(_:fileID:filePath:line:column:)`` or ``BootstrapOnce/bootstrap(_:fileID:filePath:line:column:)``,
  /// and for an empty box. Inside an isolated test it describes the test's own state: a box
  /// with a test default (``init(in:name:inTests:_:fileID:filePath:line:column:)``,
  /// ``empty(in:name:inTests:fileID:filePath:line:column:)``, or one the test target declared) that
  /// the test did not provide is overridden, before and after the read that creates the default,
  /// as `touchedInstances` (an overridden read) and the dependency map ("Overridden by") count
  /// it.
  ///
  /// ```swift
  /// #expect(ArticleManager.shared.isOverridden == false)
  /// ArticleManager.shared.override(with: FakeArticleManager())
  /// #expect(ArticleManager.shared.isOverridden)
  /// ```
  public final var isOverridden: Bool {
    // In a scope, an override or the box's test default (`_SharedInstancesIsolation`).
    guard _ProcessWords.isolationIsActive else { return _global.isOverridden }
    return _Isolation.hooks.servesTestDouble(self)
  }

  // MARK: - Changing

  /// Replaces the instance with a test double until the next override or reset.
  ///
  /// Once this returns, every read on every thread returns `replacement`. The replaced
  /// instance is released. Inside an isolated test the override belongs to that test alone and
  /// ends with it.
  ///
  /// An override is marked as a test double: ``isOverridden`` is true until the next change.
  /// ``set(_:fileID:filePath:line:column:)`` replaces the instance the same way, on a box with a
  /// factory too, but installs the app's own kind of instance: ``isOverridden`` stays false.
  /// Inside an isolated test a value given to `set` is one the test provided: strict mode does
  /// not fail its reads, and the test's dependency record lists the box as "sets", not as a
  /// read of the real instance. Use `override` for doubles and `set` for the app's own
  /// instances (a signed-in user, a configuration).
  ///
  /// ```swift
  /// @Test(.isolatedShared) func showsArticles() {
  ///   ArticleManager.shared.override(with: FakeArticleManager(articles: [.sample]))
  ///   #expect(ArticleListModel().titles == ["Sample"])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - replacement: The instance every read returns from now on.
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  @_alwaysEmitIntoClient
  public final func override(
    with replacement: Shared,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    _slotForChange(
      .override,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )?.store(replacement, isOverride: true)
  }

  /// Installs a real instance: for a box with a limited lifetime, the start of that lifetime.
  ///
  /// Unlike ``override(with:fileID:filePath:line:column:)``, the instance does not count as a
  /// test double: ``isOverridden`` stays false, also on a box with a factory, where `set`
  /// replaces the created instance (or takes the place of the one the factory would create).
  /// The replaced instance is released. To install an instance only if there is none, use
  /// ``setIfEmpty(_:fileID:filePath:line:column:)``. On a ``BootstrapOnce`` box, `set` is the
  /// box's bootstrap: it counts as its one bootstrap, like
  /// ``BootstrapOnce/bootstrap(_:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// func didSignIn(as user: User) {
  ///   Session.currentUser.set(user)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - instance: The instance every read returns from now on.
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  @_alwaysEmitIntoClient
  public final func set(
    _ instance: Shared,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    _setIsBootstrap(at: location)
    _slotForChange(.set, location: location)?.store(instance, isOverride: false)
  }

  /// Drops the instance or override: the next read creates a fresh instance (or, for an empty
  /// box, finds it empty).
  ///
  /// Once this returns, no read returns an instance created before it, and the box holds no
  /// reference to the instance it dropped.
  ///
  /// ```swift
  /// func didSignOut() {
  ///   Session.currentUser.reset()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The caller's location, for misuse reports. Leave the default.
  ///   - filePath: The caller's location. Leave the default.
  ///   - line: The caller's location. Leave the default.
  ///   - column: The caller's location. Leave the default.
  @_alwaysEmitIntoClient
  public final func reset(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    _slotForChange(
      .reset,
      location: _SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )?.clear()
  }

  /// The slot a change applies to here, reporting a change outside every scope that leaks into
  /// other tests (see `_UnscopedChanges`); nil when the change is refused because this box's own
  /// factory or `update(_:)` closure makes it, on this thread (reported: the change would make
  /// the result being made stale, and the factory would run again forever).
  @usableFromInline
  final func _slotForChange(_ change: _Change, location: _SourceLocation) -> _Slot? {
    guard _ProcessWords.isolationIsActive else {
      let slot = _global.refusingOwnChange(of: _identity, change, location)
      if slot != nil { _ProcessWideRecord.noteChange(_identity, in: _global, change, at: location) }
      return slot
    }
    return _Isolation.hooks.slotForChange(of: _identity, global: _global, change, at: location)
  }
}

extension _Slot {
  /// This process-wide slot, or nil when the change is refused because the box's own factory
  /// or `update(_:)` closure makes it, on this thread (reported once per box).
  package func refusingOwnChange(
    of identity: _BoxIdentity,
    _ change: _Change,
    _ location: _SourceLocation
  ) -> _Slot? {
    guard isCreatingOnThisThread else { return self }
    identity.reportChangeDuringCreation("\(change.name)", at: location, in: nil)
    return nil
  }
}

extension Resettable: @unchecked Sendable where Shared: Sendable {}
// @unchecked: all mutable state lives in `_Slot`s, which guard it with atomics and locks.

extension Resettable: CustomStringConvertible {
  /// The box's type and where it is declared, e.g.
  /// `Resettable<ArticleManager> (declared at App/ArticleManager.swift:3)`, or
  /// `BootstrapOnce<MetricsFactory> (declared at …)` for a bootstrap-once box.
  ///
  /// Every message the library prints or reports about a box starts with this description.
  ///
  /// ```swift
  /// print(ArticleManager.shared)
  /// // Resettable<ArticleManaging> (declared at App/ArticleManager.swift:6)
  /// ```
  public var description: String { _identity.description }
}
