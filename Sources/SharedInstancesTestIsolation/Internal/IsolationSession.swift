import SharedInstances
import SharedInstancesSystemDoubles
import _SharedInstancesIsolation
import _SharedInstancesTestReporting

/// What a scope about to open takes from the ``ProcessWideGate``, decided from where it opens.
enum GatePlan: Sendable {
  /// Nested in a scope whose hold already covers it.
  case nested
  /// An outermost scope: takes the gate shared (isolated) or exclusive (process-wide).
  case outermost(ProcessWideGate.Hold)
  /// A process-wide scope nested in an isolated one: upgrades the test's shared hold.
  case upgrade(ProcessWideGate.Hold)

  /// The plan for a scope with `options` opened in `parent`.
  init(_ options: SharedIsolationOptions, parent: _Scope?) {
    let wantsProcessWide = options.contains(.processWide)
    if let parent {
      if wantsProcessWide, !parent.isProcessWide,
        let hold = parent.gateHold as? ProcessWideGate.Hold, hold.mode == .shared
      {
        self = .upgrade(hold)
      } else {
        self = .nested
      }
      return
    }
    self = .outermost(ProcessWideGate.Hold(mode: wantsProcessWide ? .exclusive : .shared))
  }

  /// The hold the new scope records for the scopes nested in it.
  var hold: ProcessWideGate.Hold? {
    switch self {
    case .nested: nil
    case .outermost(let hold), .upgrade(let hold): hold
    }
  }

  /// Takes the gate, waiting without blocking a thread.
  func acquire() async -> GateTicket {
    let gate = ProcessWideGate.shared
    switch self {
    case .nested:
      return .none
    case .outermost(let hold):
      await gate.acquire(hold.mode)
      return .outermost(hold.mode)
    case .upgrade(let hold):
      gate.beginUpgrade(of: hold)
      await gate.acquire(.exclusive)
      return .upgrade(hold)
    }
  }

  /// Takes the gate if that needs no wait: a nested scope, or an isolated one while no
  /// process-wide scope holds the gate (the common case, one compare-and-swap). Nil: the
  /// caller waits (``acquire()``).
  func acquireWithoutWaiting() -> GateTicket? {
    switch self {
    case .nested:
      return GateTicket.none
    case .outermost(let hold):
      guard hold.mode == .shared, ProcessWideGate.shared.tryAcquireShared() else { return nil }
      return .outermost(.shared)
    case .upgrade:
      return nil
    }
  }

  /// Takes the gate from synchronous code: blocking on a plain thread (XCTest). In a task,
  /// where blocking could starve the thread pool that the gate's holders need, it never waits:
  /// an isolated scope joins the readers at once, and a process-wide one opens without the
  /// gate (documented in Testing in Parallel).
  func acquireSynchronously() -> GateTicket {
    let gate = ProcessWideGate.shared
    let inTask = withUnsafeCurrentTask { $0 != nil }
    switch self {
    case .nested:
      return .none
    case .outermost(let hold):
      if !inTask {
        gate.acquireBlocking(hold.mode)
        return .outermost(hold.mode)
      }
      guard hold.mode == .shared else { return .none }
      gate.joinReaders()
      return .outermost(.shared)
    case .upgrade(let hold):
      guard !inTask else { return .none }
      gate.beginUpgrade(of: hold)
      gate.acquireBlocking(.exclusive)
      return .upgrade(hold)
    }
  }
}

/// What a scope took from the gate, to give back when it ends.
enum GateTicket: Sendable {
  case none
  case outermost(ProcessWideGate.Mode)
  case upgrade(ProcessWideGate.Hold)

  func release() {
    let gate = ProcessWideGate.shared
    switch self {
    case .none:
      break
    case .outermost(let mode):
      gate.release(mode)
    case .upgrade(let hold):
      gate.release(.exclusive)
      gate.endUpgrade(of: hold)
    }
  }
}

/// One isolated scope from its start to its end: the scope, where its diagnostics go, and
/// what it holds of the process-wide gate.
struct IsolationSession: Sendable {
  let scope: _Scope
  let diagnostics: ScopeDiagnostics
  let ticket: GateTicket

