import SharedInstances

extension _Scope {
  /// A scope the core handed back: only `_Scope`s are ever bound or passed to it.
  @inline(__always)
  static func of(_ object: AnyObject) -> _Scope { unsafeDowncast(object, to: _Scope.self) }
}

/// The isolated paths, reports and checks of scopes, for the core.
final class IsolationHooks: _IsolationHooks {
  /// Installs the hooks in the core, once: forced before the first scope is created.
  static let installed: Void = {
    _Isolation.install(readEntry: { id, identity, global, read, missed in
      _Scope.beginReadInScope(
        of: id,
        identity,
        global,
        &read.assumingMemoryBound(to: _Read.self).pointee,
        missedIn: missed
      )
    })
    _Isolation.install(IsolationHooks())
  }()

  func borrow(
    box identity: _BoxIdentity,
    global: _Slot,
    missedIn scope: inout AnyObject?
  ) -> _ScopedBorrow? {
    _Scope.borrowInScope(box: identity, global: global, missedIn: &scope)
  }

  func readOrCreate<Shared>(_ box: Resettable<Shared>, in scope: AnyObject) -> Shared? {
    _Scope.of(scope).readOrCreateNow(box)
  }

  func servedForEmptyRead<Shared>(_ box: Resettable<Shared>, in scope: AnyObject) -> Shared {
    _Scope.of(scope).servedForEmptyRead(box)
  }

  func servesTestDouble<Shared>(_ box: Resettable<Shared>) -> Bool {
    _Scope.servesTestDouble(box)
  }

  func checkRead(in scope: AnyObject, _ slot: _Slot, identity: _BoxIdentity, kind: _CellKind) {
    _Scope.of(scope).checkRead(slot, identity: identity, kind: kind)
  }

  func slotForChange(
    of identity: _BoxIdentity,
    global: _Slot,
    _ change: _Change,
    at location: _SourceLocation
  ) -> _Slot? {
    _Scope.slotForChange(of: identity, global: global, change, at: location)
  }

  func slotHere(of identity: _BoxIdentity, countingRead: Bool) -> _Slot? {
    let scope = countingRead ? _Scope.resolve(box: identity) : _Scope.resolve(box: identity.id)
    return scope?.slot(for: identity)
  }

  func resolve(box identity: _BoxIdentity) -> AnyObject? {
    _Scope.resolve(box: identity)
  }

  func scopeForCapture() -> _ScopeObject? {
    _Scope.resolveForCapture()
  }

  var processWideInstances: _ScopeObject { _Scope.processWideInstances }

  func nameOfScopeForCapture() -> String? {
    _Scope.resolveForCapture()?.name
  }

  func runsInScopeOfTestTask() -> Bool {
    guard _Scope.resolveForCapture() != nil, let probe = _Scope.runsInTestTask.load() else {
      return false
    }
    return probe()
  }

  func testDefaultsOfCurrentScope() -> _TestDefaults.Registry? {
    _Scope.current?.tracking.testDefaults
  }

  func report(_ diagnostic: _Diagnostic, in scope: AnyObject) {
    _Scope.of(scope).report(diagnostic)
  }

  func bootstrapInScope(of identity: _BoxIdentity, at location: _SourceLocation) -> Bool {
    guard let scope = _Scope.resolve(box: identity.id) else { return false }
    if scope.tracking.changes(of: identity.id).contains(.set) {
      scope.report(
        _Diagnostic(
          message: """
            \(identity.description) was bootstrapped twice in \(scope.name) (again at \
            \(location.fileID):\(location.line)): in the program, a second bootstrap stops it. \
            Bootstrap the box once per test; the test goes on with the second value.\
            \(scope.exitTestChildBootstrapAdvice)
            """,
          location: location
        )
      )
    }
    return true
  }

  func isBootstrappedInScope(_ identity: _BoxIdentity) -> Bool? {
    guard var scope = _Scope.resolve(box: identity.id) else { return nil }
    // A nested scope starts from its parent's value: bootstrapped there counts here.
    while true {
      if scope.tracking.changes(of: identity.id).contains(.set) { return true }
      guard let parent = scope.parent else { return false }
      scope = parent
    }
  }

  func isUntouchedInScope(_ identity: _BoxIdentity) -> Bool {
    guard var scope = _Scope.resolve(box: identity.id) else { return false }
    while scope.lookup(identity.id) == nil {
      guard let parent = scope.parent else { return true }
      scope = parent
    }
    return false
  }
}

extension _Scope {
  /// Gives `box` a slot in this scope (a copy of the parent's instance, if any) without reading
  /// it, as a change does: for the torture, whose next read is then the scope's first report.
  package func touch<Shared>(_ box: Resettable<Shared>) {
    _ = slot(for: box._identity)
  }

  /// The slot whose state reads of `box` here see, without creating anything or checking a
  /// change.
  package static func slotHere<Shared>(of box: Resettable<Shared>) -> _Slot {
    guard _ProcessWords.isolationIsActive, let scope = resolve(box: box._identity.id) else {
      return box._global
    }
    return scope.slot(for: box._identity)
  }

  /// The scope `captured` captured, nil for the process-wide instances.
  package static func captured(by captured: SharedScope) -> _Scope? {
    captured._scopeObject.map { _Scope.of($0) }
  }
}
