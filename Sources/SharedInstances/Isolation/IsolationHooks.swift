import _SharedInstancesShims

/// What the core asks of the isolation and diagnostics machinery, which lives in the module
/// `_SharedInstancesIsolation` so that a production binary, which never opens a scope, does not
/// carry it.
///
/// The core calls these only once isolation was used in the process (`_ProcessWords.isolationIsActive`),
/// that is after a scope was created; creating one installs them first
/// (``_Isolation/install(_:)``). The reports are rare, so a call through the existential costs
/// nothing that matters.
package protocol _IsolationHooks: AnyObject, Sendable {
  // The isolated read and change paths: production code reaches them only through here, so
  // that a binary that never opens a scope does not carry them (the linker drops them).
  // A scope is opaque to the core (`_ScopeObject`): every `scope` below is a `_Scope`.

  /// `_Isolation.borrow(box:global:missedIn:)`.
  func borrow(
    box identity: _BoxIdentity,
    global: _Slot,
    missedIn scope: inout AnyObject?
  ) -> _ScopedBorrow?

  /// A read of `box` in `scope`, creating the scope's instance if there is none.
  func readOrCreate<Shared>(_ box: Resettable<Shared>, in scope: AnyObject) -> Shared?

  /// What a read of the empty `box` in `scope` is served.
  func servedForEmptyRead<Shared>(_ box: Resettable<Shared>, in scope: AnyObject) -> Shared

  /// Whether reads of `box` here return a test double (`Resettable.isOverridden`).
  func servesTestDouble<Shared>(_ box: Resettable<Shared>) -> Bool

  /// The checks a read `scope` served owes once it ended (invariant 13 of `_MemorySafety`).
  func checkRead(in scope: AnyObject, _ slot: _Slot, identity: _BoxIdentity, kind: _CellKind)

  /// The slot a change applies to once isolation was used; nil when the change is refused.
  func slotForChange(
    of identity: _BoxIdentity,
    global: _Slot,
    _ change: _Change,
    at location: _SourceLocation
  ) -> _Slot?

  /// The slot of `identity` where reads resolve on this thread: the scope's (created on first
  /// touch), or nil for the process-wide one. `countingRead`: resolved as a read is (escaped
  /// reads, quiet periods).
  func slotHere(of identity: _BoxIdentity, countingRead: Bool) -> _Slot?

  // Scopes.

  /// The scope a read of `identity` resolves in on this thread, counted as a read (escaped
  /// reads, quiet periods): `_Scope.resolve(box:)`. Nil: the process-wide state.
  func resolve(box identity: _BoxIdentity) -> AnyObject?

  /// The scope code on this thread runs in (`_Scope.resolveForCapture()`).
  func scopeForCapture() -> _ScopeObject?

  /// The marker bound by a `SharedScope` captured outside every scope
  /// (`_Scope.processWideInstances`).
  var processWideInstances: _ScopeObject { get }

  /// The name of the scope code on this thread runs in, for reports; nil outside scopes.
  func nameOfScopeForCapture() -> String?

  /// Whether this thread runs in a scope, in a task of a test (`_MainActorFactory`).
  func runsInScopeOfTestTask() -> Bool

  /// The test defaults of the test target of the scope bound to this task, if any.
  func testDefaultsOfCurrentScope() -> _TestDefaults.Registry?

  /// Reports `diagnostic` in `scope`'s test.
  func report(_ diagnostic: _Diagnostic, in scope: AnyObject)

  // Bootstrap-once boxes and lifetimes.

  /// Handles `bootstrap(_:)` of `identity` where it resolves: returns false outside scopes
  /// (the program's bootstrap, claimed once), reports a second bootstrap in a scope.
  func bootstrapInScope(of identity: _BoxIdentity, at location: _SourceLocation) -> Bool

  /// Whether the scope `identity` resolves in (or one it is nested in) bootstrapped it; nil
  /// outside scopes.
  func isBootstrappedInScope(_ identity: _BoxIdentity) -> Bool?

  /// Whether ending a lifetime must leave `identity` alone: it resolves in a scope that, like
  /// the scopes it nests in, never touched it.
  func isUntouchedInScope(_ identity: _BoxIdentity) -> Bool
}

