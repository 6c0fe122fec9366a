/// What a scope knows for dependency checks beyond its slots: boxes exempt from strict mode,
/// the test defaults of the test target the scope's test belongs to, and which boxes the scope
/// changed (override, set, reset).
///
/// Changes are rare, so they are kept under a lock; reads never touch this object except when
/// strict mode reports.
package final class _ScopeTracking: Sendable {
  /// Boxes strict mode (and `overrideInTests: .required`) lets this scope read for real.
  package let exemptBoxes: Set<UInt64>
  /// The test defaults of the test's own target (nil: the scope's parent's, else none).
  package let testDefaults: _TestDefaults.Registry?
  private let changes = Protected<[UInt64: _ChangeKinds]>([:])

  package init(exemptBoxes: Set<UInt64> = [], testDefaults: _TestDefaults.Registry? = nil) {
    self.exemptBoxes = exemptBoxes
    self.testDefaults = testDefaults
  }

  /// This scope's settings, completed with a parent's: exemptions add up, and a scope that
  /// names no test target's defaults uses its parent's.
  func inheriting(from parent: _ScopeTracking?) -> _ScopeTracking {
    guard let parent else { return self }
    if parent.exemptBoxes.isEmpty && (testDefaults != nil || parent.testDefaults == nil) {
      return self
    }
    return _ScopeTracking(
      exemptBoxes: exemptBoxes.union(parent.exemptBoxes),
      testDefaults: testDefaults ?? parent.testDefaults
    )
  }

  /// Records a change of `kind` made in the scope.
  package func noteChange(of id: UInt64, kind: _ChangeKinds) {
    changes.withLock { $0[id, default: []].formUnion(kind) }
  }

  package func changes(of id: UInt64) -> _ChangeKinds {
    changes.withLock { $0[id] ?? [] }
  }
}

/// Which changes a scope made to one box.
package struct _ChangeKinds: OptionSet, Sendable, Hashable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  package static let override = _ChangeKinds(rawValue: 1 << 0)
  package static let set = _ChangeKinds(rawValue: 1 << 1)
  package static let reset = _ChangeKinds(rawValue: 1 << 2)
}

/// A change of a box, as its caller names it in reports, and the kind records count it as.
struct _Change {
  let name: StaticString
  let kind: _ChangeKinds
  /// Whether it puts the previous state back when it ends (`withOverride`).
  var restores = false

  static let override = _Change(name: "override(with:)", kind: .override)
  static let withOverride = _Change(
    name: "withOverride(_:operation:)",
    kind: .override,
    restores: true
  )
  static let set = _Change(name: "set(_:)", kind: .set)
  static let setIfEmpty = _Change(name: "setIfEmpty(_:)", kind: .set)
  static let update = _Change(name: "update(_:)", kind: .set)
  static let reset = _Change(name: "reset()", kind: .reset)
}

extension _Scope {
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

  /// Notes a read made while a factory of this scope runs, for the report of that factory's
  /// box (a factory on another thread or scope has its own frame, or none).
  @usableFromInline
  func noteReadInFactory(_ identity: _BoxIdentity, _ kind: _CellKind) {
    _FactoryFrame.current?.noteRead(identity, real: kind == .real)
  }

  /// Reports a read of a real instance in a scope where that is a failure (strict mode, or a
  /// box declared `overrideInTests: .required`), once per box and scope, with the chain of
  /// factories that led to the read.
  @usableFromInline
  func reportRealRead(_ slot: _Slot, identity: _BoxIdentity) {
    reportRealRead(slot, identity: identity, createdBy: nil)
  }

  /// What a read of a box the test had to provide, and did not, was served instead.
  package enum Substitute {
    case testDefault
    case processWideInstance
    /// The placeholder of the box's type (`SpyPlaceholder`): no default and no process-wide
    /// instance existed, and the real one must not be created.
    case placeholder
  }

  /// Reports a read of a box the test had to provide and did not — a `.required` box it did not
  /// override, an empty box it neither set nor overrode — which was served `substitute`: once
  /// per box and scope, at the test.
  func reportUnprovidedRead(_ slot: _Slot, identity: _BoxIdentity, served substitute: Substitute) {
    guard slot.claimStrictReport() else { return }
    var message = "Test \(name) read \(identity.description)"
    message +=
      identity.requiresOverrideInTests
      ? ", which is declared overrideInTests: .required," : ", an empty box,"
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
        (Resettable.empty(testDefault:) or SharedTestDefaults).
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
      overrideInTests: .required, without overriding it, and the box has no test default. The \
      real instance must not be created in a test, and there is no other to serve, so the test \
      process stops. Override it for this test (override(with:) or the trait's setUp), or \
      declare what tests get: Resettable(overrideInTests: .required, testDefault: { … }) where \
      the box is declared, or a SharedTestDefault for the whole test target.\
      \(_RunningTest.suffix)
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
      message += ", which is declared overrideInTests: .required,"
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
    report(_Diagnostic(message: message, location: identity.location, reportsAtTest: true))
  }
}