  /// Where a new scope nests: the task's scope, or, for code outside every test task while a
  /// process-wide test runs, that test's scope.
  static var parentForNewScope: _Scope? { _Scope.resolveForCapture() }

  /// Opens a scope nested in `parent`, once `ticket` has been taken for `plan`.
  init(
    name: String,
    options: SharedIsolationOptions,
    parent: _Scope?,
    plan: GatePlan,
    ticket: GateTicket,
    capturesEveryBox: Bool = false,
    testModule: String,
    isStrict: Bool? = nil,
    outcome: TestOutcome? = nil
  ) {
    TestFailure.installDiagnosticsHandler()
    _ = SharedTestDefaults.installed
    let diagnostics = ScopeDiagnostics()
    let scope = _Scope(
      name: name,
      parent: parent,
      isStrict: isStrict ?? DependencyTracking.isStrict(options),
      isProcessWide: options.contains(.processWide),
      capturesEveryBox: capturesEveryBox,
      tracking: DependencyTracking.scopeTracking(options, testModule: testModule),
      gateHold: plan.hold,
      outcome: outcome,
      report: { DependencyTracking.route($0, to: diagnostics) }
    )
    self.scope = scope
    self.diagnostics = diagnostics
    self.ticket = ticket
    if scope.isProcessWide { _Scope.openProcessWide(scope) }
  }

  /// ``open(name:options:capturesEveryBox:testModule:outcome:)`` where the gate can be taken
  /// at once (an isolated test while no process-wide test runs: the common case); nil where the
  /// caller must await it. Synchronous, so that a test pays no asynchronous frames for it.
  static func openWithoutWaiting(
    name: String,
    options: SharedIsolationOptions,
    testModule: String,
    outcome: TestOutcome?
  ) -> IsolationSession? {
    let parent = parentForNewScope
    let plan = GatePlan(options, parent: parent)
    guard let ticket = plan.acquireWithoutWaiting() else { return nil }
    return IsolationSession(
      name: name,
      options: options,
      parent: parent,
      plan: plan,
      ticket: ticket,
      testModule: testModule,
      outcome: outcome
    )
  }

  /// Opens a scope from asynchronous code, waiting for the gate without blocking a thread.
  static func open(
    name: String,
    options: SharedIsolationOptions,
    capturesEveryBox: Bool = false,
    testModule: String,
    outcome: TestOutcome? = nil
  ) async -> IsolationSession {
    let parent = parentForNewScope
    let plan = GatePlan(options, parent: parent)
    let ticket = await plan.acquire()
    return IsolationSession(
      name: name,
      options: options,
      parent: parent,
      plan: plan,
      ticket: ticket,
      capturesEveryBox: capturesEveryBox,
      testModule: testModule,
      outcome: outcome
    )
  }

  /// Opens a scope from synchronous code.
  static func openSynchronously(
    name: String,
    options: SharedIsolationOptions,
    capturesEveryBox: Bool = false,
    testModule: String,
    isStrict: Bool? = nil
  ) -> IsolationSession {
    let parent = parentForNewScope
    let plan = GatePlan(options, parent: parent)
    let ticket = plan.acquireSynchronously()
    return IsolationSession(
      name: name,
      options: options,
      parent: parent,
      plan: plan,
      ticket: ticket,
      capturesEveryBox: capturesEveryBox,
      testModule: testModule,
      isStrict: isStrict
    )
  }

  /// Waits for the scope's quiet period if `options` ask for one, then ends it.
  func endAfterQuietPeriod(_ options: SharedIsolationOptions) async {
    if QuietPeriod.applies(to: options, scope) { await QuietPeriod.wait(in: scope) }
    end()
  }

  /// Ends the scope: releases its instances, reports its diagnostics, releases the gate.
  func end() {
    // The system doubles' clean-up (user defaults, directories, network), while the test's
    // failures can still be recorded.
    ScopeTeardowns.run(for: scope)
    if scope.isProcessWide { _Scope.closeProcessWide(scope) }
    DependencyTracking.scopeWillEnd(scope)
    scope.end()
    diagnostics.flush()
    ticket.release()
  }
}
