import SharedInstances

/// What a scope knows for dependency checks beyond its slots: boxes exempt from strict mode,
/// the test defaults of the test target the scope's test belongs to, and which boxes the scope
/// changed (override, set, reset).
///
/// Changes are rare, so they are kept under a lock; reads never touch this object except when
/// strict mode reports.
package final class _ScopeTracking: Sendable {
  /// Boxes strict mode (and `inTests: .required`) lets this scope read for real.
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
  package func inheriting(from parent: _ScopeTracking?) -> _ScopeTracking {
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

  /// The kind records count `change` as.
  package init(of change: _Change) { self.init(rawValue: change.kindBits) }
}
