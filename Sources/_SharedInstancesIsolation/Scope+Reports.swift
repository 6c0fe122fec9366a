import SharedInstances

// The reports of isolated scopes, out of the core so that a production binary does not carry
// their text: the core calls them through `_IsolationHooks` (IsolationHooks.swift).

extension _Scope {
  /// The name of the scope an exit test's child process runs in, from load to exit (opened by
  /// the testing module); the parent test puts its own name in its place.
  package static let exitTestChildName = "exit test child process"

  /// What a fix that tells the test to provide a box adds in an exit test's child: what the
  /// parent test provided does not reach the child.
  var exitTestChildAdvice: String {
    guard name == Self.exitTestChildName else { return "" }
    return """
       Overrides, sets and bootstraps of the parent test do not cross into the exit test's \
      child process: make them inside the exit test's body, from values it captures.
      """
  }

  /// What a bootstrap report adds in an exit test's child: the child is isolated, so the
  /// program's stop on a second bootstrap does not happen there unless the body leaves that
  /// isolation.
  var exitTestChildBootstrapAdvice: String {
    guard name == Self.exitTestChildName else { return "" }
    return """
       An exit test's child process is isolated as a test is, so a second bootstrap does not \
      stop it: to test that the program stops, call SharedScope.leaveExitTestIsolation() first \
      in the exit test's body.
      """
  }

  /// What a read of a box the test had to provide, and did not, was served instead.
  package enum Substitute {
    case testDefault
    case processWideInstance
    /// The placeholder of the box's type (`SpyPlaceholder`): no default and no process-wide
    /// instance existed, and the real one must not be created.
    case placeholder
  }

  /// One box this scope touched as a dependency: read (real or override) or changed. Boxes
  /// the library only checked (`currentValue`, `isOverridden`) are left out.
  package struct Dependency: Sendable {
    package let identity: _BoxIdentity
    package let readRealInstance: Bool
    package let readOverride: Bool
    /// Whether it read a test default (created because the test did not override the box).
    package let readTestDefault: Bool
    package let changes: _ChangeKinds
  }

  /// Every dependency of this scope, first touched first. Call it before `end()`.
  package func dependencies() -> [Dependency] {
    touches().compactMap { touch in
      let changes = tracking.changes(of: touch.identity.id)
      // Test-default reads count among the overridden reads; they are listed on their own.
      let readOverride = touch.overriddenReads > 0 && !touch.readTestDefault
      guard touch.readRealInstance || readOverride || touch.readTestDefault || !changes.isEmpty
      else { return nil }
      return Dependency(
        identity: touch.identity,
        readRealInstance: touch.readRealInstance,
        readOverride: readOverride,
        readTestDefault: touch.readTestDefault,
        changes: changes
      )
    }
  }

  /// Reports a read of a box the test had to provide and did not — a `.required` box it did not
  /// override, an empty box it neither set nor overrode — which was served `substitute`: once
  /// per box and scope, at the test.
  func reportUnprovidedRead(_ slot: _Slot, identity: _BoxIdentity, served substitute: Substitute) {
    guard slot.claimStrictReport() else { return }
    var message = "Test \(name) read \(identity.description)"
    message +=
      identity.requiresOverrideInTests
      ? ", which is declared inTests: .required," : ", an empty box,"
    let enclosing = _FactoryFrame.current
    if let enclosing { message += " inside \(enclosing.chainDescription)," }
    message +=
      identity.requiresOverrideInTests
      ? " without overriding it." : " which the test neither set nor overrode."
    let fix =
      enclosing.map {
        "Override \($0.identity.label) (then its factory does not run) or "
          + "\(identity.label) for this test"
      } ?? "\(identity.provideFix.capitalizedFirst), in the test or the trait's setUp,"
    switch substitute {
    case .testDefault:
      message += """
         It was served the box's test default, not a real instance. \(fix) or make a default \
        the whole test target's in SharedTestDefaults.
        """
    case .processWideInstance:
      message += """
         The box has no test default, so it was served the process-wide instance. Set or \
        override it for this test, in the test or the trait's setUp, or declare a test default \
        (Resettable.empty(inTests: .optional(default:)) or SharedTestDefaults).
        """
    case .placeholder:
      let typeName = _TypeName.withoutUnknownContexts("\(identity.sharedType)")
      let nothingElse =
        identity.requiresOverrideInTests
        ? "no test default" : "no test default and no process-wide instance"
      message += """
         The box has \(nothingElse), so it was served the placeholder of \(typeName) \
        (SpyPlaceholder), not a real instance. \(fix) or declare a test default where the box \
        is declared or in SharedTestDefaults.
        """
    }
    message += exitTestChildAdvice
    report(_Diagnostic(message: message, location: identity.location, reportsAtTest: true))
  }

