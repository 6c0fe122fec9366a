/// What every cell is, whatever its instance's type: a copy of itself can be made without
/// knowing that type (a nested scope's slot publishes a copy of its parent's cell, never the
/// cell itself: invariant 7 of `_MemorySafety`).
@usableFromInline
class _AnyCell {
  @usableFromInline init() {}

  /// A new cell holding the same instance, retained once for the slot that will publish it.
  func copy() -> UnsafeMutableRawPointer { fatalError("_AnyCell.copy is abstract") }
}

/// One published instance of a slot. Immutable; owned by the slot that publishes it (+1).
///
/// A slot publishes a cell as a *cell word*: the cell's address, with its kind in the two low
/// bits (`_CellKind`). Readers learn whether a read was an override without
/// touching the cell; `_Slot.withInstance(in:as:_:)` lends the instance to a closure without
/// retaining it, and `_CellWord.instance(in:as:)` copies it out.
@usableFromInline
final class _Cell<Shared>: _AnyCell {
  @usableFromInline let value: Shared

  @usableFromInline init(_ value: Shared) { self.value = value }

  override func copy() -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(_Cell(value)).toOpaque()
  }
}

/// What a published instance is, for tests' records and strict mode: the two low bits of its
/// cell word (cells are aligned to 16 bytes; `SI_CELL_KIND_MASK`), as its raw value.
@frozen @usableFromInline
package enum _CellKind: UInt, Sendable {
  /// Created by the box's factory, or installed outside isolated tests.
  case real = 0
  /// A test double installed with `override(with:)` or `withOverride`.
  case double = 1
  /// A value a test provided with `set`, `setIfEmpty` or `update` in its scope.
  case provided = 2
  /// A test double a scope created from the box's test default.
  case testDefault = 3
}

/// Reading cell words. Transparent, so that even a debug build of the client inlines them: they
/// are on the path of every read.
@usableFromInline
package enum _CellWord {
  /// The kind of instance a cell word publishes.
  @_transparent @usableFromInline
  package static func kind(_ word: UnsafeRawPointer) -> _CellKind {
    // Every two-bit value is a kind.
    _CellKind(rawValue: UInt(bitPattern: word) & 3).unsafelyUnwrapped
  }

  /// Whether a cell word publishes a test double.
  @_transparent @usableFromInline
  static func isOverride(_ word: UnsafeRawPointer) -> Bool {
    UInt(bitPattern: word) & 3 == _CellKind.double.rawValue
  }

  /// The cell a cell word publishes.
  @_transparent @usableFromInline
  static func object(_ word: UnsafeRawPointer) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: word) & ~3).unsafelyUnwrapped
  }

  /// The instance of a cell that a hazard word protects, copied out. The caller ends the
  /// protection with `si_hazard_end_read`, passing the copy (invariant 3 of `_MemorySafety`).
  @_transparent @usableFromInline
  static func instance<Shared>(in word: UnsafeRawPointer, as _: Shared.Type) -> Shared {
    // The field's address, not `cell.value`: an unspecialized client (a debug build) then needs
    // no metadata of `_Cell<Shared>`, whose lookup cost more than the rest of the read.
    UnsafeRawPointer(object(word)).load(
      fromByteOffset: _cellValueOffset(Shared.self),
      as: Shared.self
    )
  }
}

/// Where `_Cell<Shared>.value` is in the object: right after the object header (two words, as
/// the standard library's `_getUnsafePointerToStoredProperties` counts it; `_AnyCell` adds no
/// fields), rounded up to the alignment of `Shared`. A free function, not a static member: an
/// unspecialized caller (a debug build) then needs no metadata of `_Cell<Shared>`. Checked
/// against `value` by `CellLayoutTests`.
@_transparent @usableFromInline
func _cellValueOffset<Shared>(_: Shared.Type) -> Int {
  let alignment = MemoryLayout<Shared>.alignment
  return (2 * MemoryLayout<UnsafeRawPointer>.size + alignment - 1) & ~(alignment - 1)
}

/// A borrow of a slot's instance in progress: the hazard word that protects the cell, and the
/// cell word it protects. Ended with `_Slot.endBorrow(_:)`, on the thread that began it.
@usableFromInline
package struct _Borrow {
  @usableFromInline let word: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  @usableFromInline let cell: UnsafeMutableRawPointer
  /// Whether the protection retried (invariant 4 of `_MemorySafety`).
  @usableFromInline let retried: Bool

  @_alwaysEmitIntoClient init(
    word: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
    cell: UnsafeMutableRawPointer,
    retried: Bool
  ) {
    self.word = word
    self.cell = cell
    self.retried = retried
  }

  /// What the borrowed instance is.
  @_alwaysEmitIntoClient package var kind: _CellKind { _CellWord.kind(cell) }
}
