/// A change of a box, as its caller names it in reports, and the kind records count it as.
@usableFromInline
package struct _Change: Sendable {
  package let name: StaticString
  /// The kind of change records count it as: a `_ChangeKinds` of `_SharedInstancesIsolation`
  /// (1: override, 2: set, 4: reset).
  package let kindBits: UInt8
  /// Whether it puts the previous state back when it ends (`withOverride`).
  package var restores = false

  @usableFromInline static let override = _Change(name: "override(with:)", kindBits: 1)
  @usableFromInline static let withOverride = _Change(
    name: "withOverride(_:operation:)",
    kindBits: 1,
    restores: true
  )
  @usableFromInline static let set = _Change(name: "set(_:)", kindBits: 2)
  @usableFromInline static let setIfEmpty = _Change(name: "setIfEmpty(_:)", kindBits: 2)
  @usableFromInline static let update = _Change(name: "update(_:)", kindBits: 2)
  @usableFromInline static let reset = _Change(name: "reset()", kindBits: 4)
}
