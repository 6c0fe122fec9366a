import SharedInstances

// The isolated read and change paths: a read, a borrow or a change once isolation was used in
// the process. The core reaches them through `_IsolationHooks` only, so that a production
// binary, which never opens a scope, does not carry them. They follow the invariants stated in
// the core's `MemorySafety/MemorySafety.swift` (`_MemorySafety`), cited by number.

extension _Scope {
  /// `_Isolation.beginRead` of the core, called through the C entry the hooks install: starts a
  /// read of box `id` once isolation was used in the process, where it resolves on this thread,
  /// recording it in the scope. Not generic: the same for every box. `identity` and `global`
  /// come unretained (the box keeps them), and stay so on the common path: a debug build
  /// (where tests run) would retain and release these objects, which every test shares, on
  /// every read.
  package static func beginReadInScope(
    of id: UInt64,
    _ identity: UnsafeRawPointer,
    _ global: UnsafeRawPointer,
    _ read: inout _Read,
    missedIn missed: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> Bool {
    // Written for debug builds (where tests run): one strong reference to the scope, C calls for
    // the rest, no temporaries of class type.
    guard let scope = current, !scope.isProcessWideInstances else {
      var resolved: AnyObject? = nil
      let began = beginReadOutsideTestTasks(
        of: Unmanaged<_BoxIdentity>.fromOpaque(identity).takeUnretainedValue(),
        global: Unmanaged<_Slot>.fromOpaque(global).takeUnretainedValue(),
        &read,
        missedIn: &resolved
      )
      if let resolved { missed.pointee = Unmanaged.passRetained(resolved).toOpaque() }
      return began
    }
    // The task's binding keeps the scope alive for the whole (synchronous) read.
    if beginRead(of: id, identity, in: scope, &read) { return true }
    missed.pointee = Unmanaged.passRetained(scope).toOpaque()
    return false
  }

  /// A read from code that no test task's scope is bound to (or that carries the process-wide
  /// state): in an open process-wide scope that captures the box, or in the process-wide slot.
  private static func beginReadOutsideTestTasks(
    of identity: _BoxIdentity,
    global: _Slot,
    _ read: inout _Read,
    missedIn missed: inout AnyObject?
  ) -> Bool {
    guard current == nil, let scope = resolve(box: identity) else {
      return global.beginRead(&read, symmetric: false)
    }
    let raw = UnsafeRawPointer(Unmanaged.passUnretained(identity).toOpaque())
    guard beginRead(of: identity.id, raw, in: scope, &read) else {
      missed = scope
      return false
    }
    read.scope = .passRetained(scope)  // nothing else keeps a process-wide scope alive here
    return true
  }

  /// Finds, protects and counts in one C call (invariants 1 and 8: symmetric fences). What the
  /// scope must check about the read is left in `read`, for after it ended (invariant 13).
  private static func beginRead(
    of id: UInt64,
    _ identity: UnsafeRawPointer,
    in scope: _Scope,
    _ read: inout _Read
  ) -> Bool {
    // A read inside another read's window takes the general path (`_Slot.beginNestedRead`).
    guard let attention = read.beginInScope(scope.activeFactories, box: id) else { return false }
    // What the scope must check about the read: only where the C call raised a flag, so that a
    // debug build (where tests run) makes no further call on the common read.
    if _slowPath(attention != 0) {
      var owesCheck = attention & _Read.scopeIsBusy != 0
      if !owesCheck, attention & _Read.cellIsReal != 0 {
        if scope.isStrict {
          owesCheck = true
        } else if Unmanaged<_BoxIdentity>.fromOpaque(identity).takeUnretainedValue()
          .requiresOverrideInTests
        {
          owesCheck = true
        }
      }
      if owesCheck {
        // Checked, and reported, once the read ended: a report runs user code (invariant 13).
        read.check = .passUnretained(scope)
        read.identity = .fromOpaque(identity)
      }
    }
    return true
  }

  /// `_Scope.borrow(box:global:)` of the core, called through the hooks: borrows a box's
  /// instance where a read resolves on this thread, recording the read in the scope.
  package static func borrowInScope(
    box identity: _BoxIdentity,
    global: _Slot,
    missedIn missed: inout AnyObject?
  ) -> _ScopedBorrow? {
    guard let scope = resolve(box: identity) else {
      guard let borrow = global.beginBorrow(symmetric: false) else { return nil }
      return _ScopedBorrow(scope: nil, slot: .passUnretained(global), held: borrow)
    }
    missed = scope
    guard let slot = scope.lookup(identity.id) else { return nil }
    return slot._withUnsafeGuaranteedRef { slotRef in
      guard let borrow = slotRef.beginBorrow(symmetric: true) else { return nil }
      scope.didRead(slotRef, identity: identity, kind: borrow.kind)
      return _ScopedBorrow(scope: scope, slot: slot, held: borrow)
    }
  }

  /// Notes a read made while a factory of this scope runs, for the report of that factory's
  /// box (a factory on another thread or scope has its own frame, or none).
  func noteReadInFactory(_ identity: _BoxIdentity, _ kind: _CellKind) {
    _FactoryFrame.current?.noteRead(identity, real: kind == .real)
  }

  /// Records that `identity` was overridden in this scope.
  func noteOverride(of identity: _BoxIdentity) {
    lock.withLock {
      guard !state.pointee.ended, state.pointee.overridden[identity.id] == nil else { return }
      let isFirst = state.pointee.overridden.isEmpty
      state.pointee.overridden[identity.id] = (
        identity, _EscapedReads.scopeOverrode(identity, in: self, isFirst: isFirst)
      )
    }
  }

  /// Records a read this scope served, and reports a read of a real instance in strict mode or
  /// of a box declared `inTests: .required` (see ScopeTracking.swift).
  func didRead(_ slot: _Slot, identity: _BoxIdentity, kind: _CellKind) {
    slot.countRead(kind)
    checkRead(slot, identity: identity, kind: kind)
  }

  /// What a read this scope served may have to report: a use after the end, a read inside a
  /// factory, a read of a real instance in strict mode or of a `.required` box.
  package func checkRead(_ slot: _Slot, identity: _BoxIdentity, kind: _CellKind) {
    if _slowPath(_AtomicWord(ended).loadRelaxed() != 0) { noteLateUse(of: identity) }
    if _AtomicWord(activeFactories).loadRelaxed() > 0 { noteReadInFactory(identity, kind) }
    if kind == .real && (isStrict || identity.requiresOverrideInTests) {
      reportRealRead(slot, identity: identity, createdBy: nil)
    }
  }

  /// Creates the scope's own instance of `box` in `slot` (rare: once per box and scope): with
  /// the test target's default for the box, else the default declared with it, else its factory
  /// — never the factory of a `.required` box the scope does not exempt. Nil for an empty box
  /// with no default.
  func create<Shared>(in slot: _Slot, for box: Resettable<Shared>) -> Shared? {
    let identity = box._identity
    let exempt = tracking.exemptBoxes.contains(identity.id)
    let make: @Sendable () -> Shared
    var kind = _CellKind.testDefault
    // A default declared with the box, served where the test had to provide the instance.
    var servedInsteadOfProvided = false
    var servedPlaceholder = false
    switch _ScopeCreation(of: box, exempt: exempt, targetDefaults: tracking.testDefaults) {
    case .targetDefault(let testDefault):
      make = testDefault
    case .declaredDefault(let testDefault):
      make = testDefault
      servedInsteadOfProvided = identity.requiresOverrideInTests || box._factory == nil
    case .factory(let factory):
      if identity.requiresOverrideInTests && !exempt {
        // Never the real factory: the placeholder of the box's type, if it has one.
        guard _TestDefaults.placeholder(of: Shared.self) != nil else {
          requiredBoxHasNoTestDefault(identity)
        }
        make = { _TestDefaults.placeholder(of: Shared.self)! }
        servedPlaceholder = true
      } else {
        make = factory
        kind = .real
      }
    case .none:
      return nil
    }
    _AtomicWord(activeFactories).fetchAdd(1)
    // The frame lets strict mode name this factory when it reads another box.
    let (created, frame) = _FactoryFrame.running(identity) {
      slot.loadOrCreate(identity, kind: kind, factory: make)
    }
    _AtomicWord(activeFactories).fetchAdd(-1)
    guard let created else { return nil }
    slot.countRead(created.kind)
    // A test default is the test's value too (the system boxes' doubles among them): a read
    // that escapes the test gets the process-wide instance instead, and is warned about.
    if created.kind == .testDefault { noteOverride(of: identity) }
    if let observer = _ScopeObserver.instanceCreated.load() {
      observer(self, identity, created.kind == .real ? .real : .testDefault)
    }
    if _AtomicWord(activeFactories).loadRelaxed() > 0 { noteReadInFactory(identity, created.kind) }
    if created.kind == .real && (isStrict || identity.requiresOverrideInTests) {
      reportRealRead(slot, identity: identity, createdBy: frame)
    }
    if created.kind == .testDefault && (servedInsteadOfProvided || servedPlaceholder) {
      reportUnprovidedRead(
        slot,
        identity: identity,
        served: servedPlaceholder ? .placeholder : .testDefault
      )
    }
    return created.value
  }
}

extension _Scope {
  /// ``Resettable/_slotForChange(_:location:)`` once isolation was used, called through the
  /// hooks.
  package static func slotForChange(
    of identity: _BoxIdentity,
    global: _Slot,
    _ change: _Change,
    at location: _SourceLocation
  ) -> _Slot? {
    if let scope = _Scope.resolve(box: identity.id) {
      let slot = scope.slot(for: identity)
      if slot.isCreatingOnThisThread {
        identity.reportChangeDuringCreation("\(change.name)", at: location, in: scope)
        return nil
      }
      scope.tracking.noteChange(of: identity.id, kind: _ChangeKinds(of: change))
      // Any value the test provides (override, set, bootstrap): a read that escapes the test
      // gets the process-wide instance instead, and is warned about (`_EscapedReads`).
      if _ChangeKinds(of: change) != .reset { scope.noteOverride(of: identity) }
      return slot
    }
    _UnscopedChanges.check(
      identity,
      operation: "\(change.name)",
      location: location,
      restores: change.restores
    )
    guard let slot = global.refusingOwnChange(of: identity, change, location) else { return nil }
    _ProcessWideRecord.noteChange(identity, in: slot, change, at: location)
    return slot
  }
}

extension _Scope {
  /// `Resettable._readOrCreate(in:)` in this scope, called through the hooks.
  package func readOrCreateNow<Shared>(_ box: Resettable<Shared>) -> Shared? {
    let scope = self
    // The common case, lock-free: the scope has touched the box and holds an instance.
    if let found = scope.lookup(box._identity.id) {
      let hit: Shared? = found._withUnsafeGuaranteedRef { slot in
        guard let loaded = slot.loadWithKind(Shared.self, symmetric: true) else { return nil }
        scope.didRead(slot, identity: box._identity, kind: loaded.kind)
        return loaded.value
      }
      if let hit { return hit }
    }
    let slot = scope.slot(for: box._identity)
    if let loaded = slot.loadWithKind(Shared.self, symmetric: true) {
      scope.didRead(slot, identity: box._identity, kind: loaded.kind)
      return loaded.value
    }
    return scope.create(in: slot, for: box)
  }

  /// `Resettable._servedForEmptyRead(in:)` in this scope, called through the hooks (reachable
  /// from tests only).
  package func servedForEmptyRead<Shared>(_ box: Resettable<Shared>) -> Shared {
    let scope = self
    if let value = box._global.load(Shared.self, symmetric: false) {
      scope.reportUnprovidedRead(
        scope.slot(for: box._identity),
        identity: box._identity,
        served: .processWideInstance
      )
      return value
    }
    // Nothing the app installed either: the placeholder of the type, where it has one.
    guard let placeholder = _TestDefaults.placeholder(of: Shared.self) else {
      box._identity.emptyFailure()
    }
    scope.reportUnprovidedRead(
      scope.slot(for: box._identity),
      identity: box._identity,
      served: .placeholder
    )
    return placeholder
  }
}