/// An isolated scope as the core holds it: opaque (a `_Scope` of `_SharedInstancesIsolation`),
/// so that a production binary carries none of a scope's state.
package typealias _ScopeObject = any AnyObject & Sendable

/// The scope bound to the running task (the task-local `_Scope.current` of
/// `_SharedInstancesIsolation` reads it).
package enum _CurrentScope {
  @TaskLocal package static var scope: _ScopeObject?

  /// The scope bound in ``scope`` for the running task (or thread), unretained: nil where none
  /// is bound. Valid while the binding is, which outlasts any synchronous code that runs in it.
  ///
  /// What `scope`'s getter finds, without its generic copy: every read of a box in a test asks,
  /// and tests run in debug builds, where `TaskLocal.get()` copies the value through its value
  /// witnesses and retains and releases it, several times the cost of the lookup itself. The
  /// lookup is the one `TaskLocal.get()` makes (the runtime's `swift_task_localValueGet`, keyed
  /// by the `TaskLocal` object); a bound `_ScopeObject?` is one object pointer, or null.
  package static var unretainedScope: UnsafeMutableRawPointer? {
    guard let value = _taskLocalValue(key) else { return nil }
    // Not generic (`load(as:)` is, in a debug build): the binding's one word.
    return si_ptr_load_relaxed(value)
  }

  /// The key of ``scope``'s bindings: the address of its `TaskLocal` object, which lives as
  /// long as the process. An integer, so that a debug build loads it without retaining the
  /// object.
  private static let key: UInt = {
    // `unretainedScope` reads a binding as one word: a class-bound existential with no witness
    // table, or null.
    precondition(MemoryLayout<_ScopeObject?>.size == MemoryLayout<UnsafeRawPointer?>.size)
    return UInt(bitPattern: Unmanaged.passUnretained($scope).toOpaque())
  }()
}

/// The storage of the innermost binding of the task-local whose `TaskLocal` object is `key`, in
/// the running task (or, outside tasks, the thread), or nil where it is not bound: the Swift
/// runtime's lookup, which `TaskLocal.get()` calls.
/// `key` is the object's address (a pointer-sized argument either way).
@_silgen_name("swift_task_localValueGet")
private func _taskLocalValue(_ key: UInt) -> UnsafeMutablePointer<UnsafeMutableRawPointer?>?

/// Where the core finds the isolation layer: `_SharedInstancesIsolation` installs its hooks
/// here before it creates its first scope, the only way the core's isolated paths are reached.
@usableFromInline
package enum _Isolation {
  /// The hooks, in an object so that one atomic word publishes them.
  private final class Installed: Sendable {
    let hooks: any _IsolationHooks
    init(_ hooks: any _IsolationHooks) { self.hooks = hooks }
  }

  private static let installed = _PublishedOnce<Installed>()

  /// Installs the isolation layer's hooks; the first installation wins, later ones are ignored.
  package static func install(_ hooks: any _IsolationHooks) {
    installed.publish(Installed(hooks))
  }

  /// The installed hooks. Only a scope sets the flag the core checks before it asks, and a
  /// scope installs them first; without them the program stops.
  package static var hooks: any _IsolationHooks {
    // The word read here, not through `installed.value`: every read in a test comes here, and
    // in a debug build (where tests run) that getter's `Optional.map`, its closure and the
    // generic metadata they look up cost more than the rest.
    guard let raw = si_ptr_load_acquire(installed.pointer) else {
      _ProcessStop.now(
        """
        SharedInstances: an isolated path ran before the isolation layer was installed. \
        Depend on SharedInstancesTesting where scopes are used.
        """
      )
    }
    return Unmanaged<Installed>.fromOpaque(raw).takeUnretainedValue().hooks
  }

  /// The scope a read of `identity` resolves in on this thread (nil: the process-wide state).
  /// Call only once isolation was used.
  @usableFromInline
  static func resolve(box identity: _BoxIdentity) -> AnyObject? {
    hooks.resolve(box: identity)
  }

  /// `_IsolationHooks.slotHere(of:countingRead:)`. Call only once isolation was used.
  @usableFromInline
  static func slotHere(of identity: _BoxIdentity, countingRead: Bool) -> _Slot? {
    hooks.slotHere(of: identity, countingRead: countingRead)
  }
}
