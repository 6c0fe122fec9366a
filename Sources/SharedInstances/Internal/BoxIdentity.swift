import _SharedInstancesShims

/// What every message about a box needs: its type, where it is declared, and a process-unique
/// number that keys its state inside isolation scopes (never reused, unlike an object address).
@usableFromInline
package final class _BoxIdentity: @unchecked Sendable {
  // @unchecked: immutable but for `scopeUses`, which is only accessed atomically; the
  // metatype and static strings are immutable.
  @usableFromInline package let id: UInt64
  package let sharedType: Any.Type
  package let location: _SourceLocation
  /// How many live isolation scopes hold state for this box (atomic).
  let scopeUses: UnsafeMutablePointer<Int>
  /// Whether isolated tests must override the box (`overrideInTests: .required`).
  @usableFromInline package let requiresOverrideInTests: Bool

  init(sharedType: Any.Type, location: _SourceLocation, requiresOverrideInTests: Bool = false) {
    self.id = si_next_identifier()
    self.sharedType = sharedType
    self.location = location
    self.requiresOverrideInTests = requiresOverrideInTests
    self.scopeUses = .allocate(capacity: 1)
    scopeUses.initialize(to: 0)
  }

  deinit { scopeUses.deallocate() }

  /// `Resettable<ArticleManager>`: the type as it is spelled in code, without the module, and
  /// without the runtime's placeholders for local contexts.
  package var typeDescription: String {
    "Resettable<\(_TypeName.withoutUnknownContexts("\(sharedType)"))>"
  }

  /// `Resettable<ArticleManager> (declared at App/ArticleManager.swift:12)`.
  package var description: String {
    "\(typeDescription) (declared at \(location.fileID):\(location.line))"
  }

  var isUsedByLiveScopes: Bool { si_int_load_relaxed(scopeUses) > 0 }

  @usableFromInline
  func emptyError(fileID: StaticString, line: UInt) -> EmptySharedInstanceError {
    EmptySharedInstanceError(
      boxDescription: description,
      sharedTypeName: "\(sharedType)",
      fileID: "\(fileID)",
      line: Int(line)
    )
  }

  func reentrancyFailure() -> Never {
    fatalError(reentrancyMessage(cycle: _FactoryStack.cycle(closedBy: self)))
  }

  /// The message for a read of this box by its own factory (or `update` closure), naming every
  /// box of the cycle with its declaration site.
  func reentrancyMessage(cycle: [_FactoryStack.Frame]) -> String {
    let runner = cycle.first?.role == .update ? "update(_:) closure" : "factory"
    let summary = """
      SharedInstances: \(description) was read again by its own \(runner) on the same thread
      """
    let fix = """
      The factory would wait for itself forever. Break the cycle: the factory of a shared \
      instance must not read that instance, directly or through other shared instances; let one \
      of them read the other when it is used, not when it is created.\
      \(_RunningTest.suffix)
      """
    guard cycle.count > 1 || cycle.first?.role == .update else { return "\(summary). \(fix)" }
    let steps = cycle.map { frame in
      let runs = frame.role == .factory ? "factory" : "update(_:) closure"
      return "  \(frame.identity.description), whose \(runs) read"
    }
    return """
      \(summary), through this cycle:
      \(steps.joined(separator: "\n"))
        \(description) again.
      \(fix)
      """
  }

  @usableFromInline
  func emptyFailure() -> Never {
    fatalError(
      """
      SharedInstances: \(description) is empty: it has no factory and no instance was set. \
      Call set(_:) (or override(with:) in a test) before reading `value`, or read \
      `currentValue` or `require()` where the instance may be missing.\
      \(_RunningTest.suffix)
      """
    )
  }
}

/// A source location that both XCTest (`StaticString` file, `UInt` line) and Swift Testing
/// (`SourceLocation`) can be given.
package struct _SourceLocation: Sendable {
  package let fileID: StaticString
  package let filePath: StaticString
  package let line: UInt
  package let column: UInt

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
  package var reportsAtTest = false
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
