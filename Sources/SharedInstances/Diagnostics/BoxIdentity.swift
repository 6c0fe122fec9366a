/// What every message about a box needs: its type, where it is declared, and a process-unique
/// number that keys its state inside isolation scopes (never reused, unlike an object address).
@usableFromInline
package final class _BoxIdentity: @unchecked Sendable {
  // @unchecked: immutable but for `words`, which are only accessed atomically, and
  // `bootstrapLocation`, only accessed while `_Bootstraps.lock` is held; the metatype and
  // static strings are immutable.
  @usableFromInline package let id: UInt64
  package let sharedType: Any.Type
  package let location: _SourceLocation
  /// Per-box atomic words, so that what isolation tracks about a box takes no process-wide lock:
  /// see the offsets below.
  @usableFromInline package let words: UnsafeMutablePointer<Int>
  /// How many live isolation scopes hold state for this box.
  @_alwaysEmitIntoClient package static var scopeUsesWord: Int { 0 }
  /// How many live scopes have overridden the box, times two, plus one while an escaped read of
  /// it has been warned about (`_EscapedReads`).
  @_alwaysEmitIntoClient package static var overridersWord: Int { 1 }
  /// Reads that escaped a live scope's override of this box, ever (`_EscapedReads`).
  @_alwaysEmitIntoClient package static var escapedReadsWord: Int { 2 }
  /// Non-zero once an isolation scope has touched the box (`_UnscopedChanges`).
  @_alwaysEmitIntoClient package static var touchedWord: Int { 3 }
  /// Non-zero once a change made inside the box's own factory was reported outside every scope.
  private static var selfChangeReportedWord: Int { 4 }
  /// Non-zero while the box is in the record of process-wide instances made outside every
  /// isolated test (`_ProcessWideRecord`).
  static var processWideRecordedWord: Int { 5 }
  /// Where the program bootstrapped the box, outside isolated tests (`_Bootstraps`); guarded by
  /// `_Bootstraps.lock`.
  var bootstrapLocation: _SourceLocation?
  /// Whether isolated tests must override the box (`inTests: .required`).
  @usableFromInline package let requiresOverrideInTests: Bool
  /// The name the box is known by (`Resettable(name: "MetricsSystem.factory") { … }`, the
  /// library's own `SystemBoxes.date`); nil for boxes that messages name by their type.
  @usableFromInline package let name: String?
  /// How the box's value is meant to be changed, for the fix a failure suggests.
  @usableFromInline package let style: _BoxStyle
  /// Whether the box belongs to the tests' own machinery (the spy of a double's static
  /// requirements), not to the code under test: records of what a scope touched leave it out.
  package let isTestInfrastructure: Bool

  init(
    sharedType: Any.Type,
    location: _SourceLocation,
    requiresOverrideInTests: Bool = false,
    name: String? = nil,
    style: _BoxStyle = .factory,
    isTestInfrastructure: Bool = false
  ) {
    self.id = _Platform.nextIdentifier()
    self.style = style
    self.sharedType = sharedType
    self.location = location
    self.requiresOverrideInTests = requiresOverrideInTests
    self.name = name
    self.isTestInfrastructure = isTestInfrastructure
    self.words = .allocate(capacity: 6)
    words.initialize(repeating: 0, count: 6)
  }

  deinit { words.deallocate() }

  /// `Resettable<ArticleManager>`, or `BootstrapOnce<MetricsFactory>` for a bootstrap-once box:
  /// the box's type as it is spelled in code, without the module, and without the runtime's
  /// placeholders for local contexts.
  @usableFromInline package var typeDescription: String {
    Self.typeDescription(of: sharedType, style: style)
  }

  /// `Resettable<ArticleManager> (declared at App/ArticleManager.swift:12)`; for a named box,
  /// `SystemBoxes.date (Resettable<DateGenerator>, declared at …)`.
  package var description: String {
    Self.description(of: sharedType, name: name, location: location, style: style)
  }

  /// ``typeDescription`` of a box of `type` and `style`.
  static func typeDescription(of type: Any.Type, style: _BoxStyle) -> String {
    let box = style == .bootstrap ? "BootstrapOnce" : "Resettable"
    return "\(box)<\(_TypeName.withoutUnknownContexts("\(type)"))>"
  }

  /// ``description`` of a box of `type`, named `name`, declared at `location`: also for a box
  /// whose message has no identity at hand (`_MainActorFactory`), so that programs carry one
  /// copy of this text.
  static func description(
    of type: Any.Type,
    name: String?,
    location: _SourceLocation,
    style: _BoxStyle = .factory
  ) -> String {
    let type = typeDescription(of: type, style: style)
    guard let name else { return "\(type) (declared at \(location.fileID):\(location.line))" }
    return "\(name) (\(type), declared at \(location.fileID):\(location.line))"
  }

  /// True the first time only: a change inside the box's own factory, outside every scope, is
  /// reported once per box.
  func claimSelfChangeReport() -> Bool {
    _AtomicWord(words + Self.selfChangeReportedWord).compareExchange(0, 1)
  }

  @usableFromInline
  func emptyError(fileID: StaticString, line: UInt) -> EmptySharedInstanceError {
    EmptySharedInstanceError(
      boxDescription: description,
      sharedTypeName: "\(sharedType)",
      fileID: "\(fileID)",
      line: Int(line)
    )
  }

  @usableFromInline
  func reentrancyFailure() -> Never {
    _ProcessStop.stop(reentrancyMessage())
  }

  /// The message for a read of this box by its own factory (or `update` closure) on this
  /// thread, naming every box of the cycle with its declaration site.
  func reentrancyMessage() -> String {
    let cycle = _FactoryStack.cycle(closedBy: self)
    let summary = """
      \(description) was read again by its own \
      \(_FactoryStack.runner(isUpdate: cycle.isUpdate)) on the same thread
      """
    let fix = """
      The factory would wait for itself forever. Break the cycle: the factory of a shared \
      instance must not read that instance, directly or through other shared instances; let one \
      of them read the other when it is used, not when it is created.
      """
    guard cycle.count > 1 || cycle.isUpdate else { return "\(summary). \(fix)" }
    return """
      \(summary), through this cycle:
      \(cycle.lines)  \(description) again.
      \(fix)
      """
  }

  /// Reports a change of this box made inside its own factory or `update(_:)` closure, on the
  /// thread that runs it, which is refused: in `scope`'s test, or once per box outside scopes.
  package func reportChangeDuringCreation(
    _ operation: String,
    at location: _SourceLocation,
    in scope: AnyObject?
  ) {
    let runner = _FactoryStack.runner(isUpdate: _FactoryStack.isUpdateRunning(for: self))
    let message = """
      \(description) was changed with \(operation) inside its own \(runner), on the thread \
      that runs it: the change is ignored, and the box holds what the \(runner) returns. A \
      change there would make that result stale and run the \(runner) again, forever. Make the \
      change before the box is first read, or after the \(runner) returns.\(_RunningTest.suffix)
      """
    if let scope {
      _Isolation.hooks.report(_Diagnostic(message: message, location: location), in: scope)
    } else if claimSelfChangeReport() {
      _Diagnostics.report(_Diagnostic(message: message, location: location))
    }
  }

  @usableFromInline
  package func emptyFailure() -> Never {
    _ProcessStop.stop(
      """
      \(description) is empty: it has no factory and no instance was set. Call set(_:) (or \
      override(with:) in a test) before reading `value`, or read `currentValue` or `require()` \
      where the instance may be missing.
      """
    )
  }
}

