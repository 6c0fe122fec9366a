import Foundation
import TestSupport
import Testing
import _SharedInstancesShims

@testable import SharedInstances

/// A replaced instance is released as soon as the reads that were running when it was replaced
/// have ended, without waiting for the box's next change.
@Suite(TimeLimits.waiting) struct ReclamationTests {
  @Test func anInstanceAReadWasCopyingWhenItWasReplacedIsReleasedWhenTheReadEnds() {
    let box = Resettable { Instance("real") }
    weak var first: Instance?
    first = box.value
    #expect(first != nil)

    // Another thread is in the middle of a `value` read: its transient hazard word protects
    // the current cell while it copies the instance out.
    let protecting = Latch()
    let endRead = Latch()
    let readEnded = Latch()
    Thread {
      box._global.holdTransientProtection(until: endRead, after: protecting)
      readEnded.open()
    }.start()
    #expect(protecting.wait())

    // The change does not wait for the read, and cannot release what the read still copies.
    box.override(with: Instance("fake"))
    #expect(first != nil)

    endRead.open()
    #expect(readEnded.wait())
    // No other change of the box happens: the read's end alone lets the instance go.
    #expect(first == nil, "the replaced instance outlived the read that protected it")
  }
}

extension _Slot {
  /// Protects the current cell in the calling thread's transient hazard word, as a `value` read
  /// does while it copies the instance out, until `release` opens.
  fileprivate func holdTransientProtection(until release: Latch, after protecting: Latch) {
    let record = si_hazard_current()
    var retried = false
    var copy = si_hazard_protect(current, record, isScoped, &retried)
    protecting.open()
    release.waitOrFail("the test to end the protected read")
    // Ends the read as `loadWithKind` does.
    if si_hazard_end_read(
      si_hazard_transient_word(record),
      &copy,
      words + _Slot.retiredWord,
      isScoped
    ) != 0, let copy {
      readEnded(of: copy, retried: retried)
    }
  }
}
