import Testing

@testable import SharedInstances

/// A read copies the instance from the cell at `_cellValueOffset` (so that a debug build needs
/// no metadata of `_Cell<Shared>`): that offset is where `_Cell.value` is, for every kind of
/// type a box holds.
@Suite struct CellLayoutTests {
  @Test func aReadCopiesTheCellsValueForClassesAndExistentials() {
    let object = Probe()
    #expect(roundTrip(object) === object)
    #expect(roundTrip(object as AnyObject) === object)
    let existential: any Described = object
    #expect((roundTrip(existential) as? Probe) === object)
    #expect(roundTrip(Optional(object)) === object)
  }

  @Test func aReadCopiesTheCellsValueForValuesOfEveryAlignmentAndSize() {
    #expect(roundTrip(Int8(-7)) == -7)
    #expect(roundTrip(3.25) == 3.25)
    #expect(roundTrip("a string longer than fifteen bytes, so it is on the heap") != "")
    #expect(roundTrip(SIMD4<Float>(1, 2, 3, 4)) == SIMD4<Float>(1, 2, 3, 4))
    let pair = roundTrip((Int8(1), Int64(2)))
    #expect(pair.0 == 1 && pair.1 == 2)
    let large = Large(values: (1, 2, 3, 4, 5, 6, 7, 8))
    #expect(roundTrip(large).values.7 == 8)
    let boxed: any Described = large  // too large for an existential's inline buffer
    #expect((roundTrip(boxed) as? Large)?.values.0 == 1)
  }

  @Test func theOffsetIsTheOneTheStandardLibraryComputesForStoredProperties() {
    let cell = _Cell(Probe())
    let object = Unmanaged.passUnretained(cell).toOpaque()
    #expect(
      _getUnsafePointerToStoredProperties(cell) - UnsafeMutableRawPointer(object)
        == _cellValueOffset(Probe.self)
    )
  }

  /// Publishes `value` in a cell and reads it back the way `Resettable.value` does.
  private func roundTrip<T>(_ value: T) -> T {
    let word = _Slot.makeCell(value, kind: .real)
    defer { _Slot.release(word) }
    let read = _CellWord.instance(in: word, as: T.self)
    let stored = Unmanaged<_Cell<T>>.fromOpaque(word).takeUnretainedValue().value
    // The same bits as the field itself (references are retained by the copy, not changed).
    withUnsafeBytes(of: read) { readBytes in
      withUnsafeBytes(of: stored) { storedBytes in
        #expect(readBytes.elementsEqual(storedBytes))
      }
    }
    return read
  }
}

// MARK: - Fixtures

private protocol Described {}

private final class Probe: Described {}

private struct Large: Described {
  var values: (Int, Int, Int, Int, Int, Int, Int, Int)
}