/// How a box's value is meant to be changed: what a failure tells a test to call.
@frozen @usableFromInline
package enum _BoxStyle: Sendable {
  /// A box with a factory: tests override it (`override(with:)`).
  case factory
  /// An empty box (`Resettable.empty()`): the app and tests install its value with `set(_:)`.
  case empty
  /// A bootstrap-once box (`BootstrapOnce`): tests bootstrap their own.
  case bootstrap
}

/// A source location that both XCTest (`StaticString` file, `UInt` line) and Swift Testing
/// (`SourceLocation`) can be given.
@usableFromInline
package struct _SourceLocation: Sendable {
  package let fileID: StaticString
  package let filePath: StaticString
  package let line: UInt
  package let column: UInt

  @usableFromInline
  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// A problem found by the library that a test should fail for.
package struct _Diagnostic: Sendable {
  package let message: String
  package let location: _SourceLocation
  /// A read of a real instance: reported at the running test when one is known, since the
  /// read itself (a property access) has no source location.
  package let reportsAtTest: Bool

  package init(message: String, location: _SourceLocation, reportsAtTest: Bool = false) {
    self.message = message
    self.location = location
    self.reportsAtTest = reportsAtTest
  }
}

/// Where diagnostics go that no scope owns. `SharedInstancesTesting` installs a handler that
/// routes them into the running test framework; without it they are printed.
package enum _Diagnostics {
  package static let handler = Protected<(@Sendable (_Diagnostic) -> Void)?>(nil)

  package static func report(_ diagnostic: _Diagnostic) {
    if let handler = handler.load() {
      handler(diagnostic)
    } else {
      printToStandardError("SharedInstances: \(diagnostic.message)")
    }
  }
}
