import SharedInstances

// What the testing module does with a scope around its test: the quiet period, the end, and
// the record of what it touched.

extension _Scope {
  // MARK: Quiet period

  /// One box read from outside the test's tasks after the test's body returned.
  package struct LateRead: Sendable {
    package let identity: _BoxIdentity
    package let count: Int
  }

  /// Starts counting reads from outside the test's tasks (process-wide scopes only).
  package func beginQuietPeriod() {
    _AtomicWord(draining).storeRelease(1)
  }

  /// How many reads from outside the test's tasks the quiet period has seen so far.
  package var readsDuringQuietPeriod: Int {
    lock.withLock { state.pointee.readsWhileDrainingTotal }
  }

  /// Stops counting and returns what the quiet period saw, by box.
  package func endQuietPeriod() -> [LateRead] {
    _AtomicWord(draining).storeRelease(0)
    return lock.withLock {
      state.pointee.readsWhileDraining.map { LateRead(identity: $0.identity, count: $0.count) }
    }
  }

  func noteReadWhileDraining(of identity: _BoxIdentity) {
    lock.withLock {
      state.pointee.readsWhileDrainingTotal += 1
      if let index = state.pointee.readsWhileDraining.firstIndex(where: {
        $0.identity.id == identity.id
      }) {
        state.pointee.readsWhileDraining[index].count += 1
      } else {
        state.pointee.readsWhileDraining.append((identity, 1))
      }
    }
  }

  // MARK: Ending

  /// Ends the scope: from now on every use of a box in it is reported (once per box), and
  /// reports work it started that is still running.
  ///
  /// The scope's state stays as the test left it: work that outlives the test is served the
  /// test's overrides, the values it set and the instances created for it. The instances are
  /// released with the scope, as soon as nothing refers to it (at once, when no work outlived
  /// the test). Cost: O(boxes the scope touched), with atomics only: no lock or system call
  /// that other scopes take.
  package func end() {
    let (entries, overridden): ([Entry], [(identity: _BoxIdentity, escapedReadsBefore: Int)]) =
      lock.withLock {
        state.pointee.ended = true
        state.pointee.touchedBeforeEnd = state.pointee.entries.count
        return (state.pointee.entries, Array(state.pointee.overridden.values))
      }
    _AtomicWord(ended).storeRelease(1)
    if _AtomicWord(activeFactories).loadAcquire() > 0 {
      report(
        _Diagnostic(
          message: """
            The isolated scope of \(name) ended while a factory it started was still running \
            on another thread. Await the work the test starts before it returns.
            """,
          location: entries.first?.identity.location
            ?? _SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        )
      )
    }
    if !overridden.isEmpty {
      for override in overridden { override.identity.liveOverrideEnded() }
      _EscapedReads.scopeEnded(self)
    }
    for entry in entries { entry.identity.addScopeUse(-1) }
  }

  // MARK: Record

  /// One box this scope touched, in the order of first touch.
  package struct Touch: Sendable {
    package let identity: _BoxIdentity
    package let reads: Int
    package let overriddenReads: Int
    package let readRealInstance: Bool
    package let readTestDefault: Bool
    package let escapedReads: Int
  }

  /// Every box this scope touched, first touched first, but the tests' own machinery
  /// (`_BoxIdentity.isTestInfrastructure`).
  package func touches() -> [Touch] {
    lock.withLock {
      state.pointee.entries.filter { !$0.identity.isTestInfrastructure }.map {
        Touch(
          identity: $0.identity,
          reads: $0.slot.reads,
          overriddenReads: $0.slot.overriddenReads,
          readRealInstance: $0.slot.readRealInstance,
          readTestDefault: $0.slot.readTestDefault,
          escapedReads: state.pointee.overridden[$0.identity.id].map {
            _EscapedReads.escapedReads(of: $0.identity, since: $0.escapedReadsBefore)
          } ?? 0
        )
      }
    }
  }
}
