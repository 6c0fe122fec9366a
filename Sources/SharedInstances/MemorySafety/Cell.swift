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
/// A slot publishes a cell as a *cell word*: the cell's address, with the low bit set when the
/// instance is a test double (an override). Readers learn whether a read was an override without
/// touching the cell; `_Slot.withInstance(in:as:_:)` lends the instance to a closure without
/// retaining it, and `_Slot.instance(in:as:)` copies it out.
@usableFromInline
final class _Cell<Shared>: _AnyCell {
  @usableFromInline let value: Shared

  @usableFromInline init(_ value: Shared) { self.value = value }

  override func copy() -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(_Cell(value)).toOpaque()
  }
}

/// A borrow of a slot's instance in progress: the hazard word that protects the cell, and the
/// cell word it protects. Ended with `_Slot.endBorrow(_:)`, on any thread.
@usableFromInline
struct _Borrow {
  @usableFromInline let word: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  @usableFromInline let cell: UnsafeMutableRawPointer
  /// Whether the protection retried (invariant 4 of `_MemorySafety`).
  @usableFromInline let retried: Bool

  @inlinable init(
    word: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
    cell: UnsafeMutableRawPointer,
    retried: Bool
  ) {
    self.word = word
    self.cell = cell
    self.retried = retried
  }

  /// Whether the borrowed instance is a test double.
  @inlinable var isOverride: Bool { _Slot.isOverride(cell) }
}
