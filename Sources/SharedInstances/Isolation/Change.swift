/// A change of a box, as its caller names it in reports, and the kind records count it as.
///
/// The changes are computed, emitted in the caller's module, rather than stored: no global, no
/// initializer and no accessor of them in every program.
@usableFromInline
package struct _Change: Sendable {
  @usableFromInline package let name: StaticString
  /// The kind of change records count it as: a `_ChangeKinds` of `_SharedInstancesIsolation`
  /// (1: override, 2: set, 4: reset).
  @usableFromInline package let kindBits: UInt8
  /// Whether it puts the previous state back when it ends (`withOverride`).
  @usableFromInline package let restores: Bool

  @_alwaysEmitIntoClient
  init(name: StaticString, kindBits: UInt8, restores: Bool = false) {
    self.name = name
    self.kindBits = kindBits
    self.restores = restores
  }

  @_alwaysEmitIntoClient static var override: _Change {
    _Change(name: "override(with:)", kindBits: 1)
  }
  @_alwaysEmitIntoClient static var withOverride: _Change {
    _Change(name: "withOverride(_:operation:)", kindBits: 1, restores: true)
  }
  @_alwaysEmitIntoClient static var set: _Change { _Change(name: "set(_:)", kindBits: 2) }
  @_alwaysEmitIntoClient static var setIfEmpty: _Change {
    _Change(name: "setIfEmpty(_:)", kindBits: 2)
  }
  @_alwaysEmitIntoClient static var update: _Change { _Change(name: "update(_:)", kindBits: 2) }
  @_alwaysEmitIntoClient static var reset: _Change { _Change(name: "reset()", kindBits: 4) }
}
