// The isolation layer, `_SharedInstancesIsolation`: depends on the core and installs its
// `_IsolationHooks` there; the test-support modules depend on it, production code never links it.

import SharedInstances

/// The isolated state of every box for one test (or one `withIsolatedShared` call).
///
/// A scope starts empty: a box read in it creates the scope's own instance, as if the app had
/// just launched. A nested scope starts from its parent's instances and overrides. The task that
/// runs the test binds the scope in `_Scope.current`; a process-wide scope is also published in
/// `_Scope.processWide`, where reads from threads outside the test's tasks find it.
///
/// A read finds its box's slot without locking, through `_SlotIndex`; the lock is taken only the
/// first time a scope touches a box. Cost: creating a scope is O(1); ending it is O(boxes it
/// touched), with no lock and no system call that other scopes take: the scope's state stays as
/// the test left it, for work that outlives the test, and its slots release their instances when
/// the scope itself is released, without a hazard scan (invariant 9 of `_MemorySafety`).
@usableFromInline
package final class _Scope: @unchecked Sendable {
  // @unchecked: `state` is only accessed while `lock` is held; `index`, `activeFactories`,
  // `draining` and `ended` are only accessed atomically; everything else is immutable.

  /// The scope bound to the running task (`_CurrentScope.$scope.withValue(scope) { … }`): the
  /// core keeps the task-local, opaque, and only `_Scope`s are ever bound in it.
  package static var current: _Scope? {
    // Every read in a test comes here, and tests run in debug builds: no generic copy of the
    // binding (`_CurrentScope.unretainedScope`), no checked cast (only `_Scope`s are ever bound
    // in `_CurrentScope.scope`).
    guard let scope = _CurrentScope.unretainedScope else { return nil }
    return Unmanaged<_Scope>.fromOpaque(scope).takeUnretainedValue()
  }

  /// The scope bound by running in a `SharedScope` captured outside every scope: it stands for
  /// the process-wide instances, so that code carrying it never resolves in an open
  /// process-wide test's scope.
  package static let processWideInstances = _Scope(marker: ())

  /// The open process-wide scopes, oldest first: threads outside any test task read through the
  /// newest. Usually one (the gate runs process-wide tests alone); nested ones stack.
  package static let processWide = Protected<[_Scope]>([])

  /// Tells whether the current task belongs to a test (installed by `SharedInstancesTesting`).
  package static let runsInTestTask = Protected<(@Sendable () -> Bool)?>(nil)

  package let name: String
  package let parent: _Scope?
  @usableFromInline package let isStrict: Bool
  package let isProcessWide: Bool
  /// Whether threads outside test tasks resolve every box here, not only the touched ones
  /// (XCTest, which runs one test at a time in a process).
  package let capturesEveryBox: Bool
  package let report: @Sendable (_Diagnostic) -> Void
  /// Boxes exempt from strict mode, and the changes the scope made: see ScopeTracking.swift.
  package let tracking: _ScopeTracking
  /// What the outermost scope holds to run alongside other tests (owned by
  /// `SharedInstancesTesting`), shared with the scopes nested in it.
  package let gateHold: (any Sendable & AnyObject)?
  /// Whether the test this scope runs has failed so far (`TestOutcome`, owned by the testing
  /// modules), shared with the scopes nested in it: carried by the scope, so that a test binds
  /// one task-local value, not two.
  package let outcome: (any Sendable & AnyObject)?
  /// Whether this is ``processWideInstances``, not a scope.
  @usableFromInline package let isProcessWideInstances: Bool

  package struct Entry {
    package let slot: _Slot
    package let identity: _BoxIdentity
  }

  /// What `lock` guards. Kept behind a pointer so that accesses pay no exclusivity checks.
  package struct State {
    /// Every box touched, in order of first touch.
    package var entries: [Entry] = []
    /// Indexes replaced by a larger one: kept until the scope is released, because lock-free
    /// readers may still be looking at them.
    var retiredIndexes: [_SlotIndex] = []
    /// The index whose table `table` publishes.
    var currentIndex = _SlotIndex(capacity: 16)
    package var ended = false
    /// How many entries the scope had when it ended: the boxes the test itself touched.
    package var touchedBeforeEnd = 0
    /// Boxes whose use after the end was reported (once per box).
    package var reportedLateUses: Set<UInt64> = []
    /// Boxes overridden in this scope before it ended, with the box's count of escaped reads
    /// at that moment (for `_EscapedReads`).
    package var overridden: [UInt64: (identity: _BoxIdentity, escapedReadsBefore: Int)] = [:]
    /// Boxes whose escaped read this scope reported (once per box).
    package var reportedEscapes: Set<UInt64> = []
    /// Reads from outside the test's tasks during the quiet period, by box, in order.
    package var readsWhileDraining: [(identity: _BoxIdentity, count: Int)] = []
    package var readsWhileDrainingTotal = 0
  }

  package let lock = _Mutex()
  package let state: UnsafeMutablePointer<State>
  /// The memory of `activeFactories`, `draining`, `ended` and `table`, in that order.
  private let words: UnsafeMutableRawPointer
  /// The address of the published `_SlotTable` of `State.currentIndex`.
  @usableFromInline let table: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  /// Factories of this scope running now (atomic): reads look for a factory frame only then.
  @usableFromInline package let activeFactories: UnsafeMutablePointer<Int>
  /// Non-zero while the scope waits, after its test's body returned, for reads from outside the
  /// test's tasks to stop (the quiet period).
  package let draining: UnsafeMutablePointer<Int>
  /// Non-zero once the scope ended: every use after that is reported (once per box).
  @usableFromInline package let ended: UnsafeMutablePointer<Int>

  package convenience init(
    name: String,
    parent: _Scope?,
    isStrict: Bool,
    isProcessWide: Bool,
    capturesEveryBox: Bool = false,
    tracking: _ScopeTracking = _ScopeTracking(),
    gateHold: (any Sendable & AnyObject)? = nil,
    outcome: (any Sendable & AnyObject)? = nil,
    report: @escaping @Sendable (_Diagnostic) -> Void
  ) {
    // Before the flag: every isolated path of the core reaches `_SharedInstancesIsolation`
    // through the hooks once the flag is set.
    _ = IsolationHooks.installed
    _ProcessWords.markIsolationUsed()
    self.init(
      name: name,
      parent: parent,
      isStrict: isStrict || (parent?.isStrict ?? false),
      isProcessWide: isProcessWide || (parent?.isProcessWide ?? false),
      capturesEveryBox: capturesEveryBox || (parent?.capturesEveryBox ?? false),
      tracking: tracking.inheriting(from: parent?.tracking),
      gateHold: gateHold ?? parent?.gateHold,
      outcome: outcome ?? parent?.outcome,
      isProcessWideInstances: false,
      report: report
    )
  }

  /// Creates ``processWideInstances``.
  private convenience init(marker: Void) {
    self.init(
      name: "the process-wide instances",
      parent: nil,
      isStrict: false,
      isProcessWide: false,
      capturesEveryBox: false,
      tracking: _ScopeTracking(),
      gateHold: nil,
      outcome: nil,
      isProcessWideInstances: true,
      report: { _Diagnostics.report($0) }
    )
  }

  /// Stores what the convenience initializers computed and allocates the atomic words.
  private init(
    name: String,
    parent: _Scope?,
    isStrict: Bool,
    isProcessWide: Bool,
    capturesEveryBox: Bool,
    tracking: _ScopeTracking,
    gateHold: (any Sendable & AnyObject)?,
    outcome: (any Sendable & AnyObject)?,
    isProcessWideInstances: Bool,
    report: @escaping @Sendable (_Diagnostic) -> Void
  ) {
    self.name = name
    self.parent = parent
    self.isStrict = isStrict
    self.isProcessWide = isProcessWide
    self.capturesEveryBox = capturesEveryBox
    self.tracking = tracking
    self.gateHold = gateHold
    self.outcome = outcome
    self.isProcessWideInstances = isProcessWideInstances
    self.report = report
    // One allocation for the four words: a scope is opened per test.
    words = .allocate(
      byteCount: 4 * MemoryLayout<Int>.stride,
      alignment: MemoryLayout<Int>.alignment
    )
    activeFactories = words.initializeMemory(as: Int.self, repeating: 0, count: 3)
    draining = activeFactories + 1
    ended = activeFactories + 2
    state = .allocate(capacity: 1)
    state.initialize(to: State())
    table = (words + 3 * MemoryLayout<Int>.stride).initializeMemory(
      as: UnsafeMutableRawPointer?.self,
      repeating: state.pointee.currentIndex.table.address,
      count: 1
    )
  }

  deinit {
    // The slots go with `state`, and release their instances without a scan: no read or borrow
    // of them can be running, since each holds this scope (invariant 9 of `_MemorySafety`).
    // May run deinits: the last reference to a scope is never dropped under a library lock.
    words.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }

  // MARK: Resolving

  /// The scope a read or change of a box resolves in on this thread, or nil for the
  /// process-wide state.
  ///
  /// A task of an isolated test resolves in its scope. Code outside every test task (a
  /// `DispatchQueue` callback, a `Thread`) resolves in the open process-wide scope, for the
  /// boxes that scope has touched: a process-wide test captures what it overrides, reads or
  /// resets, and leaves every other box, and the threads of unrelated tests using them, alone.
  /// Code in a task of a test that is not isolated keeps the process-wide state, and so does
  /// code running in a `SharedScope` captured outside every scope.
  @usableFromInline
  package static func resolve(box id: UInt64) -> _Scope? {
    if let scope = current { return scope.isProcessWideInstances ? nil : scope }
    return processWideScope(capturing: id)
  }

  /// ``resolve(box:)-(UInt64)`` for a read: a read that gets the process-wide instance of a box
  /// that a live isolated scope has overridden, from outside every test task, is warned about.
  @usableFromInline
  package static func resolve(box identity: _BoxIdentity) -> _Scope? {
    if let scope = current { return scope.isProcessWideInstances ? nil : scope }
    if let scope = processWideScope(capturing: identity.id) {
      if _AtomicWord(scope.draining).loadRelaxed() != 0 {
        scope.noteReadWhileDraining(of: identity)
      }
      return scope
    }
    // Escaped reads and leaked overrides (`_SharedInstancesIsolation`), where there may be any.
    if identity.isUsedByLiveScopes { _EscapedReads.check(identity) }
    _LeakedOverrides.check(identity)
    return nil
  }

  /// The scope code on this thread runs in: the task's own, or for code outside every test
  /// task, the open process-wide scope.
  package static func resolveForCapture() -> _Scope? {
    if let scope = current { return scope.isProcessWideInstances ? nil : scope }
    return processWideScope(capturing: nil)
  }

  /// The open process-wide scope, for code outside every test task: if `box` is given, the
  /// newest open one that captures that box.
  private static func processWideScope(capturing box: UInt64?) -> _Scope? {
    guard _ProcessWords.processWideScopeIsOpen else { return nil }
    let found: _Scope? = processWide.withLock { open in
      guard let box else { return open.last }
      return open.last { $0.capturesEveryBox || $0.lookup(box) != nil }
    }
    guard let found else { return nil }
    if let probe = runsInTestTask.load(), probe() { return nil }
    return found
  }

  /// Publishes `scope` as the newest process-wide scope, until ``closeProcessWide(_:)``.
  package static func openProcessWide(_ scope: _Scope) {
    processWide.withLock { open in
      if open.isEmpty { _ProcessWords.addProcessWideScopes(1) }
      open.append(scope)
    }
  }

  /// Withdraws `scope`, wherever it is among the open process-wide scopes (they may end out of
  /// order when they were not opened through the gate).
  package static func closeProcessWide(_ scope: _Scope) {
    processWide.withLock { open in
      guard let index = open.lastIndex(where: { $0 === scope }) else { return }
      open.remove(at: index)
      if open.isEmpty { _ProcessWords.addProcessWideScopes(-1) }
    }
  }

  // MARK: Slots

  /// The slot of box `id` if this scope has touched it, without locking.
  @_alwaysEmitIntoClient
  package func lookup(_ id: UInt64) -> Unmanaged<_Slot>? {
    publishedTable.lookup(id)
  }

  /// The table readers look boxes up in now.
  @_alwaysEmitIntoClient package var publishedTable: _SlotTable {
    _SlotTable(address: _AtomicPointer(table).loadAcquire().unsafelyUnwrapped)
  }

  /// The slot holding a box's state in this scope, created on first touch (seeded from the
  /// nearest ancestor that touched the box, else empty).
  @usableFromInline
  package func slot(for identity: _BoxIdentity) -> _Slot {
    if let slot = lookup(identity.id) {
      if _slowPath(_AtomicWord(ended).loadRelaxed() != 0) { noteLateUse(of: identity) }
      return slot.takeUnretainedValue()
    }
    lock.lock()
    var firstTouch = false
    var isLate = false
    let slot: _Slot
    if let existing = lookup(identity.id) {
      slot = existing.takeUnretainedValue()
      isLate = state.pointee.ended
    } else {
      slot = _Slot(initial: parent?.inheritedCell(forBox: identity.id), isScoped: true)
      state.pointee.entries.append(Entry(slot: slot, identity: identity))
      if !state.pointee.currentIndex.hasRoom {
        let grown = state.pointee.currentIndex.grown()
        state.pointee.retiredIndexes.append(state.pointee.currentIndex)
        state.pointee.currentIndex = grown
        _AtomicPointer(table).storeRelease(grown.table.address)
      }
      state.pointee.currentIndex.insert(identity.id, slot)
      if state.pointee.ended {
        isLate = true
      } else {
        identity.addScopeUse(1)
        firstTouch = true
      }
    }
    lock.unlock()
    if firstTouch { _UnscopedChanges.scopeTouched(identity) }
    if isLate { noteLateUse(of: identity) }
    return slot
  }

  /// A copy of the current cell of a box in this scope or its nearest ancestor that touched it.
  private func inheritedCell(forBox id: UInt64) -> UnsafeMutableRawPointer? {
    if let slot = lookup(id) {
      return slot._withUnsafeGuaranteedRef { $0.copyOfCurrentCell() }
    }
    return parent?.inheritedCell(forBox: id)
  }
}
