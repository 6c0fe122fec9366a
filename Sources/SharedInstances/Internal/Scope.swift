import _SharedInstancesShims

/// Type-erased access to a slot, for ending a scope.
protocol _AnySlot: AnyObject, Sendable {
  func clear()
}

extension _Slot: _AnySlot {}

/// The isolated state of every box for one test (or one `withIsolatedShared` call).
///
/// A scope starts empty: a box read in it creates the scope's own instance, as if the app had
/// just launched. A nested scope starts from its parent's instances and overrides. The task that
/// runs the test binds the scope in `_Scope.current`; a process-wide scope is also published in
/// `_Scope.processWide`, where reads from threads outside the test's tasks find it.
///
/// Cost: creating a scope is O(1); ending it is O(boxes it touched).
package final class _Scope: @unchecked Sendable {
  // @unchecked: `entries`, `nextOrder`, `ended` and `reportedLateUse` are guarded by `lock`;
  // `activeFactories` is only accessed atomically; everything else is immutable.

  @TaskLocal package static var current: _Scope?

  /// The scope that threads outside any test task read through, while a process-wide test runs.
  package static let processWide = Protected<_Scope?>(nil)

  package let name: String
  package let parent: _Scope?
  package let isStrict: Bool
  package let isProcessWide: Bool
  /// Whether threads outside test tasks resolve every box here, not only the touched ones
  /// (XCTest, which runs one test at a time in a process).
  package let capturesEveryBox: Bool
  package let report: @Sendable (_Diagnostic) -> Void

  struct Entry {
    let slot: any _AnySlot
    let identity: _BoxIdentity
    let order: Int
    var reads = 0
    var overriddenReads = 0
    var strictReported = false
  }

  private let lock = _Mutex()
  private var entries: [UInt64: Entry] = [:]
  private var nextOrder = 0
  private var ended = false
  private var reportedLateUse = false
  private let activeFactories: UnsafeMutablePointer<Int>

  package init(
    name: String,
    parent: _Scope?,
    isStrict: Bool,
    isProcessWide: Bool,
    capturesEveryBox: Bool = false,
    report: @escaping @Sendable (_Diagnostic) -> Void
  ) {
    si_isolation_mark_used()
    self.name = name
    self.parent = parent
    self.isStrict = isStrict || (parent?.isStrict ?? false)
    self.isProcessWide = isProcessWide || (parent?.isProcessWide ?? false)
    self.capturesEveryBox = capturesEveryBox || (parent?.capturesEveryBox ?? false)
    self.report = report
    self.activeFactories = .allocate(capacity: 1)
    activeFactories.initialize(to: 0)
  }

  deinit { activeFactories.deallocate() }

  /// The scope a read or change of a box resolves in on this thread, or nil for the
  /// process-wide state.
  ///
  /// A task of an isolated test resolves in its scope. Code outside every test task (a
  /// `DispatchQueue` callback, a `Thread`) resolves in the open process-wide scope, for the
  /// boxes that scope has touched: a process-wide test captures what it overrides, reads or
  /// resets, and leaves every other box, and the threads of unrelated tests using them, alone.
  /// Code in a task of a test that is not isolated keeps the process-wide state.
  @usableFromInline
  package static func resolve(box id: UInt64) -> _Scope? {
    if let scope = current { return scope }
    guard let scope = processWide.withLock({ $0 }),
      scope.capturesEveryBox || scope.hasEntry(forBox: id)
    else {
      return nil
    }
    if let probe = runsInTestTask.withLock({ $0 }), probe() { return nil }
    return scope
  }

  /// The scope code on this thread runs in: the task's own, or for code outside every test
  /// task, the open process-wide scope.
  package static func resolveForCapture() -> _Scope? {
    if let scope = current { return scope }
    guard let scope = processWide.withLock({ $0 }) else { return nil }
    if let probe = runsInTestTask.withLock({ $0 }), probe() { return nil }
    return scope
  }

  func hasEntry(forBox id: UInt64) -> Bool {
    lock.withLock { entries[id] != nil }
  }

  /// Tells whether the current task belongs to a test (installed by `SharedInstancesTesting`).
  package static let runsInTestTask = Protected<(@Sendable () -> Bool)?>(nil)

  // MARK: Entries

  /// Must be called with `lock` held.
  private func entryLocked<Shared>(for box: Resettable<Shared>) -> (Entry, lateUse: Bool) {
    var lateUse = false
    if ended && !reportedLateUse {
      reportedLateUse = true
      lateUse = true
    }
    if let entry = entries[box._identity.id] { return (entry, lateUse) }
    let inherited = parent?.inheritedCell(forBox: box._identity.id, as: Shared.self)
    let entry = Entry(
      slot: _Slot<Shared>(initial: inherited),
      identity: box._identity,
      order: nextOrder
    )
    nextOrder += 1
    entries[box._identity.id] = entry
    if !ended { si_int_fetch_add(box._identity.scopeUses, 1) }
    return (entry, lateUse)
  }

  /// The current cell of a box in this scope or its nearest ancestor that touched it, retained.
  private func inheritedCell<Shared>(forBox id: UInt64, as _: Shared.Type)
    -> UnsafeMutableRawPointer?
  {
    let slot: _Slot<Shared>? = lock.withLock {
      entries[id].map { unsafeDowncast($0.slot, to: _Slot<Shared>.self) }
    }
    if let slot { return slot.retainedCell() }
    return parent?.inheritedCell(forBox: id, as: Shared.self)
  }

  /// The slot holding `box`'s state in this scope, for a change.
  func slot<Shared>(for box: Resettable<Shared>) -> _Slot<Shared> {
    lock.lock()
    let (entry, lateUse) = entryLocked(for: box)
    lock.unlock()
    if lateUse { reportLateUse(of: box._identity) }
    return unsafeDowncast(entry.slot, to: _Slot<Shared>.self)
  }

  /// Reads `box` in this scope, creating the scope's own instance if needed, and records the
  /// read.
  func read<Shared>(_ box: Resettable<Shared>) -> Shared? {
    lock.lock()
    let (entry, lateUse) = entryLocked(for: box)
    let slot = unsafeDowncast(entry.slot, to: _Slot<Shared>.self)
    if let loaded = slot.loadWithKind() {
      let strictFailure = recordReadLocked(of: box._identity.id, isOverride: loaded.isOverride)
      lock.unlock()
      finishRead(box._identity, lateUse: lateUse, strictFailure: strictFailure)
      return loaded.value
    }
    lock.unlock()
    if lateUse { reportLateUse(of: box._identity) }
    si_int_fetch_add(activeFactories, 1)
    let created = slot.loadOrCreate(box._identity, factory: box._factory)
    si_int_fetch_add(activeFactories, -1)
    guard let created else { return nil }
    let strictFailure = lock.withLock {
      recordReadLocked(of: box._identity.id, isOverride: created.isOverride)
    }
    finishRead(box._identity, lateUse: false, strictFailure: strictFailure)
    return created.value
  }

  /// Must be called with `lock` held. Returns true when this read is a strict-mode failure.
  private func recordReadLocked(of id: UInt64, isOverride: Bool) -> Bool {
    guard var entry = entries[id] else { return false }  // the scope ended meanwhile
    entry.reads += 1
    if isOverride { entry.overriddenReads += 1 }
    var strictFailure = false
    if isStrict && !isOverride && !entry.strictReported {
      entry.strictReported = true
      strictFailure = true
    }
    entries[id] = entry
    return strictFailure
  }

  private func finishRead(_ identity: _BoxIdentity, lateUse: Bool, strictFailure: Bool) {
    if lateUse { reportLateUse(of: identity) }
    if strictFailure {
      report(
        _Diagnostic(
          kind: .strictRead,
          message: """
            \(identity.description) was read by strict test \(name) without being \
            overridden. Override it for this test (override(with:) or the trait's setUp), \
            or drop the strict option.
            """,
          location: identity.location
        )
      )
    }
  }

  private func reportLateUse(of identity: _BoxIdentity) {
    report(
      _Diagnostic(
        kind: .scopeOutlived,
        message: """
          \(identity.description) was used in the isolated scope of \(name) after that test \
          ended. Something the test started (a Task, a callback) outlived it: await it before \
          the test returns, or cancel it.
          """,
        location: identity.location
      )
    )
  }

  // MARK: Ending

  /// Ends the scope: releases every instance it created or was given, and reports work it
  /// started that is still running. After `end()`, uses are reported and still served.
  package func end() {
    let detached: [Entry] = lock.withLock {
      ended = true
      let all = Array(entries.values)
      entries = [:]
      return all
    }
    if si_int_load_acquire(activeFactories) > 0 {
      report(
        _Diagnostic(
          kind: .scopeOutlived,
          message: """
            The isolated scope of \(name) ended while a factory it started was still running \
            on another thread. Await the work the test starts before it returns.
            """,
          location: detached.first?.identity.location
            ?? _SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        )
      )
    }
    for entry in detached {
      si_int_fetch_add(entry.identity.scopeUses, -1)
      entry.slot.clear()  // may run deinits: no lock held
    }
  }

  // MARK: Record

  /// One box this scope touched, in the order of first touch.
  package struct Touch: Sendable {
    package let identity: _BoxIdentity
    package let reads: Int
    package let overriddenReads: Int
  }

  /// Every box this scope touched, first touched first.
  package func touches() -> [Touch] {
    lock.withLock {
      entries.values.sorted { $0.order < $1.order }.map {
        Touch(identity: $0.identity, reads: $0.reads, overriddenReads: $0.overriddenReads)
      }
    }
  }
}