  /// Stops the program: an isolated test read a `.required` box it did not override, there is no
  /// test default to serve, and the box's type has no placeholder. A real instance must not be
  /// created in a test, and no other value of the box's type exists, so no failure of the test
  /// alone can stand here.
  func requiredBoxHasNoTestDefault(_ identity: _BoxIdentity) -> Never {
    _ProcessStop.now(
      """
      SharedInstances: Test \(name) read \(identity.description), which is declared \
      inTests: .required, without overriding it, and the box has no test default. The \
      real instance must not be created in a test, and there is no other to serve, so the test \
      process stops. Override it for this test (override(with:) or the trait's setUp), or \
      declare what tests get: Resettable(inTests: .required(default: { … })) where \
      the box is declared, or a SharedTestDefault for the whole test target.\
      \(exitTestChildAdvice)\(_RunningTest.suffix)
      """
    )
  }

  /// `frame`: the factory run that created the instance just read, if this read created it.
  func reportRealRead(_ slot: _Slot, identity: _BoxIdentity, createdBy frame: _FactoryFrame?) {
    guard !tracking.exemptBoxes.contains(identity.id) else { return }
    guard isStrict || identity.requiresOverrideInTests else { return }
    guard slot.claimStrictReport() else { return }
    let enclosing = _FactoryFrame.current
    var message = "\(isStrict ? "Strict test" : "Test") \(name) read the real instance of "
    message += identity.description
    if identity.requiresOverrideInTests {
      message += ", which is declared inTests: .required,"
    }
    if let enclosing { message += " inside \(enclosing.chainDescription)" }
    if let enclosing {
      message += """
        . Override \(enclosing.identity.label) (then its factory does not run) or \
        \(identity.label) for this test
        """
    } else {
      if identity.requiresOverrideInTests { message.removeLast() }
      message += ". \(identity.provideFix.capitalizedFirst) (or in the trait's setUp)"
    }
    message += identity.requiresOverrideInTests ? "." : ", exempt it, or drop strict mode."
    if let frame {
      let reads = frame.readsMade.filter { $0.identity !== identity }
      let real = reads.filter(\.real).map(\.identity.label)
      if !real.isEmpty {
        message += " Its factory read the real \(real.joined(separator: ", ")) too."
      } else if !reads.isEmpty {
        let overridden = reads.map(\.identity.label).joined(separator: ", ")
        message += """
           Its factory read only overridden shared instances (\(overridden)): its real \
          instance is built from the test's doubles; exempt it if that is intended.
          """
      }
    }
    message += exitTestChildAdvice
    report(_Diagnostic(message: message, location: identity.location, reportsAtTest: true))
  }

  /// Reports the first use of `identity` after the scope ended, saying what it is served.
  func noteLateUse(of identity: _BoxIdentity) {
    let touchedByTest: Bool? = lock.withLock {
      guard state.pointee.reportedLateUses.insert(identity.id).inserted else { return nil }
      return state.pointee.entries.prefix(state.pointee.touchedBeforeEnd)
        .contains { $0.identity === identity }
    }
    guard let touchedByTest else { return }
    let held = lookup(identity.id)?._withUnsafeGuaranteedRef { slot in
      slot.stateLock.withLock { slot.current.pointee.map { _Slot.isOverride($0) } }
    }
    let served: String
    switch (touchedByTest, held) {
    case (true, true?):
      served = "It is served the override the test had set, kept until nothing refers to the scope."
    case (true, false?):
      served = """
        It is served the instance the test had (one it set, or one created for it), kept until \
        nothing refers to the scope.
        """
    case (true, nil):
      served = """
        The test left the box empty, so a read creates an instance with the box's factory: a \
        real one.
        """
    case (false, _):
      served = """
        The test had not touched it, so the ended scope serves an instance of its own, created \
        by the box's factory: a real one.
        """
    }
    report(
      _Diagnostic(
        message: """
          \(identity.description) was used in the isolated scope of \(name) after that test \
          ended. Something the test started (a Task, a callback, a carried SharedScope) outlived \
          it: await it before the test returns, or cancel it. \(served) Later uses of this box \
          in this scope are not reported again.
          """,
        location: identity.location
      )
    )
  }

}
